/**
 * SQL of the review log: an answer's row (with the card before it and the answer's side
 * effects, for undo), the latest answers undo walks back, and for answers uploaded in a batch: which of a batch's
 * client ids are already logged (a review's client id is its row's `uid`, unique per
 * person), a card's answers from a time on, and the writes of a replay — new rows with
 * their client id, logged rows rescheduled in place.
 */
import type { StoredCard, StoredReviewLog } from '../../domain/fsrs';
import type { ReviewEffects } from '../../domain/workload';
import { FLASHCARD_SELECT, type FlashcardRow } from './flashcards';
import type { reviewLogs } from '../schema';
import { query, type SqlColumns } from '../rows';

/**
 * Logs an answer, only if the statement just before it (the card's guarded update) changed
 * a row, so two simultaneous answers cannot both count; reads back the new row's id. With
 * `intervalOfCard`, the logged interval is the one that update gave the card (a balanced
 * answer's day is picked by the update itself).
 */
export function insertReviewLogStatement(
  d1: D1Database,
  answer: {
    userId: number;
    flashcardId: number;
    sessionId: number | null;
    log: StoredReviewLog;
    durationMs: number | null;
    before: StoredCard;
    effects: ReviewEffects | null;
    clientId?: string | null;
    intervalOfCard?: boolean;
  },
) {
  const { log } = answer;
  return query<{ id: number }>(
    d1
      .prepare(
        `INSERT INTO review_logs (user_id, uid, flashcard_id, session_id, rating, state, due, stability, difficulty, elapsed_days,
           last_elapsed_days, scheduled_days, learning_steps, reviewed_at, duration_ms, card_before, effects)
         SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, coalesce(?, (SELECT scheduled_days FROM flashcards WHERE id = ?)), ?, ?, ?, ?, ? WHERE changes() = 1 RETURNING id`,
      )
      .bind(answer.userId, answer.clientId ?? null, answer.flashcardId, answer.sessionId, log.rating, log.state, log.due, log.stability, log.difficulty, log.elapsedDays,
        log.lastElapsedDays, answer.intervalOfCard ? null : log.scheduledDays, answer.flashcardId, log.learningSteps, log.reviewedAt, answer.durationMs, JSON.stringify(answer.before),
        answer.effects ? JSON.stringify(answer.effects) : null),
  );
}

/** A logged answer as undo reads it. */
export type UndoableAnswer = SqlColumns<typeof reviewLogs, 'id' | 'session_id' | 'card_before' | 'effects' | 'rating'>;

/** A card's two latest answers by review time (an answer uploaded from offline may be logged after a later one). */
export const latestAnswersStatement = (d1: D1Database, userId: number, flashcardId: number) =>
  query<UndoableAnswer>(
    d1
      .prepare('SELECT id, session_id, card_before, effects, rating FROM review_logs WHERE flashcard_id = ? AND +user_id = ? ORDER BY reviewed_at DESC, id DESC LIMIT 2')
      .bind(flashcardId, userId),
  );

/** Deletes an undone answer's row, only if the card now carries the undo's write (its updated_at is `now`). */
export const deleteUndoneAnswerStatement = (d1: D1Database, userId: number, logId: number, flashcardId: number, now: number) =>
  d1.prepare('DELETE FROM review_logs WHERE id = ? AND user_id = ? AND (SELECT updated_at FROM flashcards WHERE id = ?) = ?').bind(logId, userId, flashcardId, now);


export type ReviewLogReplayRow = SqlColumns<typeof reviewLogs, 'id' | 'flashcard_id' | 'rating' | 'reviewed_at' | 'card_before'>;

export const loggedUidsStatement = (d1: D1Database, userId: number, uids: readonly string[]) =>
  query<{ uid: string }>(d1.prepare('SELECT uid FROM review_logs WHERE user_id = ? AND uid IN (SELECT value FROM json_each(?))').bind(userId, JSON.stringify(uids)));

/** The person's review logged with that client id (its `uid`), if any; reads nothing when `wanted` is false. */
export const loggedReviewStatement = (d1: D1Database, userId: number, uid: string, wanted = true) =>
  query<SqlColumns<typeof reviewLogs, 'id' | 'flashcard_id'>>(d1.prepare('SELECT id, flashcard_id FROM review_logs WHERE user_id = ? AND uid = ? AND ?').bind(userId, uid, wanted ? 1 : 0));

export const flashcardsByIdsStatement = (d1: D1Database, userId: number, ids: readonly number[]) =>
  query<FlashcardRow>(d1.prepare(`${FLASHCARD_SELECT} WHERE f.user_id = ? AND f.id IN (SELECT value FROM json_each(?))`).bind(userId, JSON.stringify(ids)));

/** Each card's answers at or after its own time (`[[card id, time], …]`), in log order. */
export const logsSinceStatement = (d1: D1Database, userId: number, since: readonly (readonly [number, number])[]) =>
  query<ReviewLogReplayRow>(
    d1
      .prepare(
        `SELECT r.id, r.flashcard_id, r.rating, r.reviewed_at, r.card_before
         FROM json_each(?) s JOIN review_logs r ON r.flashcard_id = json_extract(s.value, '$[0]') AND r.reviewed_at >= json_extract(s.value, '$[1]')
         WHERE +r.user_id = ? ORDER BY r.flashcard_id, r.reviewed_at, r.id`,
      )
      .bind(JSON.stringify(since), userId),
  );

export function insertUploadedReviewStatement(
  d1: D1Database,
  row: { userId: number; flashcardId: number; uid: string; sessionId: number | null; log: StoredReviewLog; durationMs: number | null; cardBefore: StoredCard; effects?: ReviewEffects | null },
) {
  const { log } = row;
  return d1
    .prepare(
      `INSERT INTO review_logs (user_id, uid, flashcard_id, session_id, rating, state, due, stability, difficulty, elapsed_days,
         last_elapsed_days, scheduled_days, learning_steps, reviewed_at, duration_ms, card_before, effects)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .bind(row.userId, row.uid, row.flashcardId, row.sessionId, log.rating, log.state, log.due, log.stability, log.difficulty, log.elapsedDays,
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

export type CardAnswerRow = SqlColumns<typeof reviewLogs, 'rating' | 'state' | 'stability' | 'difficulty' | 'scheduled_days' | 'reviewed_at' | 'duration_ms' | 'card_before'>;

/** A card's latest `limit` answers, newest first (the review_logs_card_time index). */
export const cardAnswersStatement = (d1: D1Database, userId: number, flashcardId: number, limit: number) =>
  query<CardAnswerRow>(
    d1
      .prepare(
        `SELECT rating, state, stability, difficulty, scheduled_days, reviewed_at, duration_ms, card_before FROM review_logs
         WHERE flashcard_id = ? AND user_id = ? ORDER BY reviewed_at DESC, id DESC LIMIT ?`,
      )
      .bind(flashcardId, userId, limit),
  );
