import { Hono, type TypedResponse } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth';
import { graphAnswer } from '../services/graph-cache';
import { galaxyStars, type GalaxyStar } from '../services/galaxy-stars';
import { graphLinks } from '../services/graph-links';

const JSON_TYPE = { 'content-type': 'application/json; charset=UTF-8' };

/**
 * The galaxy and the knowledge graph (spec document 3 §2.3, §2.4, §7): mounted at /api,
 * serving /api/concepts/all-for-graph (placed stars) and /api/links/all-for-graph (every
 * link between the person's concepts). Mounted before the concepts routes.
 */
export const graphRoutes = new Hono<AppEnv>()
  .use('/concepts/all-for-graph', requireUser)
  .use('/links/all-for-graph', requireUser)
  // Both answers are JSON, kept per person and patched after a change (services/graph-cache.ts);
  // the types say what they hold.
  .get('/concepts/all-for-graph', async (c) => {
    const json = await graphAnswer(c.get('db'), c.get('userId'), 'stars', galaxyStars(c.get('db'), c.get('userId')));
    return c.body(json, 200, JSON_TYPE) as unknown as TypedResponse<GalaxyStar[], 200, 'json'>;
  })
  .get('/links/all-for-graph', async (c) => {
    // SQLite writes the links' JSON (see db/queries/graph.ts).
    const json = await graphAnswer(c.get('db'), c.get('userId'), 'links', graphLinks(c.get('db'), c.get('userId')));
    return c.body(json, 200, JSON_TYPE) as unknown as TypedResponse<GraphLink[], 200, 'json'>;
  });

/** One link of the knowledge graph (spec document 3 §3). */
export interface GraphLink {
  concept_id: number;
  target_concept_id: number;
  link_type: string;
}
