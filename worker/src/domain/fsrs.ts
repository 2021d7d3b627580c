/**
 * The one adapter between Astrolabe and ts-fsrs (FSRS-6). Pure and clock-free: every
 * function takes `now` (ms since the epoch). Cards are stored as integers (ms) and reals
 * in D1; ts-fsrs works with Dates. This file converts both ways and schedules an answer.
 *
 * Fuzz is on in production (intervals of 3+ days are spread by a few percent so cards
 * created together do not stay bunched). ts-fsrs seeds it from the review time, the
 * card's reps and its memory state, so a replay of the same log gives the same intervals;
 * tests may also switch it off.
 */
import { createEmptyCard, fsrs, generatorParameters, type Card, type FSRS, type Grade } from 'ts-fsrs';

export const DEFAULT_DESIRED_RETENTION = 0.9;
export const RATINGS = [1, 2, 3, 4] as const;
export type RatingValue = (typeof RATINGS)[number];
/** ts-fsrs State numbers as stored, with the names the API uses. */
export const STATE_NAMES = ['New', 'Learning', 'Review', 'Relearning'] as const;
export type StateName = (typeof STATE_NAMES)[number];
export const STATE = { New: 0, Learning: 1, Review: 2, Relearning: 3 } as const;

/** A flashcard's memory state as stored in the `flashcards` row (times in ms). */
export interface StoredCard {
  due: number;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: number;
  lastReview: number | null;
}

/** What one answer writes to `review_logs` (besides ids, duration and `card_before`). */
export interface StoredReviewLog {
  rating: RatingValue;
  state: number;
  due: number;
  stability: number;
  difficulty: number;
  elapsedDays: number;
  lastElapsedDays: number;
  scheduledDays: number;
  learningSteps: number;
  reviewedAt: number;
}

export interface SchedulerOptions {
  /** Probability of recall the schedule aims for, (0.7..0.99); default 0.9. */
  desiredRetention?: number;
  /** Interval fuzz; on unless a test turns it off. */
  fuzz?: boolean;
  /** The person's own FSRS parameters (domain/fsrs-params.ts); the defaults when absent. */
  params?: readonly number[] | null;
}

export const isRating = (value: unknown): value is RatingValue => RATINGS.includes(value as RatingValue);

export function stateName(state: number): StateName {
  return STATE_NAMES[state] ?? 'New';
}

/** Keeps a preference value in a range where FSRS behaves sensibly. */
export function clampRetention(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0.7 && value <= 0.99 ? value : DEFAULT_DESIRED_RETENTION;
}

const schedulers = new Map<string, FSRS>();
/** Schedulers kept for reuse (by retention, fuzz and parameters); a person's own parameters make a new one. */
const MAX_SCHEDULERS = 200;

export function scheduler({ desiredRetention = DEFAULT_DESIRED_RETENTION, fuzz = true, params = null }: SchedulerOptions = {}): FSRS {
  const retention = clampRetention(desiredRetention);
  const key = `${retention}:${fuzz}:${params ? params.join(',') : ''}`;
  let found = schedulers.get(key);
  if (!found) {
    found = fsrs(generatorParameters({ request_retention: retention, enable_fuzz: fuzz, ...(params ? { w: [...params] } : {}) }));
    if (schedulers.size >= MAX_SCHEDULERS) schedulers.clear();
    schedulers.set(key, found);
  }
  return found;
}

/**
 * A memory state under the column names that D1's `flashcards` row, the API and ts-fsrs's
 * Card share (snake_case); `T` is how a moment is written there: ms in D1, a Date in ts-fsrs.
 */
export interface MemoryColumns<T> {
  due: T;
  stability: number;
  difficulty: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  reps: number;
  lapses: number;
  state: number;
  last_review: T | null;
}

/** The one mapping from those columns to a StoredCard; `time` reads a moment as ms. */
export function storedCardOf<T>(row: MemoryColumns<T>, time: (moment: T) => number = Number): StoredCard {
  return {
    due: time(row.due),
    stability: row.stability,
    difficulty: row.difficulty,
    elapsedDays: row.elapsed_days,
    scheduledDays: row.scheduled_days,
    learningSteps: row.learning_steps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    lastReview: row.last_review === null ? null : time(row.last_review),
  };
}

/** And back: a StoredCard as those columns (moments in ms). */
export function cardColumns(card: StoredCard): MemoryColumns<number> {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsed_days: card.elapsedDays,
    scheduled_days: card.scheduledDays,
    learning_steps: card.learningSteps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    last_review: card.lastReview,
  };
}

export function toFsrsCard(card: StoredCard): Card {
  const columns = cardColumns(card);
  return { ...columns, due: new Date(card.due), last_review: card.lastReview === null ? undefined : new Date(card.lastReview) };
}

export function fromFsrsCard(card: Card): StoredCard {
  return storedCardOf({ ...card, last_review: card.last_review ?? null }, (moment) => moment.getTime());
}

/** The state of a card that was never answered: due at once. */
export function newCard(now: number): StoredCard {
  return fromFsrsCard(createEmptyCard(new Date(now)));
}

/** Schedules one answer: the card after it and the log row that records it. */
export function reviewCard(card: StoredCard, now: number, rating: RatingValue, options?: SchedulerOptions) {
  const result = scheduler(options).next(toFsrsCard(card), new Date(now), rating as Grade);
  const log: StoredReviewLog = {
    rating,
    state: result.log.state,
    due: result.log.due.getTime(),
    stability: result.log.stability,
    difficulty: result.log.difficulty,
    elapsedDays: result.log.elapsed_days,
    lastElapsedDays: result.log.last_elapsed_days,
    scheduledDays: result.log.scheduled_days,
    learningSteps: result.log.learning_steps,
    reviewedAt: now,
  };
  return { card: fromFsrsCard(result.card), log };
}

/**
 * Probability of recalling the card at `now` (FSRS forgetting curve from its stability
 * and the time since its last answer). Null for a card that was never answered: it has
 * no memory state yet.
 */
export function retrievability(
  card: Pick<StoredCard, 'state' | 'stability' | 'lastReview' | 'due'>,
  now: number,
  params: readonly number[] | null = null,
): number | null {
  if (card.state === STATE.New || card.lastReview === null) return null;
  const full: StoredCard = { elapsedDays: 0, scheduledDays: 0, learningSteps: 0, reps: 1, lapses: 0, difficulty: 5, ...card };
  // The curve's shape (its decay, w[20]) is the person's when they saved their own parameters.
  return scheduler({ fuzz: false, params }).get_retrievability(toFsrsCard(full), new Date(Math.max(now, card.lastReview)), false);
}
