/**
 * SQL of the review log for answers uploaded in a batch: which of a batch's
 * client ids are already logged (a review's client id is its row's `uid`, unique per
 * person), a card's answers from a time on, and the writes of a replay — new rows with
 * their client id, logged rows rescheduled in place.
 */
import type { StoredCard, StoredReviewLog } from '../../domain/fsrs';
import type { ReviewEffects } from '../../domain/workload';
import { FLASHCARD_SELECT } from './flashcards';

export interface ReviewLogReplayRow {
  id: number;
  flashcard_id: number;
  rating: number;
  reviewed_at: number;
  card_before: string;
}

export const loggedUidsStatement = (d1: D1Database, userId: number, uids: readonly string[]) =>
  d1.prepare('SELECT uid FROM review_logs WHERE user_id = ? AND uid IN (SELECT value FROM json_each(?))').bind(userId, JSON.stringify(uids));

export const flashcardsByIdsStatement = (d1: D1Database, userId: number, ids: readonly number[]) =>
  d1.prepare(`${FLASHCARD_SELECT} WHERE f.user_id = ? AND f.id IN (SELECT value FROM json_each(?))`).bind(userId, JSON.stringify(ids));

/** Each card's answers at or after its own time (`[[card id, time], …]`), in log order. */
export const logsSinceStatement = (d1: D1Database, userId: number, since: readonly (readonly [number, number])[]) =>
  d1
    .prepare(
      `SELECT r.id, r.flashcard_id, r.rating, r.reviewed_at, r.card_before
       FROM json_each(?) s JOIN review_logs r ON r.flashcard_id = json_extract(s.value, '$[0]') AND r.reviewed_at >= json_extract(s.value, '$[1]')
       WHERE +r.user_id = ? ORDER BY r.flashcard_id, r.reviewed_at, r.id`,
    )
    .bind(JSON.stringify(since), userId);

export function insertUploadedReviewStatement(
  d1: D1Database,
  row: { userId: number; flashcardId: number; uid: string; log: StoredReviewLog; durationMs: number | null; cardBefore: StoredCard; effects?: ReviewEffects | null },
) {
  const { log } = row;
  return d1
    .prepare(
      `INSERT INTO review_logs (user_id, uid, flashcard_id, session_id, rating, state, due, stability, difficulty, elapsed_days,
         last_elapsed_days, scheduled_days, learning_steps, reviewed_at, duration_ms, card_before, effects)
       VALUES (?, ?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .bind(row.userId, row.uid, row.flashcardId, log.rating, log.state, log.due, log.stability, log.difficulty, log.elapsedDays,
      log.lastElapsedDays, log.scheduledDays, log.learningSteps, log.reviewedAt, row.durationMs, JSON.stringify(row.cardBefore),
      row.effects ? JSON.stringify(row.effects) : null);
}

/** A logged answer scheduled again after an earlier answer was put before it. */
export function rescheduleReviewStatement(d1: D1Database, userId: number, id: number, log: StoredReviewLog, cardBefore: StoredCard) {
  return d1
    .prepare(
      `UPDATE review_logs SET state = ?, due = ?, stability = ?, difficulty = ?, elapsed_days = ?, last_elapsed_days = ?,
         scheduled_days = ?, learning_steps = ?, card_before = ? WHERE id = ? AND user_id = ?`,
    )
    .bind(log.state, log.due, log.stability, log.difficulty, log.elapsedDays, log.lastElapsedDays, log.scheduledDays, log.learningSteps,
      JSON.stringify(cardBefore), id, userId);
}
