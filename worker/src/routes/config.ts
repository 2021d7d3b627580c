import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** What the SPA needs to know about its deployment: where the party server is, and the Web Push (VAPID) public key. */
export const configRoutes = new Hono<AppEnv>().get('/', (c) =>
  c.json({ party_host: c.env.PARTY_HOST || null, environment: c.env.ENVIRONMENT ?? 'production', vapid_public_key: c.env.VAPID_PUBLIC_KEY || null }, 200),
);
