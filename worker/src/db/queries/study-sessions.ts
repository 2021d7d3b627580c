/**
 * Study-session reads and the end write the session routes need. Sessions are scoped by
 * user id in every statement; the answer/undo recounts live in services/study-session-progress.ts.
 */
import type { SessionCardState } from '../../domain/study-queue';
import { SESSION_COLUMNS, type StudySessionRow } from '../../services/study-session-progress';
import { FLASHCARD_SELECT, type FlashcardRow } from './flashcards';
import { schedulingStatement, type SchedulingRow } from './fsrs-params';

export function findStudySession(d1: D1Database, userId: number, id: number) {
  return d1.prepare(`SELECT ${SESSION_COLUMNS} FROM study_sessions WHERE id = ? AND user_id = ?`).bind(id, userId).first<StudySessionRow>();
}

/**
 * The open session's cards with their memory state (empty when the session is missing,
 * ended or another person's), and the person's stored preferences, in one round trip.
 */
export async function sessionQueue(d1: D1Database, userId: number, sessionId: number) {
  const [cards, preferences] = await d1.batch([
    d1
      .prepare(
        `SELECT f.id, f.state, f.due, sc.position, sc.rating IS NOT NULL AS answered
         FROM study_session_cards sc JOIN flashcards f ON f.id = sc.flashcard_id
         WHERE sc.session_id = (SELECT id FROM study_sessions WHERE id = ?1 AND user_id = ?2 AND ended_at IS NULL) AND f.user_id = ?2`,
      )
      .bind(sessionId, userId),
    schedulingStatement(d1, userId),
  ]);
  const states: SessionCardState[] = (cards!.results as (Omit<SessionCardState, 'answered'> & { answered: number })[]).map((r) => ({ ...r, answered: r.answered === 1 }));
  return { states, scheduling: preferences!.results[0] as SchedulingRow | undefined };
}

export function sessionFlashcard(d1: D1Database, userId: number, flashcardId: number) {
  return d1.prepare(`${FLASHCARD_SELECT} WHERE f.id = ? AND f.user_id = ?`).bind(flashcardId, userId).first<FlashcardRow>();
}

/** Ends the session; ending twice keeps the first end time. */
export function endStudySession(d1: D1Database, userId: number, id: number, now: number) {
  return d1.prepare('UPDATE study_sessions SET ended_at = ? WHERE id = ? AND user_id = ? AND ended_at IS NULL').bind(now, id, userId).run();
}
