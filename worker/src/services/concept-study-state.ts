/**
 * Keeps a concept's study figures (mastery_level, next_review_at) in step with its cards.
 * The caller reads the concept's cards, applies its change in memory, and appends the
 * statement this returns to the same batch as the change itself.
 */
import type { StoredCard } from '../domain/fsrs';
import { storedFsrsParams } from '../domain/fsrs-params';
import { masteryLevel, nextReviewAt, type RecallObservation } from '../domain/mastery-level';
import type { SiblingState } from '../domain/workload';

export type SiblingCard = Pick<StoredCard, 'state' | 'stability' | 'lastReview' | 'due'> & { id: number; lastRating: number | null };

/** The rating of a card's latest answer (mastery counts a card last answered 'À revoir' as 0). */
export const LAST_RATING_SQL = '(SELECT rating FROM review_logs WHERE flashcard_id = f.id ORDER BY reviewed_at DESC, id DESC LIMIT 1)';

/** The concept's latest recall score from a study method (Blurting), as `recall_score` and `recall_at`; `concept` is SQL naming its id. */
export const latestRecallSql = (concept: string) =>
  `(SELECT recall_score FROM study_method_results r WHERE r.concept_id = ${concept} AND r.recall_score IS NOT NULL ORDER BY r.updated_at DESC, r.id DESC LIMIT 1) AS recall_score,
   (SELECT updated_at FROM study_method_results r WHERE r.concept_id = ${concept} AND r.recall_score IS NOT NULL ORDER BY r.updated_at DESC, r.id DESC LIMIT 1) AS recall_at`;

/** The observation carried by a row of latestRecallSql's columns (null when the concept has none). */
export function recallObservationOf(row: { recall_score?: number | null; recall_at?: number | null } | undefined): RecallObservation | null {
  return row && typeof row.recall_score === 'number' && typeof row.recall_at === 'number' ? { score: row.recall_score, at: row.recall_at } : null;
}

/**
 * The memory state of every card of the concept that holds card `flashcardId`, each row with
 * the person's own FSRS parameters (their forgetting curve, for mastery) and the concept's
 * latest recall score. (`+user_id` keeps SQLite on the concept index: the user's index would
 * read all their cards.)
 */
export const conceptCardsStatement = (d1: D1Database, userId: number, flashcardId: number) =>
  d1
    .prepare(
      `SELECT f.id, f.state, f.stability, f.last_review, f.due, f.suspended, f.buried_until, ${LAST_RATING_SQL} AS last_rating,
         (SELECT fsrs_params FROM users WHERE id = ?1) AS fsrs_params, ${latestRecallSql('f.concept_id')} FROM flashcards f
       WHERE f.concept_id = (SELECT concept_id FROM flashcards WHERE id = ?2 AND user_id = ?1) AND +f.user_id = ?1`,
    )
    .bind(userId, flashcardId);

type CardStateRow = {
  id: number;
  state: number;
  stability: number;
  last_review: number | null;
  due: number;
  suspended: number;
  buried_until: number | null;
  last_rating: number | null;
};

export const siblingCards = (rows: readonly unknown[]) =>
  (rows as CardStateRow[]).map((r): SiblingCard => ({ id: r.id, state: r.state, stability: r.stability, lastReview: r.last_review, due: r.due, lastRating: r.last_rating }));

/** The same rows as burying reads them (domain/workload.ts siblingsToBury). */
export const siblingStates = (rows: readonly unknown[]) =>
  (rows as CardStateRow[]).map((r): SiblingState => ({ id: r.id, state: r.state, due: r.due, suspended: r.suspended, buriedUntil: r.buried_until }));

/** The person's own FSRS parameters carried by the rows of conceptCardsStatement (null: the defaults). */
export const conceptParams = (rows: readonly unknown[]) => storedFsrsParams((rows[0] as { fsrs_params?: string | null } | undefined)?.fsrs_params);

/** The concept's latest recall observation carried by the rows of conceptCardsStatement. */
export const conceptObservation = (rows: readonly unknown[]) => recallObservationOf(rows[0] as Parameters<typeof recallObservationOf>[0]);

export async function conceptCardsOf(d1: D1Database, userId: number, flashcardId: number) {
  const rows = (await conceptCardsStatement(d1, userId, flashcardId).all()).results;
  return { cards: siblingCards(rows), params: conceptParams(rows), observation: conceptObservation(rows) };
}

/**
 * The UPDATE that stores the concept's mastery (by the person's `params`, the defaults when
 * null, with its latest recall `observation` if any) and next review.
 */
export function conceptStudyStateStatement(
  d1: D1Database,
  userId: number,
  conceptId: number,
  cards: readonly SiblingCard[],
  now: number,
  params: readonly number[] | null,
  observation: RecallObservation | null,
) {
  return d1
    .prepare('UPDATE concepts SET mastery_level = ?, next_review_at = ? WHERE id = ? AND user_id = ?')
    .bind(masteryLevel(cards, now, params, observation), nextReviewAt(cards), conceptId, userId);
}
