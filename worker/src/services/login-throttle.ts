/**
 * Brute-force protection for login, kept in D1 so that it holds across Worker isolates.
 * Failures are counted per account (`user:<identifier>`) and per client address
 * (`ip:<address>`) in a fixed window; at the limit the key is locked until the window
 * ends. A successful login clears the account's counter.
 */
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;

export interface ThrottleKeys {
  account: string;
  address: string;
}

export function throttleKeys(identifier: string, address: string): ThrottleKeys {
  return { account: `user:${identifier.trim().toLowerCase()}`, address: `ip:${address}` };
}

/** Milliseconds until the first locked key unlocks, or 0 when login may be tried. */
export async function lockedFor(d1: D1Database, keys: ThrottleKeys, now: number): Promise<number> {
  const { results } = await d1
    .prepare('SELECT locked_until FROM login_attempts WHERE key IN (?, ?) AND locked_until > ?')
    .bind(keys.account, keys.address, now)
    .all<{ locked_until: number }>();
  return results.reduce((most, row) => Math.max(most, row.locked_until - now), 0);
}

function failureStatement(d1: D1Database, key: string, limit: number, now: number, windowMs: number) {
  // One atomic upsert: restart the window when it has passed, else count, and lock at the limit.
  return d1
    .prepare(
      `INSERT INTO login_attempts (key, failures, window_started_at, locked_until) VALUES (?1, 1, ?2, NULL)
       ON CONFLICT(key) DO UPDATE SET
         failures = CASE WHEN window_started_at <= ?2 - ?3 THEN 1 ELSE failures + 1 END,
         window_started_at = CASE WHEN window_started_at <= ?2 - ?3 THEN ?2 ELSE window_started_at END,
         locked_until = CASE
           WHEN (CASE WHEN window_started_at <= ?2 - ?3 THEN 1 ELSE failures + 1 END) >= ?4 THEN ?2 + ?3
           ELSE NULL END`,
    )
    .bind(key, now, windowMs, limit);
}

export async function recordFailure(d1: D1Database, keys: ThrottleKeys, now: number, windowMs: number): Promise<void> {
  await d1.batch([
    failureStatement(d1, keys.account, ACCOUNT_FAILURE_LIMIT, now, windowMs),
    failureStatement(d1, keys.address, ADDRESS_FAILURE_LIMIT, now, windowMs),
  ]);
}

export async function recordSuccess(d1: D1Database, keys: ThrottleKeys): Promise<void> {
  await d1.prepare('DELETE FROM login_attempts WHERE key = ?').bind(keys.account).run();
}
