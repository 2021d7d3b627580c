import { storedCardOf, type RatingValue } from '../domain/fsrs';
import { storedFsrsParams } from '../domain/fsrs-params';
import { schedulingStatement, type SchedulingRow } from '../db/queries/fsrs-params';
import { insertReviewLogStatement, loggedReviewStatement } from '../db/queries/review-logs';
import { readBatch, rowsRead, type BatchGuard } from '../db/rows';
import { graphBatch } from './graph-cache';
import { preferencesFromJson } from '../domain/preferences';
import { resolveTimeZone } from '../domain/study-day';
import { ApiError, notFound } from '../lib/errors';
import { isUniqueViolation } from '../db/queries/guard';
import { conceptCardsStatement } from '../db/queries/mastery';
import { conceptObservation, conceptStudyStateStatement, siblingCards, siblingStates } from './concept-study-state';
import { planAnswer } from './answer-plan';
import {
  balancedCardUpdate,
  burySiblingsStatement,
  findFlashcardStatement,
  markLeechStatement,
  updateCardStatement,
  withCard,
  reviewConflict,
  type FlashcardRow,
} from '../db/queries/flashcards';
import { assertSessionCard } from './study-session-progress';
import { findStudySession } from '../db/queries/study-sessions';
import { sessionCardCheckStatement, sessionProgressStatements, sessionRead, type StudySessionRow } from '../db/queries/study-session-progress';

export interface ReviewProps {
  userId: number;
  flashcardId: number;
  rating: RatingValue;
  durationMs?: number | null;
  /** The device's id for the answer: a retry whose first reply was lost answers the review already logged, never a second one. */
  clientId?: string | null;
  /** Set when the answer is given inside a study session: the card must be in it, the session running. */
  sessionId?: number | null;
  now: number;
  fuzz?: boolean;
  /** Read first in the answer's read batch, before anything else is looked at or written (the account check): when it throws, nothing is written. */
  guard?: BatchGuard;
}

/**
 * How the person's cards are scheduled: their desired retention (read as every preference
 * is, 0.9 when they set none) and their own FSRS parameters (the defaults when none are saved).
 */
export function schedulingOf(row: SchedulingRow | undefined): { desiredRetention: number; params: number[] | null } {
  return { desiredRetention: preferencesFromJson(row?.data ?? undefined).desired_retention, params: storedFsrsParams(row?.fsrs_params) };
}

/**
 * The answer already logged with this client id, as the first request answered it (the
 * card as it now stands); null when it is new. The id naming another card's answer is
 * the device mixing two answers up: 409.
 */
async function answeredBefore(d1: D1Database, userId: number, flashcardId: number, clientId: string, sessionId: number | null) {
  const [[logged], [row]] = await readBatch(d1, [loggedReviewStatement(d1, userId, clientId), findFlashcardStatement(d1, userId, flashcardId)]);
  return logged ? await replayOf(d1, userId, flashcardId, logged, row, sessionId) : null;
}

/** The answer `logged` already recorded under the request's client id, answered again (`row`: the card as it now stands). */
async function replayOf(d1: D1Database, userId: number, flashcardId: number, logged: { id: number; flashcard_id: number }, row: FlashcardRow | undefined, sessionId: number | null) {
  if (logged.flashcard_id !== flashcardId || !row) throw new ApiError(409, 'client_id_conflict', 'Cet identifiant client désigne déjà la réponse à une autre carte.');
  const session = sessionId === null ? null : await findStudySession(d1, userId, sessionId);
  if (sessionId !== null && !session) throw notFound("Session d'étude");
  return { flashcard: row, reviewId: logged.id, session: session ?? null, buried: [] as number[] };
}

/**
 * Answers a flashcard: schedules it with FSRS (load balancing, burying and leeches decided
 * by services/answer-plan.ts) and writes, in one atomic batch, the new memory state, a
 * review-log row (with the whole card as it was before and the answer's side effects, for
 * undo), the leech marking and the siblings' burial, the concept's refreshed mastery and
 * next review, and the session's progress when answered in a session. The card update is
 * guarded by the card's `updated_at`, and the log row is only inserted if that update
 * applied, so two simultaneous answers cannot both count.
 */
export async function reviewFlashcard(d1: D1Database, props: ReviewProps): Promise<{ flashcard: FlashcardRow; reviewId: number; session: StudySessionRow | null; buried: number[] }> {
  const { userId, flashcardId } = props;
  const clientId = props.clientId ?? null;
  try {
    return await answer(d1, props, clientId);
  } catch (err) {
    // Two sends of one answer racing: the other one logged it.
    const raced = clientId !== null && isUniqueViolation(err) ? await answeredBefore(d1, userId, flashcardId, clientId, props.sessionId ?? null) : null;
    if (raced) return raced;
    throw err;
  }
}

async function answer(d1: D1Database, props: ReviewProps, clientId: string | null) {
  const { userId, flashcardId, rating, now } = props;
  // One round trip for everything the answer depends on.
  const sessionId = props.sessionId ?? null;
  const [[row], concept, [schedulingRow], [membership], [earlier]] = await readBatch(d1, [
    findFlashcardStatement(d1, userId, flashcardId),
    conceptCardsStatement(d1, userId, flashcardId),
    schedulingStatement(d1, userId),
    // Outside a session this reads nothing (no session has id 0).
    sessionCardCheckStatement(d1, userId, sessionId ?? 0, flashcardId),
    // The answer already logged under this client id (a retry whose first reply was lost); without one, nothing.
    loggedReviewStatement(d1, userId, clientId ?? '', clientId !== null),
  ], props.guard);
  if (earlier) return await replayOf(d1, userId, flashcardId, earlier, row, sessionId);
  if (sessionId !== null) assertSessionCard(membership);
  if (!row) throw notFound('Carte');
  const siblings = siblingCards(concept);
  const scheduling = schedulingOf(schedulingRow);
  const before = storedCardOf(row);
  const plan = planAnswer(
    {
      userId,
      row,
      siblings: siblingStates(concept),
      rating,
      now,
      fuzz: props.fuzz ?? true,
      scheduling,
      preferences: preferencesFromJson(schedulingRow?.data),
      zone: resolveTimeZone(schedulingRow?.time_zone),
    },
    before,
  );
  const { log, sideEffects, balancing } = plan;
  const cards = siblings.map((s) => (s.id === flashcardId ? { ...plan.card, id: s.id, lastRating: rating } : s));

  // A balanced answer's day is picked by its card update, on the loads read in this batch; what follows reads it from the card.
  const picking = balancing ? balancedCardUpdate(d1, userId, flashcardId, plan.card, now, row.updated_at, balancing.days, balancing.interval) : null;
  const update = picking ?? updateCardStatement(d1, userId, flashcardId, plan.card, now, row.updated_at);
  const logged = insertReviewLogStatement(d1, { userId, flashcardId, sessionId, log, durationMs: props.durationMs ?? null, before, effects: plan.effects ?? null, clientId, intervalOfCard: !!balancing });
  const progress = sessionId === null ? ([] as const) : sessionProgressStatements(d1, sessionId, flashcardId);
  const results = await graphBatch(d1, userId, [
    update,
    logged,
    ...(sideEffects.leech ? [markLeechStatement(d1, userId, flashcardId, sideEffects.leech.tags, sideEffects.leech.suspended, now)] : []),
    ...(sideEffects.bury.length ? [burySiblingsStatement(d1, userId, sideEffects.bury, sideEffects.buriedUntil, flashcardId, now)] : []),
    conceptStudyStateStatement(d1, userId, row.concept_id, cards, now, scheduling.params, conceptObservation(concept), balancing ? flashcardId : null),
    ...progress,
  ], () => [row.concept_id]);
  const [inserted] = rowsRead(logged, results[1]!);
  if (!inserted) throw reviewConflict();
  const [picked] = picking ? rowsRead(picking, results[0]!) : [];
  const card = picked ? { ...plan.card, due: picked.due, scheduledDays: picked.scheduled_days } : plan.card;
  // In a session, the batch ends with the session as it now stands.
  const session = sessionRead(progress, results);
  const marked = sideEffects.leech ? { ...row, tags: JSON.stringify(sideEffects.leech.tags), suspended: sideEffects.leech.suspended } : row;
  return { flashcard: withCard(marked, card, now), reviewId: inserted.id, session, buried: sideEffects.bury };
}
