/**
 * The retention shown on the dashboard's ring (spec document 1 §4 'Dashboard retention
 * display'). The raw success rate (share of answers other than 'Again' over 30 days, in
 * percent) is misleading on a young collection: a handful of lucky answers reads as 100 %,
 * a first day of failures as 0 %. In those two cases an estimate from the collection's
 * FSRS state is shown instead. Pure: no clock, no I/O.
 */

export interface RetentionInput {
  /** Percent of successful answers (0..100), as the stats endpoint gives it. */
  successRate: number | null | undefined;
  /** Number of answers the rate was measured on. */
  reviewCount: number | null | undefined;
  /** Mean stability in days of the reviewed cards. */
  avgStability: number | null | undefined;
  /** Mean FSRS difficulty, 1 (easy) to 10 (hard). */
  avgDifficulty: number | null | undefined;
}

/** Below this many answers a perfect rate is not trusted. */
export const FEW_REVIEWS = 20;
export const ESTIMATE_MIN = 65;
export const ESTIMATE_MAX = 95;
export const FAILURE_FLOOR = 20;
export const RETENTION_GOAL = 85;

/** FSRS-5 forgetting curve constants: R(t, S) = (1 + FACTOR * t / S) ^ DECAY, so R(S, S) = 0.9. */
const DECAY = -0.5;
const FACTOR = 19 / 81;
const NEUTRAL_DIFFICULTY = 5;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const finite = (value: number | null | undefined, fallback: number) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/**
 * Estimate for a perfect rate on few answers: the FSRS probability of recalling a card of
 * the mean stability one day after its review, minus 1.5 points per difficulty step above
 * the neutral 5 (plus 1.5 per step below), bounded to 65..95 %.
 */
export function estimateFromStability(avgStability: number, avgDifficulty: number): number {
  const stability = Math.max(0.1, avgStability);
  const recallAfterOneDay = Math.pow(1 + (FACTOR * 1) / stability, DECAY) * 100;
  const difficultyPenalty = (avgDifficulty - NEUTRAL_DIFFICULTY) * 1.5;
  return clamp(recallAfterOneDay - difficultyPenalty, ESTIMATE_MIN, ESTIMATE_MAX);
}

/**
 * Estimate for a zero rate with answers: 70 - 5 x difficulty (65 % for the easiest cards,
 * 20 % for the hardest), never below 20 %.
 */
export function estimateFromDifficulty(avgDifficulty: number): number {
  return Math.max(FAILURE_FLOOR, 70 - 5 * clamp(avgDifficulty, 1, 10));
}

/** The displayed retention in percent, rounded to a whole number. */
export function displayedRetention(input: RetentionInput): number {
  const reviews = finite(input.reviewCount, 0);
  if (reviews <= 0) return 0;
  const rate = clamp(finite(input.successRate, 0), 0, 100);
  const difficulty = finite(input.avgDifficulty, NEUTRAL_DIFFICULTY);
  if (rate >= 100 && reviews < FEW_REVIEWS) return Math.round(estimateFromStability(finite(input.avgStability, 0), difficulty));
  if (rate <= 0) return Math.round(estimateFromDifficulty(difficulty));
  return Math.round(rate);
}

/** The ring's label: 'Excellent' at or above the 85 % goal, else 'En amélioration'. */
export function retentionLabel(retention: number): 'Excellent' | 'En amélioration' {
  return retention >= RETENTION_GOAL ? 'Excellent' : 'En amélioration';
}
