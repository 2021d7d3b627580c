import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth';
import { validate } from '../lib/validate';
import { presentUser } from '../presenters/user';
import { registerUser } from '../services/register-user';
import { registerBody } from './users.schema';

export const usersRoutes = new Hono<AppEnv>()
  .post('/', validate('json', registerBody), async (c) => {
    const body = c.req.valid('json');
    const user = await registerUser(c.env.DB, body, Date.now());
    return c.json({ id: user.id, username: user.username, email: user.email }, 201);
  })
  .get('/me', requireUser, async (c) => {
    return c.json(presentUser(c.get('user')), 200);
  });

