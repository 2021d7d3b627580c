/**
 * Keeps a concept's study figures (mastery_level, next_review_at) in step with its cards.
 * The caller reads the concept's cards, applies its change in memory, and appends the
 * statement this returns to the same batch as the change itself.
 */
import type { StoredCard } from '../domain/fsrs';
import { storedFsrsParams } from '../domain/fsrs-params';
import { masteryLevel, nextReviewAt } from '../domain/mastery-level';

export type SiblingCard = Pick<StoredCard, 'state' | 'stability' | 'lastReview' | 'due'> & { id: number; lastRating: number | null };

/** The rating of a card's latest answer (mastery counts a card last answered 'À revoir' as 0). */
export const LAST_RATING_SQL = '(SELECT rating FROM review_logs WHERE flashcard_id = f.id ORDER BY reviewed_at DESC, id DESC LIMIT 1)';

/**
 * The memory state of every card of the concept that holds card `flashcardId`, each row with
 * the person's own FSRS parameters (their forgetting curve, for mastery). (`+user_id` keeps
 * SQLite on the concept index: the user's index would read all their cards.)
 */
export const conceptCardsStatement = (d1: D1Database, userId: number, flashcardId: number) =>
  d1
    .prepare(
      `SELECT f.id, f.state, f.stability, f.last_review, f.due, ${LAST_RATING_SQL} AS last_rating,
         (SELECT fsrs_params FROM users WHERE id = ?1) AS fsrs_params FROM flashcards f
       WHERE f.concept_id = (SELECT concept_id FROM flashcards WHERE id = ?2 AND user_id = ?1) AND +f.user_id = ?1`,
    )
    .bind(userId, flashcardId);

type CardStateRow = { id: number; state: number; stability: number; last_review: number | null; due: number; last_rating: number | null };

export const siblingCards = (rows: readonly unknown[]) =>
  (rows as CardStateRow[]).map((r): SiblingCard => ({ id: r.id, state: r.state, stability: r.stability, lastReview: r.last_review, due: r.due, lastRating: r.last_rating }));

/** The person's own FSRS parameters carried by the rows of conceptCardsStatement (null: the defaults). */
export const conceptParams = (rows: readonly unknown[]) => storedFsrsParams((rows[0] as { fsrs_params?: string | null } | undefined)?.fsrs_params);

export async function conceptCardsOf(d1: D1Database, userId: number, flashcardId: number) {
  const rows = (await conceptCardsStatement(d1, userId, flashcardId).all()).results;
  return { cards: siblingCards(rows), params: conceptParams(rows) };
}

/** The UPDATE that stores the concept's mastery (by the person's `params`, the defaults when null) and next review. */
export function conceptStudyStateStatement(
  d1: D1Database,
  userId: number,
  conceptId: number,
  cards: readonly SiblingCard[],
  now: number,
  params: readonly number[] | null,
) {
  return d1
    .prepare('UPDATE concepts SET mastery_level = ?, next_review_at = ? WHERE id = ? AND user_id = ?')
    .bind(masteryLevel(cards, now, params), nextReviewAt(cards), conceptId, userId);
}
