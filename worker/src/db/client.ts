import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';

export type Db = ReturnType<typeof build>;

const build = (d1: D1Database) => drizzle(d1, { schema });

/**
 * Drizzle over a D1 binding, made once per binding: drizzle() walks the whole schema for
 * its relations each time it is called (~0.3 ms of every request's CPU in workerd), and
 * the instance keeps nothing of a request.
 */
const instances = new WeakMap<D1Database, Db>();

export function getDb(d1: D1Database): Db {
  let db = instances.get(d1);
  if (!db) {
    db = build(d1);
    instances.set(d1, db);
  }
  return db;
}
