import { createMiddleware } from 'hono/factory';
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from './errors';
import { INTERNAL_SECRET_HEADER, sameSecret } from '../domain/room-protocol';
import { verifyAccessToken } from '../domain/tokens';
import { isValidTimeZone } from '../domain/study-day';
import { findUserById, findUserStatement, saveUserTimeZone, type UserRow } from '../db/queries/users';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const unauthenticated = () => new ApiError(401, 'not_authenticated', 'Not authenticated');

/** The page sends its time zone with every call; the stored one follows when it changes. */
function followTimeZone(c: Context<AppEnv>, user: UserRow): Promise<unknown> | undefined {
  const zone = c.req.header('x-time-zone');
  if (zone && zone !== user.timeZone && isValidTimeZone(zone)) return saveUserTimeZone(c.get('db'), user.id, zone);
}

/** The account a valid token names, read once per request; refused (401) when it is gone. */
async function checkAccount(c: Context<AppEnv>, userId: number): Promise<UserRow> {
  const user = await findUserById(c.get('db'), userId);
  if (!user) throw unauthenticated();
  await followTimeZone(c, user);
  return user;
}

/**
 * Reads the bearer token, verifies it, and puts the user id on the context; 401 otherwise,
 * including for a validly signed token whose account has since been deleted.
 *
 * The account check is one D1 round trip. A write waits for it before its handler starts,
 * so nothing is ever written for an account that is gone. A read (GET/HEAD) runs its handler
 * while the check is in flight — the two round trips overlap — and its answer leaves only
 * once the check has passed: a failed check replaces whatever the handler answered with
 * the 401, so a deleted account's token reads nothing and learns nothing (not even a 404).
 * A write marked by `handlerReadsAccount` makes no round trip for the check: see
 * `checkInFirstRead`. `c.get('account')` gives the row to routes that present it.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  const userId = match ? await verifyAccessToken(c.env.JWT_SECRET, match[1]!.trim(), Date.now()) : null;
  if (!userId) throw unauthenticated();
  c.set('userId', userId);
  if (c.get('handlerReadsAccount')) return checkInFirstRead(c, userId, next);
  const account = checkAccount(c, userId);
  c.set('account', account);
  if (!SAFE_METHODS.has(c.req.method)) {
    await account;
    return next();
  }
  account.catch(() => undefined); // awaited below; never an unhandled rejection meanwhile
  await next();
  await account;
});

/**
 * The account check of a write marked by `handlerReadsAccount`, read in the handler's first
 * read batch instead of a round trip of its own: the handler gives `c.get('accountGuard')` to
 * that `readBatch`, which reads the account first and throws the 401 before the handler sees
 * any other row when it is gone — so nothing is written and nothing is learnt (not even a
 * 404). A handler that ended without that read (a body refused before it) is checked after
 * it, and a gone account's 401 replaces whatever it answered. `c.get('account')` settles with
 * that first read batch: such a handler never awaits it before.
 */
async function checkInFirstRead(c: Context<AppEnv>, userId: number, next: () => Promise<void>) {
  let read: UserRow | null | undefined; // null: the guard found no account
  let settle!: (user: UserRow) => void;
  c.set('account', new Promise<UserRow>((resolve) => (settle = resolve)));
  c.set('accountGuard', {
    statement: findUserStatement(c.get('db'), userId),
    pass(rows) {
      read = rows[0] ?? null;
      if (!read) throw unauthenticated();
      settle(read);
    },
  });
  await next();
  if (read === null) throw unauthenticated();
  if (read === undefined) await checkAccount(c, userId);
  else await followTimeZone(c, read);
}

/**
 * Marks the `method` requests of a path whose handler gives `c.get('accountGuard')` to its first
 * `readBatch`, before anything it writes (see `checkInFirstRead`); registered before `requireUser`.
 */
export const handlerReadsAccount = (method: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method === method) c.set('handlerReadsAccount', true);
    await next();
  });

/** Guards `/internal/*`: only the party server, which knows INTERNAL_SECRET, may call it. */
export const requireInternal = createMiddleware<AppEnv>(async (c, next) => {
  if (!sameSecret(c.req.header(INTERNAL_SECRET_HEADER) ?? '', c.env.INTERNAL_SECRET ?? '')) throw new ApiError(403, 'forbidden', 'Forbidden');
  await next();
});
