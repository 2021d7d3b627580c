import { Hono } from 'hono';
import { ZodError } from 'zod';
import { isAcceptedPushEndpoint, PUSH_ENDPOINT_REFUSED, pushHostsOf } from '../domain/push-endpoints';
import { loopbackPushOrigin } from '../services/push';
import { savePushSubscription } from '../db/queries/preferences';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth';
import { validate } from '../lib/validate';
import { presentUser } from '../presenters/user';
import { deleteAccount } from '../services/delete-account';
import { registerUser } from '../services/register-user';
import { deleteAccountBody, fsrsFitBody, fsrsParamsBody, pushSubscriptionBody, registerBody } from './users.schema';
import { fsrsParamsOf, optimizerItemsOf, recordFit, retentionHelperInput, saveFsrsParams } from '../services/fsrs-params';

export const usersRoutes = new Hono<AppEnv>()
  .post('/', validate('json', registerBody), async (c) => {
    const body = c.req.valid('json');
    const user = await registerUser(c.get('db'), body, c.get('now'));
    return c.json({ id: user.id, username: user.username, email: user.email }, 201);
  })
  .get('/me', requireUser, async (c) => {
    return c.json(presentUser(await c.get('account')), 200);
  })
  .delete('/me', requireUser, validate('json', deleteAccountBody), async (c) => {
    const user = await c.get('account');
    await deleteAccount({ d1: c.get('db'), bucket: c.env.FILES, userId: user.id, passwordHash: user.passwordHash, password: c.req.valid('json').password });
    return c.body(null, 204);
  })
  // A Web Push subscription for this browser (the spec's name, a standard subscription as the body).
  .get('/me/fsrs-params', requireUser, async (c) => {
    return c.json(await fsrsParamsOf(c.get('db'), c.get('userId'), c.get('now')), 200);
  })
  // Automatic optimisation: a fit made by the page, saved only if built on the last fit and better.
  .post('/me/fsrs-params/fits', requireUser, validate('json', fsrsFitBody), async (c) => {
    const { based_on, params } = c.req.valid('json');
    const user = await c.get('account');
    return c.json(await recordFit(c.get('db'), c.get('userId'), { basedOn: based_on, params, timeZone: user.timeZone, now: c.get('now') }), 200);
  })
  .put('/me/fsrs-params', requireUser, validate('json', fsrsParamsBody), async (c) => {
    const { params } = c.req.valid('json');
    await saveFsrsParams(c.get('db'), c.get('userId'), params, c.get('now'));
    return c.json({ params }, 200);
  })
  .delete('/me/fsrs-params', requireUser, async (c) => {
    await saveFsrsParams(c.get('db'), c.get('userId'), null, c.get('now'));
    return c.body(null, 204);
  })
  // The retention helper's input: the page simulates each desired retention on it (domain/retention-sim.ts).
  .get('/me/retention-helper', requireUser, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await retentionHelperInput(c.get('db'), c.get('userId'), c.get('now')), 200);
  })
  .get('/me/review-history', requireUser, async (c) => {
    const user = await c.get('account');
    c.header('cache-control', 'no-store');
    return c.json(await optimizerItemsOf(c.get('db'), c.get('userId'), user.timeZone, c.get('now')), 200);
  })
  .post('/me/fcm-token', requireUser, validate('json', pushSubscriptionBody), async (c) => {
    const { endpoint, keys, time_zone } = c.req.valid('json');
    if (!isAcceptedPushEndpoint(endpoint, { extraHosts: pushHostsOf(c.env.PUSH_SERVICE_HOSTS), deliveredToLoopback: loopbackPushOrigin(c.env) !== null })) {
      throw new ZodError([{ code: 'custom', path: ['endpoint'], message: PUSH_ENDPOINT_REFUSED }]);
    }
    await savePushSubscription(c.get('db'), c.get('userId'), { endpoint, ...keys }, time_zone ?? null, c.get('now'));
    return c.json({ message: 'Subscription saved' }, 201);
  });
