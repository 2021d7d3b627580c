import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth';
import { validate } from '../lib/validate';
import { promoteBlock } from '../services/daily-notes-promote';
import { tellNoteRoom } from '../services/live-note';
import { idParam } from './concepts.schema';
import { promoteBody } from './daily-notes.schema';

/** /blocks: promoting a daily-note block to a concept (spec document 3 §7). */
export const dailyNoteBlocksRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .post('/:id{[0-9]+}/promote', validate('param', idParam), validate('json', promoteBody), async (c) => {
    const promoted = await promoteBlock(c.get('db'), c.get('userId'), c.req.valid('param').id, c.req.valid('json'), c.get('now'));
    // The block now links to the new concept: the note's open devices see it at once.
    tellNoteRoom(c.env, c.executionCtx, c.get('userId'), promoted.block.note_id);
    return c.json(promoted, 201);
  });
