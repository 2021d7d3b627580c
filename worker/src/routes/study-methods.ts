import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth';
import { notFound } from '../lib/errors';
import { validate } from '../lib/validate';
import { presentMethodResult, presentSessionConcept } from '../presenters/study-method-result';
import { createMissedCards, saveBlurting, saveCornell, saveFeynman, saveFlashcardsStep } from '../services/study-method-results';
import { presentFlashcard } from '../presenters/flashcard';
import { findStudySession } from '../db/queries/study-sessions';
import { allRows, readBatch } from '../db/rows';
import {
  conceptResultsStatement,
  ownConceptStatement,
  sessionConceptsStatement,
  sessionConceptCardsStatement,
  sessionConceptRatingsStatement,
  sessionResultsStatement,
  type SessionConceptRow,
  type StudyMethodResultRow,
} from '../db/queries/study-method-results';
import {
  blurtingBody,
  conceptParam,
  cornellBody,
  feynmanBody,
  flashcardsStepBody,
  conceptResultsQuery,
  resultParam,
  sessionConceptCardsParam,
  sessionConceptParam,
} from './study-methods.schema';

/**
 * The study methods other than flashcards: Blurting, Feynman, Cornell and
 * Composite. A session of them is created by POST /api/study-sessions (method_type) and
 * holds its concepts in order; each method step on a concept saves a result here.
 */
export const studyMethodsRoutes = new Hono<AppEnv>()
  // Mounted at /api beside other areas: guard only this area's paths ('*' would also ask a
  // token of every later /api route, such as the public file links of /api/v1/files/:id).
  .use('/study-sessions/*', requireUser)
  .use('/concepts/*', requireUser)
  .get('/study-sessions/:id{[0-9]+}/concepts', validate('param', sessionConceptParam), async (c) => {
    const userId = c.get('userId');
    const { id } = c.req.valid('param');
    const [session, concepts] = await Promise.all([findStudySession(c.get('db'), userId, id), allRows(sessionConceptsStatement(c.get('db'), userId, id))]);
    if (!session) throw notFound("Session d'étude");
    return c.json(concepts.map(presentSessionConcept), 200);
  })
  .get('/study-sessions/:id{[0-9]+}/results', validate('param', sessionConceptParam), async (c) => {
    const userId = c.get('userId');
    const { id } = c.req.valid('param');
    const [session, results] = await Promise.all([findStudySession(c.get('db'), userId, id), allRows(sessionResultsStatement(c.get('db'), userId, id))]);
    if (!session) throw notFound("Session d'étude");
    return c.json(results.map(presentMethodResult), 200);
  })
  .put('/study-sessions/:id{[0-9]+}/results/blurting', validate('param', sessionConceptParam), validate('json', blurtingBody), async (c) => {
    const body = c.req.valid('json');
    const row = await saveBlurting(c.get('db'), { userId: c.get('userId'), sessionId: c.req.valid('param').id, conceptId: body.concept_id, text: body.text, durationMs: body.duration_ms, now: c.get('now') });
    return c.json(presentMethodResult(row), 200);
  })
  .put('/study-sessions/:id{[0-9]+}/results/feynman', validate('param', sessionConceptParam), validate('json', feynmanBody), async (c) => {
    const body = c.req.valid('json');
    const row = await saveFeynman(c.get('db'), { userId: c.get('userId'), sessionId: c.req.valid('param').id, conceptId: body.concept_id, text: body.text, gaps: body.gaps, durationMs: body.duration_ms, now: c.get('now') });
    return c.json(presentMethodResult(row), 200);
  })
  .put('/study-sessions/:id{[0-9]+}/results/cornell', validate('param', sessionConceptParam), validate('json', cornellBody), async (c) => {
    const body = c.req.valid('json');
    const row = await saveCornell(c.get('db'), { userId: c.get('userId'), sessionId: c.req.valid('param').id, conceptId: body.concept_id, ratings: body.ratings, durationMs: body.duration_ms, now: c.get('now') });
    return c.json(presentMethodResult(row), 200);
  })
  .put('/study-sessions/:id{[0-9]+}/results/flashcards', validate('param', sessionConceptParam), validate('json', flashcardsStepBody), async (c) => {
    const row = await saveFlashcardsStep(c.get('db'), { userId: c.get('userId'), sessionId: c.req.valid('param').id, conceptId: c.req.valid('json').concept_id, now: c.get('now') });
    return c.json(presentMethodResult(row), 200);
  })
  // A Composite session's Flashcards step: the concept's cards in the session (with those made from what was missed), answered through the session's review route.
  .get('/study-sessions/:id{[0-9]+}/concepts/:conceptId{[0-9]+}/flashcards', validate('param', sessionConceptCardsParam), async (c) => {
    const userId = c.get('userId');
    const { id, conceptId } = c.req.valid('param');
    const db = c.get('db');
    const [session, [cards, ratings]] = await Promise.all([
      findStudySession(db, userId, id),
      readBatch(db, [sessionConceptCardsStatement(db, userId, id, conceptId), sessionConceptRatingsStatement(db, userId, id, conceptId)]),
    ]);
    if (!session) throw notFound("Session d'étude");
    // With the latest rating given in this session (null before any), so a reload resumes with the cards not yet answered.
    const rated = new Map(ratings.map((r) => [r.flashcard_id, r.rating]));
    return c.json(cards.map((card) => ({ ...presentFlashcard(card), session_rating: rated.get(card.id) ?? null })), 200);
  })
  .post('/study-sessions/:id{[0-9]+}/results/:resultId{[0-9]+}/missed-cards', validate('param', resultParam), async (c) => {
    const { id, resultId } = c.req.valid('param');
    const { created, result } = await createMissedCards(c.get('db'), { userId: c.get('userId'), sessionId: id, resultId, now: c.get('now') });
    return c.json({ created, result: presentMethodResult(result) }, 200);
  })
  .get('/concepts/:id{[0-9]+}/method-results', validate('param', conceptParam), validate('query', conceptResultsQuery), async (c) => {
    const userId = c.get('userId');
    const { id } = c.req.valid('param');
    const { limit, method } = c.req.valid('query');
    const [concept, rows] = await readBatch(c.get('db'), [ownConceptStatement(c.get('db'), userId, id), conceptResultsStatement(c.get('db'), userId, id, limit, method ?? null)]);
    if (!concept.length) throw notFound('Concept');
    return c.json(rows.map(presentMethodResult), 200);
  });
