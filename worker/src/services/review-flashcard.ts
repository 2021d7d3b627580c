import { storedCardOf, type RatingValue } from '../domain/fsrs';
import { storedFsrsParams } from '../domain/fsrs-params';
import { schedulingStatement, type SchedulingRow } from '../db/queries/fsrs-params';
import { preferencesFromJson } from '../domain/preferences';
import { resolveTimeZone } from '../domain/study-day';
import { notFound } from '../lib/errors';
import { conceptCardsStatement, conceptObservation, conceptStudyStateStatement, siblingCards, siblingStates } from './concept-study-state';
import { planAnswer } from './answer-plan';
import {
  burySiblingsStatement,
  findFlashcardStatement,
  markLeechStatement,
  updateCardStatement,
  withCard,
  reviewConflict,
  type FlashcardRow,
} from '../db/queries/flashcards';
import { assertSessionCard, sessionCardCheckStatement, sessionProgressStatements, type StudySessionRow } from './study-session-progress';

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
  const [found, concept, preferences, membership] = await d1.batch([
    findFlashcardStatement(d1, userId, flashcardId),
    conceptCardsStatement(d1, userId, flashcardId),
    schedulingStatement(d1, userId),
    ...(sessionId === null ? [] : [sessionCardCheckStatement(d1, userId, sessionId, flashcardId)]),
  ]);
  if (sessionId !== null) assertSessionCard(membership!.results[0] as { ended_at: number | null; member: number } | undefined);
  const row = found!.results[0] as FlashcardRow | undefined;
  if (!row) throw notFound('Carte');
  const siblings = siblingCards(concept!.results);
  const schedulingRow = preferences!.results[0] as SchedulingRow | undefined;
  const scheduling = schedulingOf(schedulingRow);
  const before = storedCardOf(row);
  const plan = await planAnswer(
    d1,
    {
      userId,
      row,
      siblings: siblingStates(concept!.results),
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

  const results = await d1.batch([
    updateCardStatement(d1, userId, flashcardId, card, now, row.updated_at),
    d1
      .prepare(
        `INSERT INTO review_logs (user_id, flashcard_id, session_id, rating, state, due, stability, difficulty, elapsed_days,
           last_elapsed_days, scheduled_days, learning_steps, reviewed_at, duration_ms, card_before, effects)
         SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE changes() = 1 RETURNING id`,
      )
      .bind(userId, flashcardId, sessionId, log.rating, log.state, log.due, log.stability, log.difficulty, log.elapsedDays,
        log.lastElapsedDays, log.scheduledDays, log.learningSteps, log.reviewedAt, props.durationMs ?? null, JSON.stringify(before),
        plan.effects ? JSON.stringify(plan.effects) : null),
    ...(sideEffects.leech ? [markLeechStatement(d1, userId, flashcardId, sideEffects.leech.tags, sideEffects.leech.suspended, now)] : []),
    ...(sideEffects.bury.length ? [burySiblingsStatement(d1, userId, sideEffects.bury, sideEffects.buriedUntil, flashcardId, now)] : []),
    conceptStudyStateStatement(d1, userId, row.concept_id, cards, now, scheduling.params, conceptObservation(concept!.results)),
    ...(sessionId === null ? [] : sessionProgressStatements(d1, sessionId, flashcardId)),
  ]);
  const inserted = results[1]!.results[0] as { id: number } | undefined;
  if (!inserted) throw reviewConflict();
  // In a session, the batch ends with the session as it now stands.
  const session = sessionId === null ? null : (results.at(-1)!.results[0] as StudySessionRow);
  const marked = sideEffects.leech ? { ...row, tags: JSON.stringify(sideEffects.leech.tags), suspended: sideEffects.leech.suspended } : row;
  return { flashcard: withCard(marked, card, now), reviewId: inserted.id, session, buried: sideEffects.bury };
}
