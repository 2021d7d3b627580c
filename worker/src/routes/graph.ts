import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth';
import { graphLinks } from '../db/queries/graph';
import { galaxyStars } from '../services/galaxy-stars';

/**
 * The galaxy and the knowledge graph (spec document 3 §2.3, §2.4, §7): mounted at /api,
 * serving /api/concepts/all-for-graph (placed stars) and /api/links/all-for-graph (every
 * link between the person's concepts). Mounted before the concepts routes.
 */
export const graphRoutes = new Hono<AppEnv>()
  .use('/concepts/all-for-graph', requireUser)
  .use('/links/all-for-graph', requireUser)
  .get('/concepts/all-for-graph', async (c) => c.json(await galaxyStars({ d1: c.env.DB, userId: c.get('userId') }), 200))
  .get('/links/all-for-graph', async (c) => {
    const rows = await graphLinks(c.env.DB, c.get('userId'));
    return c.json(rows.map(([concept_id, target_concept_id, link_type]) => ({ concept_id, target_concept_id, link_type })), 200);
  });
