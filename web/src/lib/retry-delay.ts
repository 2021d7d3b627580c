/**
 * How long to wait before trying a failed upload again: soon after the first failure (a
 * reply lost on a flaky network usually goes through on the next try), then less and less
 * often, every 30 s at most.
 */
const RETRY_DELAYS_MS = [2000, 5000, 10_000, 30_000];

/** The wait before the next try, after `failedTries` failed ones in a row (0 for the first retry). */
export function retryDelay(failedTries: number): number {
  return RETRY_DELAYS_MS[Math.min(failedTries, RETRY_DELAYS_MS.length - 1)]!;
}
