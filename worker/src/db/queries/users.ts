import { eq } from 'drizzle-orm';
import { getDb } from '../client';
import { users } from '../schema';

export type UserRow = typeof users.$inferSelect;

/** The user a token names, by primary key, or undefined when the account is gone. */
export function findUserById(d1: D1Database, id: number): Promise<UserRow | undefined> {
  return getDb(d1).select().from(users).where(eq(users.id, id)).get();
}

/** Remembers the person's IANA time zone (reminders and daily notes need it outside a request). */
export function saveUserTimeZone(d1: D1Database, id: number, zone: string): Promise<unknown> {
  return getDb(d1).update(users).set({ timeZone: zone }).where(eq(users.id, id)).run();
}

/** The account a login names, by username key or email (both already lower-cased). */
export function findLoginUser(d1: D1Database, identifier: string) {
  return d1
    .prepare('SELECT id, username, password_hash FROM users WHERE username_key = ?1 OR email = ?1')
    .bind(identifier)
    .first<{ id: number; username: string; password_hash: string }>();
}
