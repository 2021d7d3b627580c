/**
 * The one door to D1. Every request, cron run and service reaches the database through
 * `database(env)` — routes through `c.get('db')`, set once per request by
 * `requestDatabase` — so that placing people's data on several databases later, or
 * reading through a D1 session near the reader, is a change in this file (the path is
 * written in worker/CONTEXT.md › Scaling).
 */
import { createMiddleware } from 'hono/factory';
import type { AppEnv, Env } from '../env';

/** The database that serves this request or cron run. Today one D1 database holds everyone. */
export function database(env: Pick<Env, 'DB'>): D1Database {
  return env.DB;
}

/** Puts the request's database on the context: `c.get('db')`. */
export const requestDatabase = createMiddleware<AppEnv>(async (c, next) => {
  c.set('db', database(c.env));
  await next();
});
