import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { ApiError } from '../lib/errors';
import { DUMMY_HASH, verifyPassword } from '../lib/password';
import { issueAccessToken } from '../domain/tokens';
import { validate } from '../lib/validate';
import { claimAttempt, recordFailure, recordSuccess, throttleKeys } from '../services/login-throttle';
import { loginForm } from './users.schema';
import { findLoginUser } from '../db/queries/users';

const BAD_CREDENTIALS = "Nom d'utilisateur ou mot de passe incorrect.";

export const authRoutes = new Hono<AppEnv>().post('/login', validate('form', loginForm), async (c) => {
  const { username, password } = c.req.valid('form');
  const now = c.get('now');
  const windowMs = Number(c.env.LOGIN_WINDOW_SECONDS ?? 900) * 1000;
  const identifier = username.trim().toLowerCase();
  const user = await findLoginUser(c.get('db'), identifier);
  // The lock belongs to the account, whichever identifier (username or email) names it.
  const keys = throttleKeys(user, identifier, c.req.header('cf-connecting-ip') ?? 'local');

  const waitMs = await claimAttempt(c.get('db'), keys, now, windowMs);
  if (waitMs > 0) {
    const minutes = Math.max(1, Math.ceil(waitMs / 60000));
    c.header('Retry-After', String(Math.ceil(waitMs / 1000)));
    throw new ApiError(429, 'too_many_attempts', `Trop de tentatives de connexion. Réessayez dans ${minutes} minute(s).`);
  }
  // Verify against a dummy hash for unknown accounts so the answer takes the same time.
  const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
  if (!user || !ok) {
    await recordFailure(c.get('db'), keys, now, windowMs);
    throw new ApiError(401, 'bad_credentials', BAD_CREDENTIALS);
  }
  await recordSuccess(c.get('db'), keys);
  const accessToken = await issueAccessToken(c.env.JWT_SECRET, user, now);
  return c.json({ access_token: accessToken, token_type: 'bearer' }, 200);
});
