import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { handlerReadsAccount, requireUser } from '../lib/auth';
import { ApiError } from '../lib/errors';
import { validate } from '../lib/validate';
import { presentConceptPreview } from '../presenters/concept';
import { ancestry, childConcepts, rootConcepts } from '../services/concept-hierarchy';
import { loadConcept, loadPreviewRow, requireOwnConcept } from '../services/concept-detail';
import { occlusionImagesOfConcept } from '../services/concept-images';
import { conceptsOutsideConstellation, listConcepts, recentConcepts } from '../services/concept-list';
import { conceptTitles, titlesMatching, type ConceptTitle } from '../db/queries/concepts';
import { deleteConcept } from '../services/delete-concept';
import { closeLiveRoom } from '../services/live-content';
import { saveConceptContent } from '../services/save-concept-content';
import { linkedTitles } from '../services/linked-titles';
import { createConceptOnce, updateConcept } from '../services/save-concept';
import { titleKey } from '../domain/wiki-links';
import { conceptCreateBody, conceptWriteBody } from '../domain/write-payloads';
import { conceptListQuery, contentBaseVersion, idParam, limitQuery, suggestedQuery, titleSearchQuery } from './concepts.schema';

/**
 * Concepts. A concept id in the path that is not the person's answers 404, like a missing
 * one. Ids inside a write payload (parent_ids, child_ids, constellation_ids) that are not
 * the person's, or do not exist, refuse the whole write with 422 `unknown_concept` /
 * `unknown_constellation`: the request itself is addressed correctly, its content is not.
 */
export const conceptsRoutes = new Hono<AppEnv>()
  // An update reads the account in its first read batch, with what it merges against: no round trip of its own.
  .use('/:id{[0-9]+}', handlerReadsAccount('PUT'))
  .use('*', requireUser)
  .get('/', validate('query', conceptListQuery), async (c) => {
    const q = c.req.valid('query');
    const filter = { search: q.search, contentSearch: q.content_search, tagName: q.tag_name, constellationId: q.constellation_id };
    const page = { skip: q.skip, limit: q.limit, sortBy: q.sort_by, sortOrder: q.sort_order };
    return c.json(await listConcepts(c.get('db'), c.get('userId'), filter, page), 200);
  })
  // A creation carrying the device's client id is made once: a retry answers 200 with the concept already made.
  .post('/', validate('json', conceptCreateBody), async (c) => {
    const { client_id: clientId, ...body } = c.req.valid('json');
    const { id, created } = await createConceptOnce({ d1: c.get('db'), userId: c.get('userId'), body, clientId }, c.get('now'));
    return c.json(await loadConcept(c.get('db'), c.get('userId'), id), created ? 201 : 200);
  })
  .get('/minimal', async (c) => {
    return c.json(await conceptTitles(c.get('db'), c.get('userId')), 200);
  })
  .get('/search', validate('query', titleSearchQuery), async (c) => {
    const { q, limit } = c.req.valid('query');
    const key = titleKey(q);
    if (!key) return c.json([] as ConceptTitle[], 200);
    return c.json(await titlesMatching(c.get('db'), c.get('userId'), key, limit), 200);
  })
  .get('/recent', validate('query', limitQuery), async (c) => {
    const { limit } = c.req.valid('query');
    return c.json(await recentConcepts(c.get('db'), c.get('userId'), limit), 200);
  })
  .get('/suggested', validate('query', suggestedQuery), async (c) => {
    const { limit, exclude_constellation_id: excluded } = c.req.valid('query');
    return c.json(await conceptsOutsideConstellation(c.get('db'), c.get('userId'), excluded, limit), 200);
  })
  .get('/roots', async (c) => c.json(await rootConcepts(c.get('db'), c.get('userId')), 200))
  .get('/:id{[0-9]+}', validate('param', idParam), async (c) => {
    return c.json(await loadConcept(c.get('db'), c.get('userId'), c.req.valid('param').id), 200);
  })
  .put('/:id{[0-9]+}', validate('param', idParam), validate('json', conceptWriteBody), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const userId = c.get('userId');
    const guard = c.get('accountGuard');
    if (body.content === undefined) {
      return c.json(await updateConcept({ d1: c.get('db'), userId, conceptId: id, body, guard }, c.get('now')), 200);
    }
    // A content write names the version it was read at, or it could delete text it never saw.
    // (Refused before any read: the account is checked after it, and a gone one answers 401.)
    const baseVersion = contentBaseVersion(body, c.req.header('if-match'));
    if (baseVersion === undefined) {
      throw new ApiError(428, 'content_version_required', 'Une écriture du contenu doit indiquer la version lue (content_version ou If-Match).');
    }
    return c.json(await saveConceptContent({ env: c.env, userId, conceptId: id, body, baseVersion, guard, ctx: c.executionCtx }, c.get('now')), 200);
  })
  .delete('/:id{[0-9]+}', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    await deleteConcept(c.get('db'), c.get('userId'), id);
    // Devices still on the concept are closed now, not when they next type.
    await closeLiveRoom(c.env, c.get('userId'), id);
    return c.body(null, 204);
  })
  .get('/:id{[0-9]+}/preview', validate('param', idParam), async (c) => {
    return c.json(presentConceptPreview(await loadPreviewRow(c.get('db'), c.get('userId'), c.req.valid('param').id)), 200);
  })
  .get('/:id{[0-9]+}/children', validate('param', idParam), async (c) => {
    const id = await requireOwnConcept(c.get('db'), c.get('userId'), c.req.valid('param').id);
    return c.json(await childConcepts(c.get('db'), c.get('userId'), id), 200);
  })
  .get('/:id{[0-9]+}/ancestry', validate('param', idParam), async (c) => {
    const id = await requireOwnConcept(c.get('db'), c.get('userId'), c.req.valid('param').id);
    return c.json(await ancestry(c.get('db'), c.get('userId'), id), 200);
  })
  .get('/:id{[0-9]+}/linked-titles', validate('param', idParam), async (c) => {
    // The other concepts whose title occurs in this one's text: what the page auto-links.
    return c.json(await linkedTitles({ d1: c.get('db'), userId: c.get('userId'), conceptId: c.req.valid('param').id }), 200);
  })
  .get('/:id{[0-9]+}/images', validate('param', idParam), async (c) => {
    // The person's uploaded images its document shows: what an image-occlusion card may be drawn over.
    return c.json({ images: await occlusionImagesOfConcept(c.get('db'), c.env.FILES, c.get('userId'), c.req.valid('param').id) }, 200);
  });
