/**
 * Preferences (spec document 3 §7), at /api/users/me/preferences: the defaults until the
 * person saves; PUT changes the fields sent; reset goes back to the defaults.
 */
import { Hono } from 'hono';
import { DEFAULT_PREFERENCES } from '../domain/preferences';
import { clearPreferences, readPreferences, updatePreferences } from '../db/queries/preferences';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth';
import { validate } from '../lib/validate';
import { preferencesBody } from './preferences.schema';

export const preferencesRoutes = new Hono<AppEnv>()
  .get('/', requireUser, async (c) => {
    return c.json(await readPreferences(c.get('db'), c.get('userId')), 200);
  })
  .put('/', requireUser, validate('json', preferencesBody), async (c) => {
    return c.json(await updatePreferences(c.get('db'), c.get('userId'), c.req.valid('json'), c.get('now')), 200);
  })
  .post('/reset', requireUser, async (c) => {
    await clearPreferences(c.get('db'), c.get('userId'));
    return c.json({ ...DEFAULT_PREFERENCES }, 200);
  });
