/**
 * Brute-force protection for login, kept in D1 so that it holds across Worker isolates.
 * Attempts are counted per account (`account:<id>`, or `user:<identifier>` for a name no
 * account has, so an email and a username share one lock) and per client address
 * (`ip:<address>`) in a fixed window. Each attempt is counted BEFORE the password is
 * verified, in one conditional upsert that returns the new count: counting and the lock
 * decision are one atomic step, so a parallel burst gets at most the limit judged.
 * A successful login clears the account's counter and gives the address its attempt back.
 */
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;

export interface ThrottleKeys {
  account: string;
  address: string;
}

export function throttleKeys(account: { id: number } | null, identifier: string, address: string): ThrottleKeys {
  return { account: account ? `account:${account.id}` : `user:${identifier.trim().toLowerCase()}`, address: `ip:${address}` };
}

function attemptStatement(d1: D1Database, key: string, limit: number, now: number, windowMs: number) {
  // A window restarts only once it has passed and no lock holds; the lock is set by the
  // attempt that reaches the limit and kept until it ends.
  const fresh = '(window_started_at <= ?2 - ?3 AND COALESCE(locked_until, 0) <= ?2)';
  return d1
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
    .bind(key, now, windowMs, limit);
}

/**
 * Counts one attempt on both keys. Returns 0 when this attempt may be judged, else the
 * milliseconds until the lock that refuses it ends.
 */
export async function claimAttempt(d1: D1Database, keys: ThrottleKeys, now: number, windowMs: number): Promise<number> {
  const [account, address] = await d1.batch<{ failures: number; locked_until: number | null }>([
    attemptStatement(d1, keys.account, ACCOUNT_FAILURE_LIMIT, now, windowMs),
    attemptStatement(d1, keys.address, ADDRESS_FAILURE_LIMIT, now, windowMs),
  ]);
  const waits = [
    [account!.results[0]!, ACCOUNT_FAILURE_LIMIT],
    [address!.results[0]!, ADDRESS_FAILURE_LIMIT],
  ] as const;
  return waits.reduce((most, [row, limit]) => (row.failures > limit ? Math.max(most, (row.locked_until ?? now) - now, 1) : most), 0);
}

export async function recordSuccess(d1: D1Database, keys: ThrottleKeys): Promise<void> {
  await d1.batch([
    d1.prepare('DELETE FROM login_attempts WHERE key = ?').bind(keys.account),
    d1.prepare('UPDATE login_attempts SET failures = failures - 1 WHERE key = ? AND failures > 0').bind(keys.address),
  ]);
}

/**
 * A judged wrong password: a lock its attempt set runs a full window from now, since the
 * password check between claiming and judging can take a while under load.
 */
export async function recordFailure(d1: D1Database, keys: ThrottleKeys, judgedAt: number, windowMs: number): Promise<void> {
  await d1
    .prepare('UPDATE login_attempts SET locked_until = ?3 WHERE key IN (?1, ?2) AND locked_until IS NOT NULL AND locked_until < ?3')
    .bind(keys.account, keys.address, judgedAt + windowMs)
    .run();
}
