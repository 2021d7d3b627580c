import { storedCardOf, type RatingValue } from '../domain/fsrs';
import { storedFsrsParams } from '../domain/fsrs-params';
import { schedulingStatement, type SchedulingRow } from '../db/queries/fsrs-params';
import { insertReviewLogStatement } from '../db/queries/review-logs';
import { readBatch, rowsRead } from '../db/rows';
import { preferencesFromJson } from '../domain/preferences';
import { resolveTimeZone } from '../domain/study-day';
import { notFound } from '../lib/errors';
import { conceptCardsStatement } from '../db/queries/mastery';
import { conceptObservation, conceptStudyStateStatement, siblingCards, siblingStates } from './concept-study-state';
import { planAnswer } from './answer-plan';
import {
  burySiblingsStatement,
  findFlashcardStatement,
  markLeechStatement,
  updateCardStatement,
  withCard,
  reviewConflict,
} from '../db/queries/flashcards';
import { assertSessionCard } from './study-session-progress';
import { sessionCardCheckStatement, sessionProgressStatements, sessionRead } from '../db/queries/study-session-progress';

export interface ReviewProps {
  userId: number;
  flashcardId: number;
  rating: RatingValue;
  durationMs?: number | null;
  /** Set when the answer is given inside a study session: the card must be in it, the session running. */
  sessionId?: number | null;
  now: number;
  fuzz?: boolean;
}

/**
 * How the person's cards are scheduled: their desired retention (read as every preference
 * is, 0.9 when they set none) and their own FSRS parameters (the defaults when none are saved).
 */
export function schedulingOf(row: SchedulingRow | undefined): { desiredRetention: number; params: number[] | null } {
  return { desiredRetention: preferencesFromJson(row?.data ?? undefined).desired_retention, params: storedFsrsParams(row?.fsrs_params) };
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
export async function reviewFlashcard(d1: D1Database, props: ReviewProps) {
  const { userId, flashcardId, rating, now } = props;
  // One round trip for everything the answer depends on.
  const sessionId = props.sessionId ?? null;
  const [[row], concept, [schedulingRow], [membership]] = await readBatch(d1, [
    findFlashcardStatement(d1, userId, flashcardId),
    conceptCardsStatement(d1, userId, flashcardId),
    schedulingStatement(d1, userId),
    // Outside a session this reads nothing (no session has id 0).
    sessionCardCheckStatement(d1, userId, sessionId ?? 0, flashcardId),
  ]);
  if (sessionId !== null) assertSessionCard(membership);
  if (!row) throw notFound('Carte');
  const siblings = siblingCards(concept);
  const scheduling = schedulingOf(schedulingRow);
  const before = storedCardOf(row);
  const plan = await planAnswer(
    d1,
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
  const { card, log, sideEffects } = plan;
  const cards = siblings.map((s) => (s.id === flashcardId ? { ...card, id: s.id, lastRating: rating } : s));

  const logged = insertReviewLogStatement(d1, { userId, flashcardId, sessionId, log, durationMs: props.durationMs ?? null, before, effects: plan.effects ?? null });
  const progress = sessionId === null ? ([] as const) : sessionProgressStatements(d1, sessionId, flashcardId);
  const results = await d1.batch([
    updateCardStatement(d1, userId, flashcardId, card, now, row.updated_at),
    logged,
    ...(sideEffects.leech ? [markLeechStatement(d1, userId, flashcardId, sideEffects.leech.tags, sideEffects.leech.suspended, now)] : []),
    ...(sideEffects.bury.length ? [burySiblingsStatement(d1, userId, sideEffects.bury, sideEffects.buriedUntil, flashcardId, now)] : []),
    conceptStudyStateStatement(d1, userId, row.concept_id, cards, now, scheduling.params, conceptObservation(concept)),
    ...progress,
  ]);
  const [inserted] = rowsRead(logged, results[1]!);
  if (!inserted) throw reviewConflict();
  // In a session, the batch ends with the session as it now stands.
  const session = sessionRead(progress, results);
  const marked = sideEffects.leech ? { ...row, tags: JSON.stringify(sideEffects.leech.tags), suspended: sideEffects.leech.suspended } : row;
  return { flashcard: withCard(marked, card, now), reviewId: inserted.id, session, buried: sideEffects.bury };
}
