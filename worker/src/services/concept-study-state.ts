/**
 * Keeps a concept's study figures (mastery_level, next_review_at) in step with its cards.
 * The caller reads the concept's cards, applies its change in memory, and appends the
 * statement this returns to the same batch as the change itself.
 */
import { conceptCardsStatement, updateStudyState, type ConceptCardRow } from '../db/queries/mastery';
import { allRows } from '../db/rows';
import type { StoredCard } from '../domain/fsrs';
import { storedFsrsParams } from '../domain/fsrs-params';
import { masteryLevel, nextReviewAt, type RecallObservation } from '../domain/mastery-level';
import type { SiblingState } from '../domain/workload';

export type SiblingCard = Pick<StoredCard, 'state' | 'stability' | 'lastReview' | 'due'> & { id: number; lastRating: number | null };

/** The observation carried by a row of latestRecallSql's columns (null when the concept has none). */
export function recallObservationOf(row: { recall_score?: number | null; recall_at?: number | null } | undefined): RecallObservation | null {
  return row && typeof row.recall_score === 'number' && typeof row.recall_at === 'number' ? { score: row.recall_score, at: row.recall_at } : null;
}


export const siblingCards = (rows: readonly Pick<ConceptCardRow, 'id' | 'state' | 'stability' | 'last_review' | 'due' | 'last_rating'>[]) =>
  rows.map((r): SiblingCard => ({ id: r.id, state: r.state, stability: r.stability, lastReview: r.last_review, due: r.due, lastRating: r.last_rating }));

/** The same rows as burying reads them (domain/workload.ts siblingsToBury). */
export const siblingStates = (rows: readonly ConceptCardRow[]) =>
  rows.map((r): SiblingState => ({ id: r.id, state: r.state, due: r.due, suspended: r.suspended, buriedUntil: r.buried_until }));

/** The person's own FSRS parameters carried by the rows of conceptCardsStatement (null: the defaults). */
export const conceptParams = (rows: readonly Pick<ConceptCardRow, 'fsrs_params'>[]) => storedFsrsParams(rows[0]?.fsrs_params);

/** The concept's latest recall observation carried by the rows of conceptCardsStatement. */
export const conceptObservation = (rows: readonly Pick<ConceptCardRow, 'recall_score' | 'recall_at'>[]) => recallObservationOf(rows[0]);

export async function conceptCardsOf(d1: D1Database, userId: number, flashcardId: number) {
  const rows = await allRows(conceptCardsStatement(d1, userId, flashcardId));
  return { cards: siblingCards(rows), params: conceptParams(rows), observation: conceptObservation(rows) };
}

/**
 * The UPDATE that stores the concept's mastery (by the person's `params`, the defaults when
 * null, with its latest recall `observation` if any) and next review. `dueWritten`: the
 * card of `cards` whose due date an earlier statement of the same batch picks (a balanced
 * answer): its due date is read there (its retrievability, hence mastery, does not depend on it).
 */
export function conceptStudyStateStatement(
  d1: D1Database,
  userId: number,
  conceptId: number,
  cards: readonly SiblingCard[],
  now: number,
  params: readonly number[] | null,
  observation: RecallObservation | null,
  dueWritten: number | null = null,
) {
  const others = dueWritten === null ? cards : cards.filter((c) => c.id !== dueWritten);
  return updateStudyState(d1, userId, conceptId, masteryLevel(cards, now, params, observation), nextReviewAt(others), dueWritten);
}
