/**
 * A person's own FSRS parameters: what the page shows before optimizing, the
 * review log it trains on, and saving or forgetting the result. Reviews are scheduled
 * with the saved parameters from then on (services/review-flashcard.ts).
 */
import { countReviews, selectFsrsParams, selectReviewEvents, updateFsrsParams } from '../db/queries/fsrs-params';
import { allRows, readBatch } from '../db/rows';
import { DEFAULT_FSRS_PARAMS, MAX_OPTIMIZER_ITEMS, MIN_REVIEWS_TO_OPTIMIZE, optimizerItems, storedFsrsParams } from '../domain/fsrs-params';
import { DAY_ROLLOVER_HOUR, resolveTimeZone, zoneOffset } from '../domain/study-day';

/** At most this many answers are read for training (the optimizer needs far fewer). */
const MAX_EVENTS = 400_000;

export async function fsrsParamsOf(d1: D1Database, userId: number) {
  const [[stored], [count]] = await readBatch(d1, [selectFsrsParams(d1, userId), countReviews(d1, userId)]);
  return {
    params: storedFsrsParams(stored?.fsrs_params),
    defaults: [...DEFAULT_FSRS_PARAMS],
    review_count: Number(count!.n),
    min_reviews: MIN_REVIEWS_TO_OPTIMIZE,
  };
}

export async function saveFsrsParams(d1: D1Database, userId: number, params: number[] | null, now: number): Promise<void> {
  await updateFsrsParams(d1, userId, params, now).run();
}

/**
 * The person's review log as optimizer items. Days are counted as their study days are:
 * in their time zone, a new day starting at DAY_ROLLOVER_HOUR.
 */
export async function optimizerItemsOf(d1: D1Database, userId: number, timeZone: string | null, now: number) {
  const rows = await allRows(selectReviewEvents(d1, userId, MAX_EVENTS));
  const offsetMinutes = zoneOffset(now, resolveTimeZone(timeZone)) / 60_000 - DAY_ROLLOVER_HOUR * 60;
  const items = optimizerItems(rows.map((row) => ({ cardId: row.c, at: row.t, rating: row.r })), offsetMinutes, MAX_OPTIMIZER_ITEMS);
  return { review_count: rows.length, ...items };
}
