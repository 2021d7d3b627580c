import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { handlerReadsAccount, requireUser } from '../lib/auth';
import { notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import { presentFlashcard } from '../presenters/flashcard';
import { presentSessionProgress, presentStudySession } from '../presenters/study-session';
import { createStudySession } from '../services/create-study-session';
import { notifySessionEnd } from '../services/notifications';
import { readPreferences } from '../db/queries/preferences';
import { storedCardOf } from '../domain/fsrs';
import { endStudySession, findStudySession, sessionFlashcard, sessionQueue } from '../db/queries/study-sessions';
import { schedulingOf } from '../services/review-flashcard';
import { presentPreviews } from '../presenters/interval-preview';
import { reviewFlashcard } from '../services/review-flashcard';
import { undoReview } from '../services/undo-review';
import { previewIntervals } from '../domain/interval-preview';
import { pickNextSessionCard } from '../domain/study-queue';
import { resolveTimeZone, studyDayBounds } from '../domain/study-day';
import { createSessionBody, sessionCardParam, sessionParam, sessionReviewBody } from './study-sessions.schema';

async function findSession(d1: D1Database, userId: number, id: number) {
  const row = await findStudySession(d1, userId, id);
  if (!row) throw notFound("Session d'étude");
  return row;
}

/**
 * Study sessions. A session is a fixed, ordered list of cards chosen at creation. Answering
 * in a session is a real FSRS review (logged, scheduled); the session keeps each card's
 * latest rating, so a card answered twice counts once in cards_reviewed and its latest
 * rating counts in average_rating. next-flashcard serves the first card not answered yet,
 * and 404 once all are answered or the session has ended.
 */
export const studySessionsRoutes = new Hono<AppEnv>()
  // An answer reads the account in the same round trip as the card and session, before it writes.
  .use('/:id{[0-9]+}/flashcards/:cardId{[0-9]+}/review', handlerReadsAccount('POST'))
  .use('*', requireUser)
  .post('/', validate('json', createSessionBody), async (c) => {
    const body = c.req.valid('json');
    const now = c.get('now');
    const userId = c.get('userId');
    const preferences = await readPreferences(c.get('db'), userId);
    const session = await createStudySession(c.get('db'), {
      userId,
      methodType: body.method_type,
      steps: body.steps,
      conceptIds: body.concept_ids,
      constellationId: body.constellation_id,
      dueOnly: body.due_only,
      reviewAhead: body.review_ahead,
      newCardsPerDay: preferences.new_cards_per_day,
      reviewOrder: preferences.review_order,
      dayStart: studyDayBounds(now, resolveTimeZone(c.req.header('x-time-zone'))).start,
      now,
    });
    return c.json(presentStudySession(session), 201);
  })
  .get('/:id{[0-9]+}', validate('param', sessionParam), async (c) => {
    return c.json(presentStudySession(await findSession(c.get('db'), c.get('userId'), c.req.valid('param').id)), 200);
  })
  .get('/:id{[0-9]+}/next-flashcard', validate('param', sessionParam), async (c) => {
    // The session's cards with their memory state; the queue rule (domain/study-queue.ts)
    // picks the next one: a failed or learning card whose step is due, else the first
    // unanswered card, else a learning card due within 20 minutes. Missing, ended or done → 404.
    const userId = c.get('userId');
    const now = c.get('now');
    const { states, scheduling } = await sessionQueue(c.get('db'), userId, c.req.valid('param').id, now);
    const nextId = pickNextSessionCard(states, now);
    const row = nextId === null ? null : await sessionFlashcard(c.get('db'), userId, nextId);
    if (!row) throw notFound('Carte suivante');
    // A card whose stored memory state FSRS refuses (e.g. imported) is still served, without previews.
    let previews: ReturnType<typeof presentPreviews> | null = null;
    try {
      const { desiredRetention, params } = schedulingOf(scheduling);
      previews = presentPreviews(previewIntervals(storedCardOf(row), now, desiredRetention, params));
    } catch {
      previews = null;
    }
    return c.json({ ...presentFlashcard(row), previews }, 200);
  })
  .post('/:id{[0-9]+}/flashcards/:cardId{[0-9]+}/review', validate('param', sessionCardParam), validate('json', sessionReviewBody), async (c) => {
    const { id, cardId } = c.req.valid('param');
    const userId = c.get('userId');
    const now = c.get('now');
    const fuzz = c.get('fuzz');
    const body = c.req.valid('json');
    const result = await reviewFlashcard(c.get('db'), { userId, flashcardId: cardId, rating: body.rating, durationMs: body.duration_ms, clientId: body.client_id, sessionId: id, now, fuzz, guard: c.get('accountGuard') });
    return c.json({ ...presentSessionProgress(result.session!), flashcard: presentFlashcard(result.flashcard), review_id: result.reviewId }, 200);
  })
  .post('/:id{[0-9]+}/flashcards/:cardId{[0-9]+}/review/undo', validate('param', sessionCardParam), async (c) => {
    const { id, cardId } = c.req.valid('param');
    const userId = c.get('userId');
    const now = c.get('now');
    const result = await undoReview(c.get('db'), { userId, flashcardId: cardId, sessionId: id, now });
    return c.json({ ...presentSessionProgress(result.session!), flashcard: presentFlashcard(result.flashcard) }, 200);
  })
  .put('/:id{[0-9]+}/end', validate('param', sessionParam), async (c) => {
    const userId = c.get('userId');
    const { id } = c.req.valid('param');
    const now = c.get('now');
    const ended = await endStudySession(c.get('db'), userId, id, now);
    const session = await findSession(c.get('db'), userId, id);
    // Its progress and achievement notifications, after the answer (best effort, logged).
    if (ended.meta.changes === 1) {
      const timeZone = (await c.get('account')).timeZone;
      c.executionCtx.waitUntil(
        notifySessionEnd(c.env, userId, timeZone, session, now).catch((err) =>
          console.warn(JSON.stringify({ level: 'warn', message: 'session notifications failed', error: String(err) })),
        ),
      );
    }
    return c.json(presentStudySession(session), 200);
  });
