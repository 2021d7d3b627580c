/**
 * Study-session reads and the end write the session routes need. Sessions are scoped by
 * user id in every statement; the answer/undo recounts are in ./study-session-progress.ts.
 */
import type { QueueCard, SessionCardState } from '../../domain/study-queue';
import { firstRow, query, readBatch } from '../rows';
import { idByUid } from './new-row';
import { insertSessionConceptsStatement } from './study-method-results';
import { SESSION_COLUMNS, type StudySessionRow } from './study-session-progress';
import type { Preferences } from '../../domain/preferences';
import { FLASHCARD_SELECT, QUEUEABLE_SQL, type FlashcardRow } from './flashcards';
import { schedulingStatement } from './fsrs-params';

export function findStudySession(d1: D1Database, userId: number, id: number) {
  return firstRow(query<StudySessionRow>(d1.prepare(`SELECT ${SESSION_COLUMNS} FROM study_sessions WHERE id = ? AND user_id = ?`).bind(id, userId)));
}

/**
 * The open session's cards with their memory state (empty when the session is missing,
 * ended or another person's), and the person's stored preferences, in one round trip.
 */
export async function sessionQueue(d1: D1Database, userId: number, sessionId: number, now: number) {
  const [cards, [scheduling]] = await readBatch(d1, [
    // A card suspended or buried since the session began (a sibling answered, a leech) is left out.
    query<Omit<SessionCardState, 'answered'> & { answered: number }>(
      d1
        .prepare(
          `SELECT f.id, f.state, f.due, sc.position, sc.rating IS NOT NULL AS answered
           FROM study_session_cards sc JOIN flashcards f ON f.id = sc.flashcard_id
           WHERE sc.session_id = (SELECT id FROM study_sessions WHERE id = ?1 AND user_id = ?2 AND ended_at IS NULL) AND f.user_id = ?2
             AND ${QUEUEABLE_SQL.replace('?', '?3')}`,
        )
        .bind(sessionId, userId, now),
    ),
    schedulingStatement(d1, userId),
  ]);
  const states: SessionCardState[] = cards.map((r) => ({ ...r, answered: r.answered === 1 }));
  return { states, scheduling };
}

export function sessionFlashcard(d1: D1Database, userId: number, flashcardId: number) {
  return firstRow(query<FlashcardRow>(d1.prepare(`${FLASHCARD_SELECT} WHERE f.id = ? AND f.user_id = ?`).bind(flashcardId, userId)));
}

/** Ends the session; ending twice keeps the first end time. */
export function endStudySession(d1: D1Database, userId: number, id: number, now: number) {
  return d1.prepare('UPDATE study_sessions SET ended_at = ? WHERE id = ? AND user_id = ? AND ended_at IS NULL').bind(now, id, userId).run();
}

/**
 * The ORDER BY of due studied cards for a review order, the same order domain/workload.ts
 * orderBacklog gives: by due date; by retrievability (lowest first: the forgetting curve falls
 * with elapsed time over stability, so that ratio, highest first); or by the day's random rank.
 */
const BACKLOG_ORDER_SQL: Record<Preferences['review_order'], string> = {
  due: 'due, id',
  retrievability: '(?2 - last_review) * 1.0 / MAX(stability, 0.0001) DESC, due, id',
  random: '((((id % 2147483647) * ((((?4 % 65536) * 1103515245 + 12345) % 4194301) + 1)) % 2147483647) * 48271) % 2147483647, id',
};

/**
 * A due-review session's candidates: the first `limit` studied cards due at `now` in the
 * review order, and the oldest new ones (neither suspended nor buried).
 */
export function dueCandidateStatements(d1: D1Database, userId: number, now: number, limit: number, order: Preferences['review_order'], seed: number) {
  const queueable = QUEUEABLE_SQL.replaceAll('f.', '').replace('?', '?2');
  return [
    query<QueueCard>(
      d1
        .prepare(
          `SELECT id, state, due, stability, last_review AS lastReview FROM flashcards
           WHERE user_id = ?1 AND due <= ?2 AND state != 0 AND ${queueable} ORDER BY ${BACKLOG_ORDER_SQL[order]} LIMIT ?3`,
        )
        .bind(...[userId, now, limit], ...(order === 'random' ? [seed] : [])),
    ),
    query<QueueCard>(d1.prepare(`SELECT id, state, due FROM flashcards WHERE user_id = ?1 AND due <= ?2 AND state = 0 AND ${queueable} ORDER BY id LIMIT ?3`).bind(userId, now, limit)),
  ] as const;
}

/** Every card of the chosen concepts a session may hold (neither suspended nor buried at `now`). */
export function selectionCardsStatement(d1: D1Database, userId: number, conceptIds: readonly number[], now: number) {
  return query<QueueCard>(
    d1
      .prepare(
        `SELECT f.id, f.state, f.due, f.stability, f.last_review AS lastReview FROM flashcards f
         WHERE f.concept_id IN (SELECT value FROM json_each(?2)) AND +f.user_id = ?1 AND ${QUEUEABLE_SQL.replace('?', '?3')}`,
      )
      .bind(userId, JSON.stringify(conceptIds), now),
  );
}

/** Whether the constellation is the person's (a row when it is), and its concepts' ids. */
export const constellationSelection = (d1: D1Database, userId: number, constellationId: number) =>
  [
    query<{ id: number }>(d1.prepare('SELECT id FROM constellations WHERE id = ? AND user_id = ?').bind(constellationId, userId)),
    query<{ id: number }>(d1.prepare('SELECT concept_id AS id FROM constellation_concepts WHERE constellation_id = ?').bind(constellationId)),
  ] as const;

/** How many new cards the person first answered since `since` (the study day's start). */
export const newCardsSeenSince = (d1: D1Database, userId: number, since: number) =>
  query<{ n: number }>(
    d1.prepare("SELECT COUNT(DISTINCT flashcard_id) AS n FROM review_logs WHERE user_id = ? AND reviewed_at >= ? AND card_before ->> '$.state' = 0").bind(userId, since),
  );

/**
 * Creates a session with its ordered cards (and, for the other methods, its concepts) and
 * reads it back (first statement). The cards travel as one JSON array of [card id, position]
 * so no parameter limit applies.
 */
export function insertStudySession(
  d1: D1Database,
  userId: number,
  uid: string,
  session: { methodType: string; scope: string; cardIds: readonly number[]; conceptIds: readonly number[]; steps: readonly string[] | null },
  now: number,
) {
  const sessionId = idByUid('study_sessions', userId, uid);
  return [
    query<StudySessionRow>(
      d1
        .prepare(`INSERT INTO study_sessions (user_id, uid, method_type, scope, total_cards, started_at, steps) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${SESSION_COLUMNS}`)
        .bind(userId, uid, session.methodType, session.scope, session.cardIds.length, now, session.steps ? JSON.stringify(session.steps) : null),
    ),
    d1
      .prepare(`INSERT INTO study_session_cards (session_id, flashcard_id, position) SELECT ${sessionId}, value ->> '$[0]', value ->> '$[1]' FROM json_each(?)`)
      .bind(JSON.stringify(session.cardIds.map((id, i) => [id, i]))),
    ...(session.conceptIds.length ? [insertSessionConceptsStatement(d1, sessionId, session.conceptIds)] : []),
  ] as const;
}
