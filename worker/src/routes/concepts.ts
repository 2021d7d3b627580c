import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth';
import { ApiError } from '../lib/errors';
import { validate } from '../lib/validate';
import { presentConceptPreview } from '../presenters/concept';
import { ancestry, childConcepts, rootConcepts } from '../services/concept-hierarchy';
import { loadConcept, loadPreviewRow, requireOwnConcept } from '../services/concept-detail';
import { listConcepts, SUMMARY_COLUMNS, summarise } from '../services/concept-list';
import { deleteConcept } from '../services/delete-concept';
import { closeLiveRoom } from '../services/live-content';
import { saveConceptContent } from '../services/save-concept-content';
import { linkedTitles } from '../services/linked-titles';
import { saveConcept } from '../services/save-concept';
import { titleKey } from '../domain/wiki-links';
import { conceptListQuery, conceptWriteBody, contentBaseVersion, idParam, limitQuery, suggestedQuery, titleSearchQuery } from './concepts.schema';
import type { ConceptSummaryRow } from '../presenters/concept';

/**
 * Concepts. A concept id in the path that is not the person's answers 404, like a missing
 * one. Ids inside a write payload (parent_ids, child_ids, constellation_ids) that are not
 * the person's, or do not exist, refuse the whole write with 422 `unknown_concept` /
 * `unknown_constellation`: the request itself is addressed correctly, its content is not.
 */
export const conceptsRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', validate('query', conceptListQuery), async (c) => {
    const q = c.req.valid('query');
    const filter = { search: q.search, contentSearch: q.content_search, tagName: q.tag_name, constellationId: q.constellation_id };
    const page = { skip: q.skip, limit: q.limit, sortBy: q.sort_by, sortOrder: q.sort_order };
    return c.json(await listConcepts(c.env.DB, c.get('userId'), filter, page), 200);
  })
  .post('/', validate('json', conceptWriteBody), async (c) => {
    const id = await saveConcept({ d1: c.env.DB, userId: c.get('userId'), body: c.req.valid('json') }, c.get('now'));
    return c.json(await loadConcept(c.env.DB, c.get('userId'), id), 201);
  })
  .get('/minimal', async (c) => {
    const rows = await c.env.DB.prepare('SELECT id, title FROM concepts WHERE user_id = ? ORDER BY title_key, title, id')
      .bind(c.get('userId'))
      .all<{ id: number; title: string }>();
    return c.json(rows.results.map((r) => ({ id: r.id, title: r.title })), 200);
  })
  .get('/search', validate('query', titleSearchQuery), async (c) => {
    const { q, limit } = c.req.valid('query');
    const key = titleKey(q);
    if (!key) return c.json([] as { id: number; title: string }[], 200);
    // Exact title first, then titles starting with the query, then the rest containing it.
    const rows = await c.env.DB.prepare(
      `SELECT id, title FROM concepts WHERE user_id = ?1 AND instr(title_key, ?2) > 0
       ORDER BY CASE WHEN title_key = ?2 THEN 0 WHEN substr(title_key, 1, length(?2)) = ?2 THEN 1 ELSE 2 END, title_key, id LIMIT ?3`,
    )
      .bind(c.get('userId'), key, limit)
      .all<{ id: number; title: string }>();
    return c.json(rows.results.map((r) => ({ id: r.id, title: r.title })), 200);
  })
  .get('/recent', validate('query', limitQuery), async (c) => {
    const { limit } = c.req.valid('query');
    const rows = await c.env.DB.prepare(`SELECT ${SUMMARY_COLUMNS} FROM concepts c WHERE c.user_id = ? ORDER BY c.updated_at DESC, c.id DESC LIMIT ?`)
      .bind(c.get('userId'), limit)
      .all<ConceptSummaryRow>();
    return c.json(await summarise(c.env.DB, rows.results), 200);
  })
  .get('/suggested', validate('query', suggestedQuery), async (c) => {
    // Suggestions for a constellation's add dialog: the most recently edited concepts not in it yet.
    const { limit, exclude_constellation_id: excluded } = c.req.valid('query');
    const rows = await c.env.DB.prepare(
      `SELECT ${SUMMARY_COLUMNS} FROM concepts c WHERE c.user_id = ?1
       AND c.id NOT IN (SELECT concept_id FROM constellation_concepts WHERE constellation_id = ?2)
       ORDER BY c.updated_at DESC, c.id DESC LIMIT ?3`,
    )
      .bind(c.get('userId'), excluded ?? 0, limit)
      .all<ConceptSummaryRow>();
    return c.json(await summarise(c.env.DB, rows.results), 200);
  })
  .get('/roots', async (c) => c.json(await rootConcepts(c.env.DB, c.get('userId')), 200))
  .get('/:id{[0-9]+}', validate('param', idParam), async (c) => {
    return c.json(await loadConcept(c.env.DB, c.get('userId'), c.req.valid('param').id), 200);
  })
  .put('/:id{[0-9]+}', validate('param', idParam), validate('json', conceptWriteBody), async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const userId = c.get('userId');
    if (body.content === undefined) {
      await saveConcept({ d1: c.env.DB, userId, conceptId: id, body }, c.get('now'));
    } else {
      // A content write names the version it was read at, or it could delete text it never saw.
      const baseVersion = contentBaseVersion(body, c.req.header('if-match'));
      if (baseVersion === undefined) {
        throw new ApiError(428, 'content_version_required', 'Une écriture du contenu doit indiquer la version lue (content_version ou If-Match).');
      }
      await saveConceptContent({ env: c.env, userId, conceptId: id, body, baseVersion }, c.get('now'));
    }
    return c.json(await loadConcept(c.env.DB, userId, id), 200);
  })
  .delete('/:id{[0-9]+}', validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    await deleteConcept(c.env.DB, c.get('userId'), id);
    // Devices still on the concept are closed now, not when they next type.
    await closeLiveRoom(c.env, c.get('userId'), id);
    return c.body(null, 204);
  })
  .get('/:id{[0-9]+}/preview', validate('param', idParam), async (c) => {
    return c.json(presentConceptPreview(await loadPreviewRow(c.env.DB, c.get('userId'), c.req.valid('param').id)), 200);
  })
  .get('/:id{[0-9]+}/children', validate('param', idParam), async (c) => {
    const id = await requireOwnConcept(c.env.DB, c.get('userId'), c.req.valid('param').id);
    return c.json(await childConcepts(c.env.DB, c.get('userId'), id), 200);
  })
  .get('/:id{[0-9]+}/ancestry', validate('param', idParam), async (c) => {
    const id = await requireOwnConcept(c.env.DB, c.get('userId'), c.req.valid('param').id);
    return c.json(await ancestry(c.env.DB, c.get('userId'), id), 200);
  })
  .get('/:id{[0-9]+}/linked-titles', validate('param', idParam), async (c) => {
    // The other concepts whose title occurs in this one's text: what the page auto-links.
    return c.json(await linkedTitles({ d1: c.env.DB, userId: c.get('userId'), conceptId: c.req.valid('param').id }), 200);
  });
