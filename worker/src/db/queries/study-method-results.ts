/**
 * SQL of the study methods other than flashcards: a session's concepts and the
 * results of each method step. Every statement is scoped by the person's id; the service
 * (services/study-method-results.ts) decides what the rows mean.
 */
import type { StoredCard } from '../../domain/fsrs';
import { FLASHCARD_SELECT, type FlashcardRow } from './flashcards';
import { query, type SqlColumns } from '../rows';
import { LAST_RATING_SQL, latestRecallSql, type ConceptCardRow } from './mastery';
import type { concepts, studyMethodResults, studySessionConcepts, studySessions } from '../schema';

/** A result row as the API reads it (snake_case columns of study_method_results, with the concept's title). */
export type StudyMethodResultRow = {
  [K in keyof typeof studyMethodResults.$inferSelect as K extends 'userId' ? never : SnakeCase<K & string>]: (typeof studyMethodResults.$inferSelect)[K];
} & { concept_title: string };
type SnakeCase<S extends string> = S extends `${infer H}${infer T}` ? `${H extends Lowercase<H> ? H : `_${Lowercase<H>}`}${SnakeCase<T>}` : S;

const RESULT_SELECT = `SELECT r.id, r.session_id, r.concept_id, c.title AS concept_title, r.method_type, r.recall_score, r.details,
  r.cards_created, r.duration_ms, r.created_at, r.updated_at
  FROM study_method_results r JOIN concepts c ON c.id = r.concept_id`;

export type SessionConceptRow = SqlColumns<typeof concepts, 'id' | 'title' | 'content'> & SqlColumns<typeof studySessionConcepts, 'position'>;

/** The session's concepts in order, with their content (empty for another person's session). */
export const sessionConceptsStatement = (d1: D1Database, userId: number, sessionId: number) =>
  query<SessionConceptRow>(
    d1
      .prepare(
        `SELECT c.id, c.title, c.content, sc.position FROM study_session_concepts sc JOIN concepts c ON c.id = sc.concept_id
         WHERE sc.session_id = (SELECT id FROM study_sessions WHERE id = ?1 AND user_id = ?2) AND c.user_id = ?2 ORDER BY sc.position`,
      )
      .bind(sessionId, userId),
  );

/** One concept of the person's session with its content and existing card questions; null when either is missing. */
export const sessionConceptStatement = (d1: D1Database, userId: number, sessionId: number, conceptId: number) =>
  query<SessionConceptDetail>(
    d1
      .prepare(
        `SELECT c.id, c.title, c.content, s.method_type, s.steps, s.ended_at,
           (SELECT json_group_array(question) FROM flashcards f WHERE f.concept_id = c.id AND +f.user_id = ?1) AS questions
         FROM study_session_concepts sc JOIN study_sessions s ON s.id = sc.session_id JOIN concepts c ON c.id = sc.concept_id
         WHERE sc.session_id = ?2 AND sc.concept_id = ?3 AND s.user_id = ?1 AND c.user_id = ?1`,
      )
      .bind(userId, sessionId, conceptId),
  );

export type SessionConceptDetail = SqlColumns<typeof concepts, 'id' | 'title' | 'content'> &
  SqlColumns<typeof studySessions, 'method_type' | 'steps' | 'ended_at'> & { questions: string };

/** Inserts the session's concepts in the order given; `sessionIdSql` names the new session's id. */
export const insertSessionConceptsStatement = (d1: D1Database, sessionIdSql: string, conceptIds: readonly number[]) =>
  d1
    .prepare(`INSERT INTO study_session_concepts (session_id, concept_id, position) SELECT ${sessionIdSql}, value, key FROM json_each(?)`)
    .bind(JSON.stringify(conceptIds));

export interface ResultWrite {
  userId: number;
  sessionId: number;
  conceptId: number;
  methodType: string;
  recallScore: number | null;
  details: unknown;
  durationMs: number;
  now: number;
}

/** Saves a method step; saving the same step (session, concept, method) again replaces what it holds. */
export const upsertResultStatement = (d1: D1Database, w: ResultWrite) =>
  d1
    .prepare(
      `INSERT INTO study_method_results (user_id, session_id, concept_id, method_type, recall_score, details, duration_ms, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)
       ON CONFLICT (session_id, concept_id, method_type) DO UPDATE SET
         recall_score = excluded.recall_score, details = excluded.details, duration_ms = excluded.duration_ms, updated_at = excluded.updated_at`,
    )
    .bind(w.userId, w.sessionId, w.conceptId, w.methodType, w.recallScore, JSON.stringify(w.details), w.durationMs, w.now);

export const findResultStatement = (d1: D1Database, userId: number, sessionId: number, conceptId: number, methodType: string) =>
  query<StudyMethodResultRow>(d1.prepare(`${RESULT_SELECT} WHERE r.session_id = ? AND r.concept_id = ? AND r.method_type = ? AND r.user_id = ?`).bind(sessionId, conceptId, methodType, userId));

export const findResultByIdStatement = (d1: D1Database, userId: number, sessionId: number, resultId: number) =>
  query<StudyMethodResultRow>(d1.prepare(`${RESULT_SELECT} WHERE r.id = ? AND r.session_id = ? AND r.user_id = ?`).bind(resultId, sessionId, userId));

/** The session's results in the order of its concepts, then of the steps. */
export const sessionResultsStatement = (d1: D1Database, userId: number, sessionId: number) =>
  query<StudyMethodResultRow>(
    d1
      .prepare(
        `${RESULT_SELECT} LEFT JOIN study_session_concepts sc ON sc.session_id = r.session_id AND sc.concept_id = r.concept_id
         WHERE r.session_id = ? AND r.user_id = ? ORDER BY sc.position, r.created_at, r.id`,
      )
      .bind(sessionId, userId),
  );

/** A concept's results over time (of one method when `method` is given), newest first, at most `limit`. */
export const conceptResultsStatement = (d1: D1Database, userId: number, conceptId: number, limit: number, method: string | null) =>
  query<StudyMethodResultRow>(
    d1
      .prepare(`${RESULT_SELECT} WHERE r.concept_id = ?1 AND r.user_id = ?2 AND (?4 IS NULL OR r.method_type = ?4) ORDER BY r.updated_at DESC, r.id DESC LIMIT ?3`)
      .bind(conceptId, userId, limit, method),
  );

export const addCardsCreatedStatement = (d1: D1Database, userId: number, resultId: number, count: number) =>
  d1.prepare('UPDATE study_method_results SET cards_created = cards_created + ? WHERE id = ? AND user_id = ?').bind(count, resultId, userId);

/**
 * The concept's cards and study figures the mastery update needs, with the person's FSRS
 * parameters and the concept's latest recall score: one row per card, or one row with a null
 * card id when the concept has none (its parameters and recall score still count).
 */
export const conceptMasteryInputsStatement = (d1: D1Database, userId: number, conceptId: number) =>
  query<MasteryInputRow>(
    d1
      .prepare(
        `SELECT f.id, f.state, f.stability, f.last_review, f.due, ${LAST_RATING_SQL} AS last_rating,
           (SELECT fsrs_params FROM users WHERE id = ?1) AS fsrs_params, ${latestRecallSql('?2')}
         FROM concepts c LEFT JOIN flashcards f ON f.concept_id = c.id AND +f.user_id = ?1
         WHERE c.id = ?2 AND c.user_id = ?1`,
      )
      .bind(userId, conceptId),
  );

type CardPart = Pick<ConceptCardRow, 'id' | 'state' | 'stability' | 'last_review' | 'due' | 'last_rating'>;
type ConceptPart = Pick<ConceptCardRow, 'fsrs_params' | 'recall_score' | 'recall_at'>;

/** A row of conceptMasteryInputsStatement: a card of the concept, or, for a concept without cards, null card columns. */
export type MasteryInputRow = ConceptPart & (CardPart | { [K in keyof CardPart]: null });

/** Whether a row of conceptMasteryInputsStatement is a card. */
export const isCardRow = (row: MasteryInputRow): row is ConceptPart & CardPart => row.id !== null;

/** Adds new cards (never answered, `card`'s state) to one of the person's concepts; `cards` travel as one JSON array. */
export const insertNewCardsStatement = (d1: D1Database, userId: number, conceptId: number, cards: readonly { question: string; answer: string }[], card: StoredCard, now: number) =>
  query<Pick<StudyMethodResultRow, 'id'> & { question: string; answer: string }>(
    d1
      .prepare(
        `INSERT INTO flashcards (user_id, concept_id, question, answer, tags, due, stability, difficulty, elapsed_days,
           scheduled_days, learning_steps, reps, lapses, state, last_review, created_at, updated_at)
         SELECT ?1, ?2, value ->> '$[0]', value ->> '$[1]', '[]', ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?13 FROM json_each(?14)
         RETURNING id, question, answer`,
      )
      .bind(userId, conceptId, card.due, card.stability, card.difficulty, card.elapsedDays, card.scheduledDays, card.learningSteps, card.reps, card.lapses, card.state,
        card.lastReview, now, JSON.stringify(cards.map((c) => [c.question, c.answer]))),
  );

/**
 * Puts the concept's cards the session does not hold yet (e.g. just made from what a Blurting
 * step missed) at the end of its cards, and recounts them, so a later Flashcards step reviews them.
 */
export const adoptConceptCardsStatements = (d1: D1Database, userId: number, sessionId: number, conceptId: number) => [
  d1
    .prepare(
      `INSERT INTO study_session_cards (session_id, flashcard_id, position)
       SELECT ?1, f.id, (SELECT COALESCE(MAX(position), -1) FROM study_session_cards WHERE session_id = ?1) + ROW_NUMBER() OVER (ORDER BY f.id)
       FROM flashcards f WHERE f.concept_id = ?2 AND f.user_id = ?3 AND f.id NOT IN (SELECT flashcard_id FROM study_session_cards WHERE session_id = ?1)`,
    )
    .bind(sessionId, conceptId, userId),
  d1.prepare('UPDATE study_sessions SET total_cards = (SELECT COUNT(*) FROM study_session_cards WHERE session_id = ?1) WHERE id = ?1 AND user_id = ?2').bind(sessionId, userId),
];

const SESSION_CONCEPT_CARDS = `JOIN study_session_cards sc ON sc.flashcard_id = f.id
  WHERE sc.session_id = (SELECT id FROM study_sessions WHERE id = ?1 AND user_id = ?2) AND f.concept_id = ?3 AND f.user_id = ?2 ORDER BY sc.position`;

/** The concept's cards in the person's session, in session order (none for another person's session). */
export const sessionConceptCardsStatement = (d1: D1Database, userId: number, sessionId: number, conceptId: number) =>
  query<FlashcardRow>(d1.prepare(`${FLASHCARD_SELECT} ${SESSION_CONCEPT_CARDS}`).bind(sessionId, userId, conceptId));

/** The latest rating given in the session to each of the concept's cards (null before any), in session order. */
export const sessionConceptRatingsStatement = (d1: D1Database, userId: number, sessionId: number, conceptId: number) =>
  query<{ flashcard_id: number; question: string; rating: number | null }>(
    d1.prepare(`SELECT f.id AS flashcard_id, f.question, sc.rating FROM flashcards f ${SESSION_CONCEPT_CARDS}`).bind(sessionId, userId, conceptId),
  );

export const ownConceptStatement = (d1: D1Database, userId: number, conceptId: number) =>
  query<{ id: number }>(d1.prepare('SELECT id FROM concepts WHERE id = ? AND user_id = ?').bind(conceptId, userId));
