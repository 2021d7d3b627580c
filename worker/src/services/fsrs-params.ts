/**
 * A person's own FSRS parameters: what the page shows before optimizing, the
 * review log it trains on, and saving or forgetting the result. Reviews are scheduled
 * with the saved parameters from then on (services/review-flashcard.ts).
 *
 * Automatic optimisation: the last fit is kept here, so every device agrees on
 * when the next one is due (domain/auto-fit.ts); a device's fit is saved only when it is
 * built on the last fit and its log loss on the person's log, computed here, is lower.
 */
import { clearFsrsParams, countNewCards, countReviews, selectCardMemories, recordFsrsFit, saveOwnFsrsParams, selectFsrsParams, selectReviewEvents, type FsrsFitRow } from '../db/queries/fsrs-params';
import { allRows, readBatch } from '../db/rows';
import { autoFitDue } from '../domain/auto-fit';
import { DEFAULT_FSRS_PARAMS, MAX_OPTIMIZER_ITEMS, MIN_REVIEWS_TO_OPTIMIZE, optimizerItems, reviewLogLoss, storedFsrsParams } from '../domain/fsrs-params';
import { preferencesFromJson } from '../domain/preferences';
import { DAY_ROLLOVER_HOUR, resolveTimeZone, zoneOffset } from '../domain/study-day';
import { ApiError } from '../lib/errors';

/** At most this many answers are read for training (the optimizer needs far fewer). */
const MAX_EVENTS = 400_000;

const STALE_FIT = "Vos paramètres FSRS ont été ajustés depuis (sur un autre appareil ?) : cet ajustement part d'une version plus ancienne et n'a pas été enregistré.";

function presentFit(row: FsrsFitRow | undefined) {
  return {
    id: row?.fsrs_fit_id ?? 0,
    at: row?.fsrs_fit_at == null ? null : new Date(row.fsrs_fit_at).toISOString(),
    review_count: row?.fsrs_fit_reviews ?? null,
    loss_before: row?.fsrs_fit_loss_before ?? null,
    loss_after: row?.fsrs_fit_loss_after ?? null,
  };
}

export async function fsrsParamsOf(d1: D1Database, userId: number, now: number) {
  const [[stored], [count]] = await readBatch(d1, [selectFsrsParams(d1, userId), countReviews(d1, userId)]);
  const reviewCount = Number(count!.n);
  const autoOptimize = preferencesFromJson(stored?.data).auto_optimize;
  const lastFit = stored?.fsrs_fit_at == null ? null : { at: stored.fsrs_fit_at, reviewCount: stored.fsrs_fit_reviews ?? 0 };
  return {
    params: storedFsrsParams(stored?.fsrs_params),
    defaults: [...DEFAULT_FSRS_PARAMS],
    review_count: reviewCount,
    min_reviews: MIN_REVIEWS_TO_OPTIMIZE,
    fit: presentFit(stored),
    auto_optimize: autoOptimize,
    /** Whether a device should fit the parameters again now (it adds its own conditions: idle, not studying, battery). */
    auto_fit_due: autoFitDue({ enabled: autoOptimize, reviewCount, lastFit, now }),
  };
}

/** Parameters chosen by hand ('Enregistrer ces paramètres'), or null for the defaults. */
export async function saveFsrsParams(d1: D1Database, userId: number, params: number[] | null, now: number): Promise<void> {
  await (params ? saveOwnFsrsParams(d1, userId, params, now) : clearFsrsParams(d1, userId, now)).run();
}

/** The UTC offset (minutes east) at which the person's study days are counted, for day gaps. */
const dayOffsetMinutes = (timeZone: string | null, now: number) => zoneOffset(now, resolveTimeZone(timeZone)) / 60_000 - DAY_ROLLOVER_HOUR * 60;

/**
 * A device's fit, built on the fit `basedOn`: with `params`, saved when they predict the
 * person's log better than the parameters in use (409 `no_improvement` otherwise, nothing
 * changed); without, recorded as 'fitted, nothing better', so no device fits again before
 * it is due. 409 `stale_fit` when another fit was recorded since `basedOn`.
 */
export async function recordFit(d1: D1Database, userId: number, input: { basedOn: number; params: number[] | null; timeZone: string | null; now: number }) {
  const [[stored], events, [count]] = await readBatch(d1, [selectFsrsParams(d1, userId), selectReviewEvents(d1, userId, MAX_EVENTS), countReviews(d1, userId)]);
  if ((stored?.fsrs_fit_id ?? 0) !== input.basedOn) throw new ApiError(409, 'stale_fit', STALE_FIT, { fit: presentFit(stored) });
  let losses: { before: number; after: number } | null = null;
  if (input.params) {
    const log = events.map((row) => ({ cardId: row.c, at: row.t, rating: row.r }));
    const offset = dayOffsetMinutes(input.timeZone, input.now);
    const before = reviewLogLoss(log, storedFsrsParams(stored?.fsrs_params) ?? DEFAULT_FSRS_PARAMS, offset);
    const after = reviewLogLoss(log, input.params, offset);
    if (!(after < before)) {
      const shown = (v: number) => v.toFixed(4).replace('.', ',');
      throw new ApiError(409, 'no_improvement', `Ces paramètres ne prédisent pas mieux vos révisions que ceux en usage (perte logarithmique ${shown(after)} contre ${shown(before)}) : rien n'a été changé.`, {
        loss_before: before,
        loss_after: after,
      });
    }
    losses = { before, after };
  }
  const fit = { basedOn: input.basedOn, at: input.now, reviewCount: Number(count!.n), lossBefore: losses?.before ?? null, lossAfter: losses?.after ?? null };
  const written = await recordFsrsFit(d1, userId, input.params ?? undefined, fit).run();
  if (!written.meta.changes) throw new ApiError(409, 'stale_fit', STALE_FIT);
  return fsrsParamsOf(d1, userId, input.now);
}

/**
 * The person's review log as optimizer items. Days are counted as their study days are:
 * in their time zone, a new day starting at DAY_ROLLOVER_HOUR.
 */
export async function optimizerItemsOf(d1: D1Database, userId: number, timeZone: string | null, now: number) {
  const rows = await allRows(selectReviewEvents(d1, userId, MAX_EVENTS));
  const items = optimizerItems(rows.map((row) => ({ cardId: row.c, at: row.t, rating: row.r })), dayOffsetMinutes(timeZone, now), MAX_OPTIMIZER_ITEMS);
  return { review_count: rows.length, ...items };
}

/** At most this many studied cards go to the retention helper (the page simulates them all). */
export const MAX_SIMULATED_CARDS = 50_000;

/**
 * What the retention helper simulates: the parameters answers are scheduled with, the
 * person's desired retention and new-card limit, their studied cards' memory (whole days
 * since the last answer) and how many cards are still new.
 */
export async function retentionHelperInput(d1: D1Database, userId: number, now: number) {
  const [[stored], memories, [fresh]] = await readBatch(d1, [selectFsrsParams(d1, userId), selectCardMemories(d1, userId, MAX_SIMULATED_CARDS), countNewCards(d1, userId)]);
  const preferences = preferencesFromJson(stored?.data);
  const DAY_MS = 86_400_000;
  return {
    params: storedFsrsParams(stored?.fsrs_params) ?? [...DEFAULT_FSRS_PARAMS],
    desired_retention: preferences.desired_retention,
    new_cards_per_day: preferences.new_cards_per_day,
    new_cards: Number(fresh!.n),
    /** Per studied card: stability, difficulty, whole days since its last answer. */
    cards: {
      stability: memories.map((m) => m.stability),
      difficulty: memories.map((m) => Math.min(10, Math.max(1, m.difficulty))),
      elapsed_days: memories.map((m) => Math.max(0, Math.floor((now - m.last_review!) / DAY_MS))),
    },
  };
}
