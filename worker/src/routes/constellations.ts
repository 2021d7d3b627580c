import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth';
import { validate } from '../lib/validate';
import { allConcepts, listConcepts } from '../services/concept-list';
import {
  addConcepts,
  createConstellation,
  deleteConstellation,
  listConstellations,
  loadConstellation,
  removeConcepts,
  requireOwnConstellation,
  updateConstellation,
} from '../services/constellations';
import { idParam } from './concepts.schema';
import { constellationBody } from '../domain/write-payloads';
import { constellationPageQuery, membershipBody } from './constellations.schema';

export const constellationsRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', async (c) => c.json(await listConstellations(c.get('db'), c.get('userId')), 200))
  .post('/', validate('json', constellationBody), async (c) => {
    const id = await createConstellation(c.get('db'), c.get('userId'), c.req.valid('json'), c.get('now'));
    return c.json(await loadConstellation(c.get('db'), c.get('userId'), id), 201);
  })
  .get('/:id{[0-9]+}', validate('param', idParam), async (c) => {
    return c.json(await loadConstellation(c.get('db'), c.get('userId'), c.req.valid('param').id), 200);
  })
  .put('/:id{[0-9]+}', validate('param', idParam), validate('json', constellationBody), async (c) => {
    const { id } = c.req.valid('param');
    await updateConstellation(c.get('db'), c.get('userId'), id, c.req.valid('json'), c.get('now'));
    return c.json(await loadConstellation(c.get('db'), c.get('userId'), id), 200);
  })
  .delete('/:id{[0-9]+}', validate('param', idParam), async (c) => {
    await deleteConstellation(c.get('db'), c.get('userId'), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .post('/:id{[0-9]+}/concepts', validate('param', idParam), validate('json', membershipBody), async (c) => {
    const { id } = c.req.valid('param');
    await addConcepts(c.get('db'), c.get('userId'), id, c.req.valid('json').concept_ids, c.get('now'));
    return c.json(await loadConstellation(c.get('db'), c.get('userId'), id), 200);
  })
  .delete('/:id{[0-9]+}/concepts', validate('param', idParam), validate('json', membershipBody), async (c) => {
    const { id } = c.req.valid('param');
    await removeConcepts(c.get('db'), c.get('userId'), id, c.req.valid('json').concept_ids, c.get('now'));
    return c.json(await loadConstellation(c.get('db'), c.get('userId'), id), 200);
  })
  .get('/:id{[0-9]+}/concepts-list', validate('param', idParam), validate('query', constellationPageQuery), async (c) => {
    const id = await requireOwnConstellation(c.get('db'), c.get('userId'), c.req.valid('param').id);
    const q = c.req.valid('query');
    const page = { skip: q.skip, limit: q.limit, sortBy: q.sort_by, sortOrder: q.sort_order };
    return c.json(await listConcepts(c.get('db'), c.get('userId'), { constellationId: id }, page), 200);
  })
  .get('/:id{[0-9]+}/concepts', validate('param', idParam), async (c) => {
    const id = await requireOwnConstellation(c.get('db'), c.get('userId'), c.req.valid('param').id);
    return c.json(await allConcepts(c.get('db'), c.get('userId'), { constellationId: id }, 'title', 'asc'), 200);
  });
