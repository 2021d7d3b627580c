import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth';
import { validate } from '../lib/validate';
import { blockToPlainText } from '../domain/richtext';
import { requireOwnConcept } from '../services/concept-detail';
import { idParam } from './concepts.schema';

/** Note-mention text is cut at this many characters (spec document 1 §9). */
export const MENTION_TEXT_LENGTH = 200;

export const notesRoutes = new Hono<AppEnv>()
  .use('*', requireUser)
  .get('/concepts/:id{[0-9]+}/mentions', validate('param', idParam), async (c) => {
    const userId = c.get('userId');
    const conceptId = await requireOwnConcept(c.env.DB, userId, c.req.valid('param').id);
    const rows = await c.env.DB.prepare(
      `SELECT n.date AS note_date, b.id AS block_id, b.text FROM block_mentions m
       JOIN note_blocks b ON b.id = m.block_id JOIN daily_notes n ON n.id = b.note_id
       WHERE m.concept_id = ? AND n.user_id = ? ORDER BY n.date DESC, b.order_idx, b.id`,
    )
      .bind(conceptId, userId)
      .all<{ note_date: string; block_id: number; text: string }>();
    const mentions = rows.results.map((r) => ({
      note_date: r.note_date,
      block_id: r.block_id,
      block_text: Array.from(blockToPlainText(r.text)).slice(0, MENTION_TEXT_LENGTH).join(''),
    }));
    return c.json(mentions, 200);
  });
