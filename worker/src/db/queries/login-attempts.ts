/**
 * SQL of the failed-login counters (one row per key, `account:<id>`, `user:<name>` or
 * `ip:<address>`), used by services/login-throttle.ts.
 */
import { query, type SqlColumns } from '../rows';
import type { loginAttempts } from '../schema';

/**
 * Counts one attempt on `key` and reads back the new count and lock, in one conditional
 * upsert. A window restarts only once it has passed and no lock holds; the lock is set by
 * the attempt that reaches `limit` and kept until it ends.
 */
export function countAttempt(d1: D1Database, key: string, limit: number, now: number, windowMs: number) {
  const fresh = '(window_started_at <= ?2 - ?3 AND COALESCE(locked_until, 0) <= ?2)';
  return query<SqlColumns<typeof loginAttempts, 'failures' | 'locked_until'>>(
    d1
      .prepare(
        `INSERT INTO login_attempts (key, failures, window_started_at, locked_until)
         VALUES (?1, 1, ?2, CASE WHEN 1 >= ?4 THEN ?2 + ?3 END)
         ON CONFLICT(key) DO UPDATE SET
           failures = CASE WHEN ${fresh} THEN 1 ELSE failures + 1 END,
           window_started_at = CASE WHEN ${fresh} THEN ?2 ELSE window_started_at END,
           locked_until = CASE
             WHEN locked_until > ?2 THEN locked_until
             WHEN (CASE WHEN ${fresh} THEN 1 ELSE failures + 1 END) >= ?4 THEN ?2 + ?3
             ELSE NULL END
         RETURNING failures, locked_until`,
      )
      .bind(key, now, windowMs, limit),
  );
}

export const clearAttempts = (d1: D1Database, key: string) => d1.prepare('DELETE FROM login_attempts WHERE key = ?').bind(key);

/** Takes back one counted attempt. */
export const giveAttemptBack = (d1: D1Database, key: string) => d1.prepare('UPDATE login_attempts SET failures = failures - 1 WHERE key = ? AND failures > 0').bind(key);

/** Makes a lock set on any of `keys` last at least until `until`. */
export const extendLocks = (d1: D1Database, keys: [string, string], until: number) =>
  d1.prepare('UPDATE login_attempts SET locked_until = ?3 WHERE key IN (?1, ?2) AND locked_until IS NOT NULL AND locked_until < ?3').bind(keys[0], keys[1], until);
