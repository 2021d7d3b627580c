import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireInternal } from '../lib/auth';
import { notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import { stateFromBase64 } from '../domain/yjs-prosemirror';
import { conceptBelongsTo, loadRoomDocument, saveRoomDocument } from '../services/live-content';
import { loadNoteRoom, noteBelongsTo, saveNoteRoom } from '../services/live-note';
import { noteRoomParams, noteRoomSaveBody, roomParams, roomSaveBody } from './internal.schema';

/**
 * Routes only the party server calls (x-internal-secret): a concept room loads and saves
 * its document here. `/rooms/{userId}/{conceptId}` answers 404 when the concept does not
 * belong to that user, and the room then refuses the connection. A daily note's room
 * (`/notes/{userId}/{noteId}`) loads its state with the block rows, and saves its blocks.
 */
export const internalRoutes = new Hono<AppEnv>()
  .use('*', requireInternal)
  .get('/rooms/:userId{[0-9]+}/:conceptId{[0-9]+}/owner', validate('param', roomParams), async (c) => {
    const { userId, conceptId } = c.req.valid('param');
    if (!(await conceptBelongsTo(c.get('db'), userId, conceptId))) throw notFound('Concept');
    return c.body(null, 204);
  })
  .get('/rooms/:userId{[0-9]+}/:conceptId{[0-9]+}', validate('param', roomParams), async (c) => {
    const { userId, conceptId } = c.req.valid('param');
    const doc = await loadRoomDocument(c.get('db'), userId, conceptId);
    if (!doc) throw notFound('Concept');
    return c.json(doc, 200);
  })
  .put('/rooms/:userId{[0-9]+}/:conceptId{[0-9]+}', validate('param', roomParams), validate('json', roomSaveBody), async (c) => {
    const { userId, conceptId } = c.req.valid('param');
    const { state, content } = c.req.valid('json');
    const saved = await saveRoomDocument(c.get('db'), { userId, conceptId, state: stateFromBase64(state), content }, c.get('now'));
    if (!saved) throw notFound('Concept');
    return c.body(null, 204);
  })
  .get('/notes/:userId{[0-9]+}/:noteId{[0-9]+}/owner', validate('param', noteRoomParams), async (c) => {
    const { userId, noteId } = c.req.valid('param');
    if (!(await noteBelongsTo(c.get('db'), userId, noteId))) throw notFound('Note');
    return c.body(null, 204);
  })
  .get('/notes/:userId{[0-9]+}/:noteId{[0-9]+}', validate('param', noteRoomParams), async (c) => {
    const { userId, noteId } = c.req.valid('param');
    const doc = await loadNoteRoom(c.get('db'), userId, noteId);
    if (!doc) throw notFound('Note');
    return c.json(doc, 200);
  })
  .put('/notes/:userId{[0-9]+}/:noteId{[0-9]+}', validate('param', noteRoomParams), validate('json', noteRoomSaveBody), async (c) => {
    const { userId, noteId } = c.req.valid('param');
    const body = c.req.valid('json');
    const saved = await saveNoteRoom(c.get('db'), userId, noteId, { ...body, state: stateFromBase64(body.state) }, c.get('now'));
    if (saved.outcome === 'gone') throw notFound('Note');
    return c.json(saved, saved.outcome === 'saved' ? 200 : 409);
  });
