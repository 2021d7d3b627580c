import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth';
import { validate } from '../lib/validate';
import { presentCornellSheet } from '../presenters/cornell-sheet';
import { createCueCards, readSheet, saveSheet } from '../services/cornell-sheets';
import { sheetBody, sheetParam } from './cornell-sheets.schema';

/**
 * A concept's Cornell sheet: cue column, notes and summary, kept per concept and
 * saved whole with the version it was made from (409 `stale_sheet` over a newer one).
 * Each route asks for the person's token itself: the sub-app is mounted at /api beside others.
 */
export const cornellSheetsRoutes = new Hono<AppEnv>()
  .get('/concepts/:id{[0-9]+}/cornell-sheet', requireUser, validate('param', sheetParam), async (c) => {
    const conceptId = c.req.valid('param').id;
    const { sheet } = await readSheet(c.get('db'), c.get('userId'), conceptId);
    return c.json(presentCornellSheet(conceptId, sheet), 200);
  })
  .put('/concepts/:id{[0-9]+}/cornell-sheet', requireUser, validate('param', sheetParam), validate('json', sheetBody), async (c) => {
    const conceptId = c.req.valid('param').id;
    const { version, rows, summary } = c.req.valid('json');
    const saved = await saveSheet(c.get('db'), { userId: c.get('userId'), conceptId, version, rows, summary, now: c.get('now') });
    return c.json(presentCornellSheet(conceptId, saved), 200);
  })
  .post('/concepts/:id{[0-9]+}/cornell-sheet/cards', requireUser, validate('param', sheetParam), async (c) => {
    const created = await createCueCards(c.get('db'), { userId: c.get('userId'), conceptId: c.req.valid('param').id, now: c.get('now') });
    return c.json({ created }, 200);
  });
