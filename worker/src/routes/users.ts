import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { AppEnv } from '../env';
import { getDb } from '../db/client';
import { users } from '../db/schema';
import { requireUser } from '../lib/auth';
import { notFound } from '../lib/errors';
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
    const user = await getDb(c.env.DB).select().from(users).where(eq(users.id, c.get('userId'))).get();
    if (!user) throw notFound('User');
    return c.json(presentUser(user), 200);
  });

