import { Hono, type TypedResponse } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth';
import { graphLinksJson } from '../db/queries/graph';
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
    // SQLite writes the JSON (see db/queries/graph.ts); the type says what it holds.
    const json = await graphLinksJson(c.env.DB, c.get('userId'));
    return c.body(json, 200, { 'content-type': 'application/json; charset=UTF-8' }) as unknown as TypedResponse<GraphLink[], 200, 'json'>;
  });

/** One link of the knowledge graph (spec document 3 §3). */
export interface GraphLink {
  concept_id: number;
  target_concept_id: number;
  link_type: string;
}
