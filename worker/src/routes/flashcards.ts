import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { handlerReadsAccount, requireUser } from '../lib/auth';
import { notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import { presentFlashcard } from '../presenters/flashcard';
import { conceptFlashcards, dueFlashcards, findFlashcard, leechFlashcards, listFlashcards } from '../db/queries/flashcards';
import { applyCardAction, checkCardsOwned, undoCardAction, uploadCardActions } from '../services/card-actions';
import { resolveTimeZone } from '../domain/study-day';
import { LEECH_TAG } from '../domain/workload';
import { cardHistoryOf } from '../services/card-history';
import { createFlashcard, createOcclusionCards, deleteFlashcard, editOcclusionCards, updateFlashcard } from '../services/flashcard-writes';
import { reviewFlashcard } from '../services/review-flashcard';
import { undoReview } from '../services/undo-review';
import { uploadReviews } from '../services/upload-reviews';
import { cardActionParam, dueQuery, flashcardBody, idParam, occlusionBody, occlusionEditBody, rescheduleBody, reviewBody, uploadReviewsBody } from './flashcards.schema';

/** How many leeches the dashboard's 'Sangsues' list shows. */
const LEECH_LIST_SIZE = 50;

/** Flashcards: mounted at /api, serving /api/flashcards/* and /api/concepts/:id/flashcards. */
export const flashcardsRoutes = new Hono<AppEnv>()
  // An answer reads the account in the same round trip as the card, before it writes.
  .use('/flashcards/:id{[0-9]+}/review', handlerReadsAccount('POST'))
  .use('/flashcards/*', requireUser)
  .use('/flashcards', requireUser)
  .use('/concepts/:id{[0-9]+}/flashcards', requireUser)
  .use('/concepts/:id{[0-9]+}/flashcards/*', requireUser)
  .get('/flashcards', async (c) => {
    const rows = await listFlashcards(c.get('db'), c.get('userId'));
    return c.json(rows.map(presentFlashcard), 200);
  })
  .get('/flashcards/due', validate('query', dueQuery), async (c) => {
    const rows = await dueFlashcards(c.get('db'), c.get('userId'), c.get('now'), c.req.valid('query').limit);
    return c.json(rows.map(presentFlashcard), 200);
  })
  .get('/flashcards/leeches', async (c) => {
    const rows = await leechFlashcards(c.get('db'), c.get('userId'), LEECH_TAG, LEECH_LIST_SIZE);
    return c.json(rows.map(presentFlashcard), 200);
  })
  .get('/flashcards/:id{[0-9]+}', validate('param', idParam), async (c) => {
    const row = await findFlashcard(c.get('db'), c.get('userId'), c.req.valid('param').id);
    if (!row) throw notFound('Carte');
    return c.json(presentFlashcard(row), 200);
  })
  .get('/flashcards/:id{[0-9]+}/history', validate('param', idParam), async (c) => {
    return c.json(await cardHistoryOf(c.get('db'), c.get('userId'), c.req.valid('param').id, c.get('now')), 200);
  })
  // The zones of an image-occlusion card's image, edited: kept zones keep their cards, removed ones lose them, new ones get one.
  .put('/flashcards/:id{[0-9]+}/occlusion', validate('param', idParam), validate('json', occlusionEditBody), async (c) => {
    const rows = await editOcclusionCards(c.get('db'), { ...c.req.valid('json'), userId: c.get('userId'), id: c.req.valid('param').id, now: c.get('now') });
    return c.json(rows.map(presentFlashcard), 200);
  })
  .put('/flashcards/:id{[0-9]+}', validate('param', idParam), validate('json', flashcardBody), async (c) => {
    const row = await updateFlashcard(c.get('db'), { ...c.req.valid('json'), userId: c.get('userId'), id: c.req.valid('param').id, now: c.get('now') });
    return c.json(presentFlashcard(row), 200);
  })
  .delete('/flashcards/:id{[0-9]+}', validate('param', idParam), async (c) => {
    await deleteFlashcard(c.get('db'), { userId: c.get('userId'), id: c.req.valid('param').id, now: c.get('now') });
    return c.body(null, 204);
  })
  .post('/flashcards/:id{[0-9]+}/review', validate('param', idParam), validate('json', reviewBody), async (c) => {
    const now = c.get('now');
    const fuzz = c.get('fuzz');
    const body = c.req.valid('json');
    const result = await reviewFlashcard(c.get('db'), {
      userId: c.get('userId'),
      flashcardId: c.req.valid('param').id,
      rating: body.rating,
      durationMs: body.duration_ms,
      clientId: body.client_id,
      now,
      fuzz,
      guard: c.get('accountGuard'),
    });
    return c.json({ flashcard: presentFlashcard(result.flashcard), review_id: result.reviewId }, 200);
  })
  // Answers given offline, replayed at their own times, then the cards suspended or buried
  // offline in the time they were done; a retried upload adds nothing and undoes nothing.
  .post('/flashcards/reviews', validate('json', uploadReviewsBody), async (c) => {
    const now = c.get('now');
    const db = c.get('db');
    const userId = c.get('userId');
    const body = c.req.valid('json');
    const reviews = body.reviews.map((r) => ({
      clientId: r.client_id,
      flashcardId: r.flashcard_id,
      rating: r.rating,
      reviewedAt: Math.min(Date.parse(r.reviewed_at), now),
      durationMs: r.duration_ms ?? null,
      sessionId: r.session_id ?? null,
    }));
    const actions = body.actions.map((a) => ({ clientId: a.client_id, flashcardId: a.flashcard_id, action: a.action, doneAt: Math.min(Date.parse(a.done_at), now) }));
    // Another person's card among the actions refuses the whole upload before the answers are written.
    if (reviews.length && actions.length) await checkCardsOwned(db, userId, actions.map((a) => a.flashcardId));
    const answered = reviews.length ? await uploadReviews(db, { userId, reviews, now, fuzz: c.get('fuzz') }) : { accepted: [], skipped: [], flashcards: [] };
    const setAside = actions.length
      ? await uploadCardActions(db, { userId, actions, zone: resolveTimeZone(c.req.header('x-time-zone')), now })
      : { accepted: [], skipped: [], flashcards: [] };
    const flashcards = new Map([...answered.flashcards, ...setAside.flashcards].map((row) => [row.id, row]));
    return c.json(
      { accepted: [...answered.accepted, ...setAside.accepted], skipped: [...answered.skipped, ...setAside.skipped], flashcards: [...flashcards.values()].map(presentFlashcard) },
      200,
    );
  })
  .post('/flashcards/:id{[0-9]+}/review/undo', validate('param', idParam), async (c) => {
    const now = c.get('now');
    const result = await undoReview(c.get('db'), { userId: c.get('userId'), flashcardId: c.req.valid('param').id, now });
    return c.json({ flashcard: presentFlashcard(result.flashcard) }, 200);
  })
  // Suspend, unsuspend, bury, unbury, forget ('Oublier') and reschedule by hand, and undo the latest.
  .post('/flashcards/:id{[0-9]+}/:action{suspend|unsuspend|bury|unbury|forget}', validate('param', cardActionParam), async (c) => {
    const { id, action } = c.req.valid('param');
    const zone = resolveTimeZone(c.req.header('x-time-zone'));
    const row = await applyCardAction(c.get('db'), { userId: c.get('userId'), flashcardId: id, action, zone, now: c.get('now') });
    return c.json({ flashcard: presentFlashcard(row) }, 200);
  })
  .post('/flashcards/:id{[0-9]+}/reschedule', validate('param', idParam), validate('json', rescheduleBody), async (c) => {
    const zone = resolveTimeZone(c.req.header('x-time-zone'));
    const { days } = c.req.valid('json');
    const row = await applyCardAction(c.get('db'), { userId: c.get('userId'), flashcardId: c.req.valid('param').id, action: 'reschedule', days, zone, now: c.get('now') });
    return c.json({ flashcard: presentFlashcard(row) }, 200);
  })
  .post('/flashcards/:id{[0-9]+}/actions/undo', validate('param', idParam), async (c) => {
    const result = await undoCardAction(c.get('db'), { userId: c.get('userId'), flashcardId: c.req.valid('param').id, now: c.get('now') });
    return c.json({ action: result.action, flashcard: presentFlashcard(result.flashcard) }, 200);
  })
  .get('/concepts/:id{[0-9]+}/flashcards', validate('param', idParam), async (c) => {
    const rows = await conceptFlashcards(c.get('db'), c.get('userId'), c.req.valid('param').id);
    if (!rows) throw notFound('Concept');
    return c.json(rows.map(presentFlashcard), 200);
  })
  .post('/concepts/:id{[0-9]+}/flashcards', validate('param', idParam), validate('json', flashcardBody), async (c) => {
    const now = c.get('now');
    const row = await createFlashcard(c.get('db'), { ...c.req.valid('json'), userId: c.get('userId'), conceptId: c.req.valid('param').id, now });
    return c.json(presentFlashcard(row), 201);
  })
  // One card per shape drawn over one of the person's uploaded images (image occlusion).
  .post('/concepts/:id{[0-9]+}/flashcards/occlusion', validate('param', idParam), validate('json', occlusionBody), async (c) => {
    const rows = await createOcclusionCards(c.get('db'), c.env.FILES, { ...c.req.valid('json'), userId: c.get('userId'), conceptId: c.req.valid('param').id, now: c.get('now') });
    return c.json(rows.map(presentFlashcard), 201);
  });
