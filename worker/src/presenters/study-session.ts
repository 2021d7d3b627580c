import type { StudySessionRow } from '../db/queries/study-session-progress';
import type { CompositeStep } from '../domain/composite-steps';

export type { StudySessionRow };

/** Mean of the latest rating of each answered card, two decimals; null before any answer. */
export const averageRating = (row: Pick<StudySessionRow, 'cards_reviewed' | 'rating_sum'>) =>
  row.cards_reviewed > 0 ? Math.round((row.rating_sum / row.cards_reviewed) * 100) / 100 : null;

export function presentStudySession(row: StudySessionRow) {
  return {
    id: row.id,
    method_type: row.method_type,
    total_cards: row.total_cards,
    cards_reviewed: row.cards_reviewed,
    average_rating: averageRating(row),
    started_at: new Date(row.started_at).toISOString(),
    ended_at: row.ended_at === null ? null : new Date(row.ended_at).toISOString(),
    /** A Composite session's steps in order; null for a single method. */
    steps: row.steps === null ? null : (JSON.parse(row.steps) as CompositeStep[]),
  };
}

/** What the session screen needs after each answer. */
export const presentSessionProgress = (row: StudySessionRow) => ({
  total_cards: row.total_cards,
  cards_reviewed: row.cards_reviewed,
  average_rating: averageRating(row),
});
