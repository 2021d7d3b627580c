/**
 * The SQL of a session's progress: each session card keeps the rating of its latest
 * answer in the session, and the session's cards_reviewed and rating_sum are recomputed
 * from those rows after every answer or undo (services/study-session-progress.ts).
 */
import type { studySessionCards, studySessions } from '../schema';
import { query, rowsRead, type Query, type SqlColumns } from '../rows';

/** Whether a session has ended, and whether it holds a card (0 or 1). */
export type SessionCardCheck = SqlColumns<typeof studySessions, 'ended_at'> & { member: number };

/** Whether the person's session exists, has ended, and holds the card: read with the answer's other inputs. */
export const sessionCardCheckStatement = (d1: D1Database, userId: number, sessionId: number, flashcardId: number) =>
  query<SessionCardCheck>(
    d1
      .prepare(
        `SELECT ended_at, EXISTS (SELECT 1 FROM study_session_cards WHERE session_id = s.id AND flashcard_id = ?) AS member
         FROM study_sessions s WHERE id = ? AND user_id = ?`,
      )
      .bind(flashcardId, sessionId, userId),
  );

/** Which of the (session, card) pairs are a card of one of the person's sessions. */
export const sessionMembersStatement = (d1: D1Database, userId: number, pairs: readonly (readonly [number, number])[]) =>
  query<SqlColumns<typeof studySessionCards, 'session_id' | 'flashcard_id'>>(
    d1
      .prepare(
        `SELECT sc.session_id, sc.flashcard_id FROM json_each(?) p
         JOIN study_session_cards sc ON sc.session_id = json_extract(p.value, '$[0]') AND sc.flashcard_id = json_extract(p.value, '$[1]')
         JOIN study_sessions s ON s.id = sc.session_id AND s.user_id = ?`,
      )
      .bind(JSON.stringify(pairs), userId),
  );

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
export type StudySessionRow = SqlColumns<typeof studySessions, 'id' | 'method_type' | 'total_cards' | 'cards_reviewed' | 'rating_sum' | 'started_at' | 'ended_at' | 'steps'>;

export const SESSION_COLUMNS = 'id, method_type, total_cards, cards_reviewed, rating_sum, started_at, ended_at, steps';

/** Recounts the session after an answer or undo of one card, and reads it back (last statement). */
export const sessionProgressStatements = (d1: D1Database, sessionId: number, flashcardId: number): SessionProgress => [
  sessionCardFromLogsStatement(d1, sessionId, flashcardId),
  sessionTotalsStatement(d1, sessionId),
  query<StudySessionRow>(d1.prepare(`SELECT ${SESSION_COLUMNS} FROM study_sessions WHERE id = ?`).bind(sessionId)),
];

type SessionProgress = [D1PreparedStatement, D1PreparedStatement, Query<StudySessionRow>];

/** The session as it stands after a batch that ends with `progress` (null when the answer was outside a session). */
export function sessionRead(progress: SessionProgress | readonly [], results: D1Result[]): StudySessionRow | null {
  return progress.length ? (rowsRead(progress[2], results.at(-1)!)[0] ?? null) : null;
}
