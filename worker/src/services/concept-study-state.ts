/**
 * Keeps a concept's study figures (mastery_level, next_review_at) in step with its cards.
 * The caller reads the concept's cards, applies its change in memory, and appends the
 * statement this returns to the same batch as the change itself.
 */
import { conceptCardsStatement, updateStudyState } from '../db/queries/mastery';
import type { StoredCard } from '../domain/fsrs';
import { storedFsrsParams } from '../domain/fsrs-params';
import { masteryLevel, nextReviewAt, type RecallObservation } from '../domain/mastery-level';
import type { SiblingState } from '../domain/workload';

export type SiblingCard = Pick<StoredCard, 'state' | 'stability' | 'lastReview' | 'due'> & { id: number; lastRating: number | null };

/** The observation carried by a row of latestRecallSql's columns (null when the concept has none). */
export function recallObservationOf(row: { recall_score?: number | null; recall_at?: number | null } | undefined): RecallObservation | null {
  return row && typeof row.recall_score === 'number' && typeof row.recall_at === 'number' ? { score: row.recall_score, at: row.recall_at } : null;
}

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

/** The statement of the concept's cards lives in db/queries/mastery.ts; the answer, undo and card-action services import it from here still. */
export { conceptCardsStatement };

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
  return updateStudyState(d1, userId, conceptId, masteryLevel(cards, now, params, observation), nextReviewAt(cards));
}
