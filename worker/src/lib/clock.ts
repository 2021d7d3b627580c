import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { studyClock } from '../services/study-clock';

/**
 * Puts the request's clock on the context (`now`, ms since the epoch, and whether interval
 * fuzz applies), so every route reads one time: `c.get('now')`. In tests the clock may be
 * injected per request (see services/study-clock.ts); elsewhere it is the real time.
 */
export const requestClock = createMiddleware<AppEnv>(async (c, next) => {
  const { now, fuzz } = studyClock(c.env.ENVIRONMENT, (name) => c.req.header(name));
  c.set('now', now);
  c.set('fuzz', fuzz);
  await next();
});
