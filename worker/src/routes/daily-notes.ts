import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth';
import { validate } from '../lib/validate';
import { blockToPlainText } from '../domain/richtext';
import { requireOwnConcept } from '../services/concept-detail';
import { addBlockOnce, addBlocks, deleteBlock, ensureNote, loadNoteByDate, newLinkedBlocks, presentNote, recentNotes, requireOwnNote, saveBlockText } from '../services/daily-notes';
import { exportNote, importHighlights, importNoteFile } from '../services/daily-notes-transfer';
import { tellNoteRoom } from '../services/live-note';
import { idParam } from './concepts.schema';
import { conceptMentions } from '../db/queries/daily-notes';
import { addBlockBody, createNoteBody, exportQuery, noteDateQuery, noteIdParam, patchBlockBody, recentNotesQuery } from './daily-notes.schema';

/** Note-mention text is cut at this many characters (spec document 1 §9). */
export const MENTION_TEXT_LENGTH = 200;

/** Daily notes and their blocks (spec document 3 §7: every /notes call). */
export const dailyNotesRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/', validate('query', noteDateQuery), async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await loadNoteByDate(c.get('db'), c.get('userId'), c.req.valid('query').note_date), 200);
  })
  .post('/', validate('json', createNoteBody), async (c) => {
    const { date, title } = c.req.valid('json');
    const { note, created } = await ensureNote(c.get('db'), c.get('userId'), date, title ?? null, c.get('now'));
    return c.json(await presentNote(c.get('db'), c.get('userId'), note), created ? 201 : 200);
  })
  .get('/recent', validate('query', recentNotesQuery), async (c) => {
    return c.json(await recentNotes(c.get('db'), c.get('userId'), c.req.valid('query').limit), 200);
  })
  .get('/export', validate('query', exportQuery), async (c) => {
    const file = await exportNote(c.get('db'), c.get('userId'), c.req.valid('query'));
    return c.body(file.body, 200, { 'content-type': file.type, 'content-disposition': `attachment; filename="${file.name}"`, 'cache-control': 'no-store' });
  })
  .post('/import', async (c) => {
    const { answer, noteId } = await importNoteFile(c.get('db'), c.get('userId'), await c.req.parseBody(), c.get('now'));
    tellNoteRoom(c.env, c.executionCtx, c.get('userId'), noteId);
    return c.json(answer, 201);
  })
  .post('/import/highlight', async (c) => {
    const { answer, noteId } = await importHighlights(c.get('db'), c.get('userId'), await c.req.parseBody(), c.get('now'));
    if (noteId !== null) tellNoteRoom(c.env, c.executionCtx, c.get('userId'), noteId);
    return c.json(answer, 201);
  })
  .post('/:noteId{[0-9]+}/blocks', validate('param', noteIdParam), validate('json', addBlockBody), async (c) => {
    const userId = c.get('userId');
    const noteId = c.req.valid('param').noteId;
    const { text, order_idx, client_id: uid } = c.req.valid('json');
    await requireOwnNote(c.get('db'), userId, noteId);
    const [linked] = await newLinkedBlocks(c.get('db'), userId, [text], order_idx ?? 0);
    const { block, created } = uid ? await addBlockOnce(c.get('db'), userId, noteId, { ...linked!, uid }, c.get('now')) : { block: (await addBlocks(c.get('db'), userId, noteId, [linked!], c.get('now')))[0]!, created: true };
    if (created) tellNoteRoom(c.env, c.executionCtx, userId, noteId);
    return c.json(block, created ? 201 : 200);
  })
  .patch('/blocks/:id{[0-9]+}', validate('param', idParam), validate('json', patchBlockBody), async (c) => {
    const { text, version } = c.req.valid('json');
    const block = await saveBlockText(c.get('db'), c.get('userId'), c.req.valid('param').id, text, c.get('now'), version);
    tellNoteRoom(c.env, c.executionCtx, c.get('userId'), block.note_id);
    return c.json(block, 200);
  })
  .delete('/blocks/:id{[0-9]+}', validate('param', idParam), async (c) => {
    const noteId = await deleteBlock(c.get('db'), c.get('userId'), c.req.valid('param').id);
    tellNoteRoom(c.env, c.executionCtx, c.get('userId'), noteId);
    return c.body(null, 204);
  })
  .get('/concepts/:id{[0-9]+}/mentions', validate('param', idParam), async (c) => {
    const userId = c.get('userId');
    const conceptId = await requireOwnConcept(c.get('db'), userId, c.req.valid('param').id);
    const rows = await conceptMentions(c.get('db'), userId, conceptId);
    const mentions = rows.map((r) => ({
      note_date: r.note_date,
      block_id: r.block_id,
      block_text: Array.from(blockToPlainText(r.text)).slice(0, MENTION_TEXT_LENGTH).join(''),
    }));
    return c.json(mentions, 200);
  });
