import { eq, getTableColumns } from 'drizzle-orm';
import { getDb } from '../client';
import { firstRow, query, type Query, type SqlColumns } from '../rows';
import { users } from '../schema';

export type UserRow = typeof users.$inferSelect;

/**
 * Every column of `users` under its schema (camelCase) name, as drizzle's select() hands
 * them back: the account check reads the row on every signed-in request, and building
 * that select through drizzle cost more CPU in workerd than the rest of the check.
 */
const USER_COLUMNS = Object.entries(getTableColumns(users))
  .map(([key, column]) => `"${column.name}" AS "${key}"`)
  .join(', ');

/** The user a token names, by primary key, or undefined when the account is gone. */
export async function findUserById(d1: D1Database, id: number): Promise<UserRow | undefined> {
  return (await firstRow(findUserStatement(d1, id))) ?? undefined;
}

/** The user a token names, as a statement for a batch (no row when the account is gone). */
export function findUserStatement(d1: D1Database, id: number): Query<UserRow> {
  return query<UserRow>(d1.prepare(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`).bind(id));
}

/** Remembers the person's IANA time zone (reminders and daily notes need it outside a request). */
export function saveUserTimeZone(d1: D1Database, id: number, zone: string): Promise<unknown> {
  return getDb(d1).update(users).set({ timeZone: zone }).where(eq(users.id, id)).run();
}

/** The account a login names, by username key or email (both already lower-cased). */
export function findLoginUser(d1: D1Database, identifier: string) {
  return firstRow(
    query<SqlColumns<typeof users, 'id' | 'username' | 'password_hash'>>(
      d1.prepare('SELECT id, username, password_hash FROM users WHERE username_key = ?1 OR email = ?1').bind(identifier),
    ),
  );
}

/** The accounts (at most two) that already hold this username key or this email. */
export const accountsNamed = (d1: D1Database, usernameKey: string, email: string) =>
  query<SqlColumns<typeof users, 'username_key' | 'email'>>(d1.prepare('SELECT username_key, email FROM users WHERE username_key = ? OR email = ? LIMIT 2').bind(usernameKey, email));

/** Creates an account; the unique indexes refuse a taken username key or email. */
export const insertUser = (d1: D1Database, account: Pick<UserRow, 'username' | 'usernameKey' | 'email' | 'passwordHash'>, now: number) =>
  query<SqlColumns<typeof users, 'id' | 'username' | 'email'>>(
    d1
      .prepare(
        `INSERT INTO users (username, username_key, email, password_hash, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?) RETURNING id, username, email`,
      )
      .bind(account.username, account.usernameKey, account.email, account.passwordHash, now, now),
  );

/** Deletes the account row; its foreign keys cascade to whatever remains. */
export function deleteUser(d1: D1Database, userId: number) {
  return getDb(d1).delete(users).where(eq(users.id, userId)).run();
}
