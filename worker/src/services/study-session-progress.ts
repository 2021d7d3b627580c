/**
 * A study session's progress is derived, never counted by hand: each session card keeps
 * the rating of its latest answer in the session, and the session's cards_reviewed and
 * rating_sum are recomputed from those rows after every answer or undo. So a card
 * answered twice in one session counts once, with its latest rating.
 */

import { ApiError, notFound } from '../lib/errors';

/** Whether the person's session exists, has ended, and holds the card: read with the answer's other inputs. */
export const sessionCardCheckStatement = (d1: D1Database, userId: number, sessionId: number, flashcardId: number) =>
  d1
    .prepare(
      `SELECT ended_at, EXISTS (SELECT 1 FROM study_session_cards WHERE session_id = s.id AND flashcard_id = ?) AS member
       FROM study_sessions s WHERE id = ? AND user_id = ?`,
    )
    .bind(flashcardId, sessionId, userId);

/**
 * A card answered (or un-answered) in a session must belong to the person's session
 * (404 otherwise), and an ended session's figures are final (409).
 */
export function assertSessionCard(row: { ended_at: number | null; member: number } | undefined) {
  if (!row) throw notFound("Session d'étude");
  if (row.ended_at !== null) throw new ApiError(409, 'session_ended', 'Cette session est terminée.');
  if (!row.member) throw notFound('Carte de cette session');
}

/** Sets a session card's rating from its latest remaining answer in that session (null if none). */
export function sessionCardFromLogsStatement(d1: D1Database, sessionId: number, flashcardId: number) {
  return d1
    .prepare(
      `UPDATE study_session_cards SET
         rating = (SELECT rating FROM review_logs WHERE session_id = ?1 AND flashcard_id = ?2 ORDER BY id DESC LIMIT 1),
         answered_at = (SELECT reviewed_at FROM review_logs WHERE session_id = ?1 AND flashcard_id = ?2 ORDER BY id DESC LIMIT 1)
       WHERE session_id = ?1 AND flashcard_id = ?2`,
    )
    .bind(sessionId, flashcardId);
}

/** Recounts a session's answered cards and rating sum from its session cards. */
export function sessionTotalsStatement(d1: D1Database, sessionId: number) {
  return d1
    .prepare(
      `UPDATE study_sessions SET
         total_cards = (SELECT COUNT(*) FROM study_session_cards WHERE session_id = ?1),
         cards_reviewed = (SELECT COUNT(*) FROM study_session_cards WHERE session_id = ?1 AND rating IS NOT NULL),
         rating_sum = (SELECT COALESCE(SUM(rating), 0) FROM study_session_cards WHERE session_id = ?1)
       WHERE id = ?1`,
    )
    .bind(sessionId);
}

/** A study_sessions row as read with SESSION_COLUMNS. */
export interface StudySessionRow {
  id: number;
  method_type: string;
  total_cards: number;
  cards_reviewed: number;
  rating_sum: number;
  started_at: number;
  ended_at: number | null;
}

export const SESSION_COLUMNS = 'id, method_type, total_cards, cards_reviewed, rating_sum, started_at, ended_at';

/** Recounts the session after an answer or undo of one card, and reads it back (last statement). */
export const sessionProgressStatements = (d1: D1Database, sessionId: number, flashcardId: number) => [
  sessionCardFromLogsStatement(d1, sessionId, flashcardId),
  sessionTotalsStatement(d1, sessionId),
  d1.prepare(`SELECT ${SESSION_COLUMNS} FROM study_sessions WHERE id = ?`).bind(sessionId),
];
