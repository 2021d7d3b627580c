import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth';
import { notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import { presentFlashcard } from '../presenters/flashcard';
import { FLASHCARD_SELECT, findFlashcard, type FlashcardRow } from '../services/flashcard-rows';
import { createFlashcard, deleteFlashcard, updateFlashcard } from '../services/flashcard-writes';
import { reviewFlashcard } from '../services/review-flashcard';
import { undoReview } from '../services/undo-review';
import { dueQuery, flashcardBody, idParam, reviewBody } from './flashcards.schema';

/** Flashcards: mounted at /api, serving /api/flashcards/* and /api/concepts/:id/flashcards. */
export const flashcardsRoutes = new Hono<AppEnv>()
  .use('/flashcards/*', requireUser)
  .use('/flashcards', requireUser)
  .use('/concepts/:id{[0-9]+}/flashcards', requireUser)
  .get('/flashcards', async (c) => {
    const rows = await c.env.DB.prepare(`${FLASHCARD_SELECT} WHERE f.user_id = ? ORDER BY f.id`).bind(c.get('userId')).all<FlashcardRow>();
    return c.json(rows.results.map(presentFlashcard), 200);
  })
  .get('/flashcards/due', validate('query', dueQuery), async (c) => {
    const now = c.get('now');
    const rows = await c.env.DB.prepare(`${FLASHCARD_SELECT} WHERE f.user_id = ? AND f.due <= ? ORDER BY f.due, f.id LIMIT ?`)
      .bind(c.get('userId'), now, c.req.valid('query').limit)
      .all<FlashcardRow>();
    return c.json(rows.results.map(presentFlashcard), 200);
  })
  .get('/flashcards/:id{[0-9]+}', validate('param', idParam), async (c) => {
    const row = await findFlashcard(c.env.DB, c.get('userId'), c.req.valid('param').id);
    if (!row) throw notFound('Flashcard');
    return c.json(presentFlashcard(row), 200);
  })
  .put('/flashcards/:id{[0-9]+}', validate('param', idParam), validate('json', flashcardBody), async (c) => {
    const row = await updateFlashcard(c.env.DB, { ...c.req.valid('json'), userId: c.get('userId'), id: c.req.valid('param').id, now: c.get('now') });
    return c.json(presentFlashcard(row), 200);
  })
  .delete('/flashcards/:id{[0-9]+}', validate('param', idParam), async (c) => {
    await deleteFlashcard(c.env.DB, { userId: c.get('userId'), id: c.req.valid('param').id, now: c.get('now') });
    return c.body(null, 204);
  })
  .post('/flashcards/:id{[0-9]+}/review', validate('param', idParam), validate('json', reviewBody), async (c) => {
    const now = c.get('now');
    const fuzz = c.get('fuzz');
    const body = c.req.valid('json');
    const result = await reviewFlashcard(c.env.DB, {
      userId: c.get('userId'),
      flashcardId: c.req.valid('param').id,
      rating: body.rating,
      durationMs: body.duration_ms,
      now,
      fuzz,
    });
    return c.json({ flashcard: presentFlashcard(result.flashcard), review_id: result.reviewId }, 200);
  })
  .post('/flashcards/:id{[0-9]+}/review/undo', validate('param', idParam), async (c) => {
    const now = c.get('now');
    const result = await undoReview(c.env.DB, { userId: c.get('userId'), flashcardId: c.req.valid('param').id, now });
    return c.json({ flashcard: presentFlashcard(result.flashcard) }, 200);
  })
  .get('/concepts/:id{[0-9]+}/flashcards', validate('param', idParam), async (c) => {
    const userId = c.get('userId');
    const conceptId = c.req.valid('param').id;
    const [concept, rows] = await c.env.DB.batch([
      c.env.DB.prepare('SELECT id FROM concepts WHERE id = ? AND user_id = ?').bind(conceptId, userId),
      c.env.DB.prepare(`${FLASHCARD_SELECT} WHERE f.user_id = ? AND f.concept_id = ? ORDER BY f.id`).bind(userId, conceptId),
    ]);
    if (!concept!.results.length) throw notFound('Concept');
    return c.json((rows!.results as FlashcardRow[]).map(presentFlashcard), 200);
  })
  .post('/concepts/:id{[0-9]+}/flashcards', validate('param', idParam), validate('json', flashcardBody), async (c) => {
    const now = c.get('now');
    const row = await createFlashcard(c.env.DB, { ...c.req.valid('json'), userId: c.get('userId'), conceptId: c.req.valid('param').id, now });
    return c.json(presentFlashcard(row), 201);
  });
