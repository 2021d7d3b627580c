/**
 * A concept's mastery level, stored in `concepts.mastery_level` (0..1 or null).
 *
 * Definition: the mean current retrievability — FSRS's probability of recall at `now` —
 * of the concept's flashcards that have been answered at least once (state other than
 * New). A concept without any answered card has no mastery (null), which the UI shows as
 * "not studied" rather than 0 %. It is recomputed whenever one of its cards is answered,
 * an answer is undone, or a card is added or deleted; between those moments the stored
 * value is the retrievability as of the last change (memory decays, the figure waits for
 * the next answer).
 */
import { retrievability, type StoredCard } from './fsrs';

export type MasteryCard = Pick<StoredCard, 'state' | 'stability' | 'lastReview' | 'due'>;

export function masteryLevel(cards: readonly MasteryCard[], now: number): number | null {
  let sum = 0;
  let count = 0;
  for (const card of cards) {
    const r = retrievability(card, now);
    if (r === null) continue;
    sum += r;
    count += 1;
  }
  return count === 0 ? null : sum / count;
}

/** When the concept next needs attention: the earliest due date of its cards. */
export function nextReviewAt(cards: readonly Pick<StoredCard, 'due'>[]): number | null {
  return cards.length === 0 ? null : Math.min(...cards.map((c) => c.due));
}
