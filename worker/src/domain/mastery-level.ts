/**
 * A concept's mastery level, stored in `concepts.mastery_level` (0..1 or null).
 *
 * Definition — what the person will still remember a few weeks from now:
 *
 *   mastery = mean over ALL the concept's cards of  recall_i(now + 28 days)
 *
 * where recall_i(t) is card i's predicted probability of recall at time t by its own
 * FSRS forgetting curve, R(t) = (1 + F · (t − last_review) / S)^(−decay) (ts-fsrs,
 * FSRS-6 parameters, S = the card's stability), with two exceptions that count 0:
 *   - a card never answered (state New): nothing is known yet;
 *   - a card whose latest answer was 'À revoir' (Again): it was just forgotten, and
 *     counts again only once it is answered correctly.
 * A concept none of whose cards was ever answered has no mastery (null, shown as "not
 * studied"). Because the horizon moves with `now`, mastery falls as time passes without
 * review: it is recomputed on every answer, undo, card add or delete, and once a day for
 * every concept by the scheduled refresh (services/mastery-refresh.ts).
 *
 * A study method's recall score (Blurting: the share of the concept's key items
 * the person wrote from memory) is one more observation in the mean: the latest one counts
 * as a card first answered 'Bon' when it was made, its predicted recall scaled by the score
 * (all recalled → as one 'Bon'; nothing → 0). A concept with only such an observation has a
 * mastery; the next observation replaces it.
 *
 * Examples with default parameters: one 'Bon' on a new card → ~67 % (yellow), one
 * 'Facile' → ~80 % (light green), 'À revoir' only → 0 % (red); a card reviewed well for
 * months (stability of a year) → ~99 % (blue).
 */
import { newCard, retrievability, reviewCard, type StoredCard } from './fsrs';

export const MASTERY_HORIZON_DAYS = 28;
const DAY_MS = 86_400_000;

export type MasteryCard = Pick<StoredCard, 'state' | 'stability' | 'lastReview' | 'due'> & {
  /** The rating of the card's latest answer (1 = Again); null or absent when unknown or never answered. */
  lastRating?: number | null;
};

/** One card's contribution: its predicted recall at the horizon; 0 if never answered or last failed. */
export function cardRecallAhead(card: MasteryCard, now: number, params: readonly number[] | null = null): number {
  if (card.lastRating === 1) return 0;
  return retrievability(card, now + MASTERY_HORIZON_DAYS * DAY_MS, params) ?? 0;
}

/** A study method's recall score (0..1) for the concept, and when it was made. */
export interface RecallObservation {
  score: number;
  at: number;
}

/** The observation's contribution: a 'Bon' answer at its time, predicted at the horizon, times the score. */
export function observationRecallAhead(observation: RecallObservation, now: number, params: readonly number[] | null = null): number {
  const score = Math.min(1, Math.max(0, Number.isFinite(observation.score) ? observation.score : 0));
  const card = reviewCard(newCard(observation.at), observation.at, 3, { fuzz: false, params }).card;
  return score * (retrievability(card, now + MASTERY_HORIZON_DAYS * DAY_MS, params) ?? 0);
}

/**
 * `params`: the person's own FSRS parameters (their forgetting curve's decay); the defaults when null.
 * `observation`: the concept's latest recall score from a study method, if any.
 */
export function masteryLevel(
  cards: readonly MasteryCard[],
  now: number,
  params: readonly number[] | null = null,
  observation: RecallObservation | null = null,
): number | null {
  if (!observation && !cards.some((c) => retrievability(c, now) !== null)) return null;
  let sum = observation ? observationRecallAhead(observation, now, params) : 0;
  for (const card of cards) sum += cardRecallAhead(card, now, params);
  return sum / (cards.length + (observation ? 1 : 0));
}

/** When the concept next needs attention: the earliest due date of its cards. */
export function nextReviewAt(cards: readonly Pick<StoredCard, 'due'>[]): number | null {
  return cards.length === 0 ? null : Math.min(...cards.map((c) => c.due));
}
