import { Hono } from 'hono';
import type { AppEnv } from '../env';

/** Routes of this area arrive with their issue. */
export const studySessionsRoutes = new Hono<AppEnv>();
