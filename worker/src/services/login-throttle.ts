/**
 * Brute-force protection for login, kept in D1 so that it holds across Worker isolates.
 * Attempts are counted per account (`account:<id>`, or `user:<identifier>` for a name no
 * account has, so an email and a username share one lock) and per client address
 * (`ip:<address>`) in a fixed window. Each attempt is counted BEFORE the password is
 * verified, in one conditional upsert that returns the new count: counting and the lock
 * decision are one atomic step, so a parallel burst gets at most the limit judged.
 * A successful login clears the account's counter and gives the address its attempt back.
 */
import { clearAttempts, countAttempt, extendLocks, giveAttemptBack } from '../db/queries/login-attempts';
import { readBatch } from '../db/rows';

export const ACCOUNT_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 20;

export interface ThrottleKeys {
  account: string;
  address: string;
}

export function throttleKeys(account: { id: number } | null, identifier: string, address: string): ThrottleKeys {
  return { account: account ? `account:${account.id}` : `user:${identifier.trim().toLowerCase()}`, address: `ip:${address}` };
}

/**
 * Counts one attempt on both keys. Returns 0 when this attempt may be judged, else the
 * milliseconds until the lock that refuses it ends.
 */
export async function claimAttempt(d1: D1Database, keys: ThrottleKeys, now: number, windowMs: number): Promise<number> {
  const [[account], [address]] = await readBatch(d1, [
    countAttempt(d1, keys.account, ACCOUNT_FAILURE_LIMIT, now, windowMs),
    countAttempt(d1, keys.address, ADDRESS_FAILURE_LIMIT, now, windowMs),
  ]);
  const waits = [
    [account!, ACCOUNT_FAILURE_LIMIT],
    [address!, ADDRESS_FAILURE_LIMIT],
  ] as const;
  return waits.reduce((most, [row, limit]) => (row.failures > limit ? Math.max(most, (row.locked_until ?? now) - now, 1) : most), 0);
}

export async function recordSuccess(d1: D1Database, keys: ThrottleKeys): Promise<void> {
  await d1.batch([clearAttempts(d1, keys.account), giveAttemptBack(d1, keys.address)]);
}

/**
 * A judged wrong password: a lock its attempt set runs a full window from now, since the
 * password check between claiming and judging can take a while under load.
 */
export async function recordFailure(d1: D1Database, keys: ThrottleKeys, judgedAt: number, windowMs: number): Promise<void> {
  await extendLocks(d1, [keys.account, keys.address], judgedAt + windowMs).run();
}
