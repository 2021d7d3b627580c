import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth';
import { validate } from '../lib/validate';
import { TAG_NAME_MAX_LENGTH } from '../domain/tags';
import { presentTag } from '../presenters/tag';
import { allConcepts } from '../services/concept-list';
import { tagsInUse } from '../db/queries/tags';

const tagParam = z.object({ tag: z.string().min(1).max(TAG_NAME_MAX_LENGTH * 3) });

export const tagsRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', async (c) => {
    // Only tags that at least one concept carries; a tag left unused simply disappears from the list.
    const rows = await tagsInUse(c.get('db'), c.get('userId'));
    return c.json(rows.map(presentTag), 200);
  })
  .get('/:tag/concepts', validate('param', tagParam), async (c) => {
    // Hono hands the path parameter over URL-decoded; matching is case-insensitive.
    const concepts = await allConcepts(c.get('db'), c.get('userId'), { tagName: c.req.valid('param').tag }, 'updated_at', 'desc');
    return c.json(concepts, 200);
  });
