import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../env';
import { ApiError } from './errors';
import { INTERNAL_SECRET_HEADER, sameSecret } from '../domain/room-protocol';
import { verifyAccessToken } from '../domain/tokens';
import { findUserById, saveUserTimeZone } from '../db/queries/users';
import { isValidTimeZone } from '../domain/study-day';

/**
 * Reads the bearer token, verifies it, and puts the user on the context; 401 otherwise,
 * including for a validly signed token whose account has since been deleted. The one
 * primary-key read is reused by routes that present the user, so `/users/me` stays one read.
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  const userId = match ? await verifyAccessToken(c.env.JWT_SECRET, match[1]!.trim(), Date.now()) : null;
  const user = userId ? await findUserById(c.env.DB, userId) : undefined;
  if (!user) throw new ApiError(401, 'not_authenticated', 'Not authenticated');
  c.set('userId', user.id);
  c.set('user', user);
  // The page sends its time zone with every call; the stored one follows when it changes.
  const zone = c.req.header('x-time-zone');
  if (zone && zone !== user.timeZone && isValidTimeZone(zone)) await saveUserTimeZone(c.env.DB, user.id, zone);
  await next();
});

/** Guards `/internal/*`: only the party server, which knows INTERNAL_SECRET, may call it. */
export const requireInternal = createMiddleware<AppEnv>(async (c, next) => {
  if (!sameSecret(c.req.header(INTERNAL_SECRET_HEADER) ?? '', c.env.INTERNAL_SECRET ?? '')) throw new ApiError(403, 'forbidden', 'Forbidden');
  await next();
});
