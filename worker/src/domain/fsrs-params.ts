/**
 * A person's own FSRS parameters ('Optimiser mes paramètres'): what the optimizer
 * (fsrs-browser, the FSRS reference implementation compiled to WebAssembly, run in the
 * page) learns from their review log, how we check what is saved, and the log loss that
 * tells the person whether their parameters predict their memory better than the defaults.
 *
 * The optimizer trains on items: for each card, every prefix of its review history that
 * ends with a review, the last review being what is predicted. Times are whole days
 * between reviews (0 for reviews on the same day), as FSRS counts them.
 *
 * Log loss: the mean over items of −[y·ln R + (1−y)·ln(1−R)], where R is the recall
 * probability FSRS predicts for the item's last review from the reviews before it (its
 * forgetting curve at the elapsed days) and y is 1 when that review was not 'Again'.
 *
 * Pure: no I/O, no clock.
 */
import { CLAMP_PARAMETERS, default_w, fsrs, generatorParameters, W17_W18_Ceiling } from 'ts-fsrs';

/** FSRS-6 has 21 parameters. */
export const FSRS_PARAM_COUNT = default_w.length;
export const DEFAULT_FSRS_PARAMS: readonly number[] = default_w;
/** Below this many reviews the optimizer is not offered: too little to learn from (Anki asks as many). */
export const MIN_REVIEWS_TO_OPTIMIZE = 400;
/** Items sent to the optimizer at most (the latest cards' histories first are kept). */
export const MAX_OPTIMIZER_ITEMS = 200_000;

const DAY_MS = 86_400_000;

/** Why a parameter list is refused, or null when it can be saved. */
export function fsrsParamsProblem(values: unknown): string | null {
  if (!Array.isArray(values) || values.length !== FSRS_PARAM_COUNT) return `Il faut exactement ${FSRS_PARAM_COUNT} paramètres.`;
  const ranges = CLAMP_PARAMETERS(W17_W18_Ceiling, true);
  for (const [i, value] of values.entries()) {
    if (typeof value !== 'number' || !Number.isFinite(value)) return `Le paramètre w${i} doit être un nombre.`;
    const [min = -Infinity, max = Infinity] = ranges[i] ?? [];
    if (value < min || value > max) return `Le paramètre w${i} doit être compris entre ${min} et ${max}.`;
  }
  return null;
}

/** A stored parameter list (JSON text) when it is valid; null (the defaults) otherwise. */
export function storedFsrsParams(text: string | null | undefined): number[] | null {
  if (!text) return null;
  try {
    const values: unknown = JSON.parse(text);
    return fsrsParamsProblem(values) === null ? (values as number[]) : null;
  } catch {
    return null;
  }
}

export interface ReviewEvent {
  cardId: number;
  /** ms since the epoch. */
  at: number;
  rating: number;
}

/** Optimizer items as fsrs-browser takes them: per item its ratings and day gaps, and each item's length. */
export interface OptimizerItems {
  ratings: number[];
  deltas: number[];
  lengths: number[];
}

/** Whole days between two review times, counted on the person's calendar (UTC offset in minutes east). */
function dayGap(from: number, to: number, offsetMinutes: number): number {
  const day = (t: number) => Math.floor((t + offsetMinutes * 60_000) / DAY_MS);
  return Math.max(0, day(to) - day(from));
}

/** Each card's valid answers in time order, with the whole days since the card's previous answer. */
function cardHistories(events: ReviewEvent[], offsetMinutes: number): { history: ReviewEvent[]; gaps: number[] }[] {
  const byCard = new Map<number, ReviewEvent[]>();
  for (const e of events) {
    if (e.rating < 1 || e.rating > 4) continue;
    const list = byCard.get(e.cardId);
    if (list) list.push(e);
    else byCard.set(e.cardId, [e]);
  }
  return [...byCard.values()].map((history) => {
    history.sort((a, b) => a.at - b.at);
    return { history, gaps: history.map((e, i) => (i === 0 ? 0 : dayGap(history[i - 1]!.at, e.at, offsetMinutes))) };
  });
}

/**
 * The items of a review log (events in any order): for each card with two reviews or
 * more, one item per review after the first, holding the card's history up to it.
 */
export function optimizerItems(events: ReviewEvent[], offsetMinutes = 0, maxItems = MAX_OPTIMIZER_ITEMS): OptimizerItems {
  const items: OptimizerItems = { ratings: [], deltas: [], lengths: [] };
  let count = 0;
  for (const { history, gaps } of cardHistories(events, offsetMinutes)) {
    for (let end = 2; end <= history.length && count < maxItems; end++, count++) {
      for (let i = 0; i < end; i++) {
        items.ratings.push(history[i]!.rating);
        items.deltas.push(gaps[i]!);
      }
      items.lengths.push(end);
    }
  }
  return items;
}

/** The log loss of one prediction: R predicted, recalled or not. */
function predictionLoss(predicted: number, rating: number): number {
  const r = Math.min(Math.max(predicted, 1e-6), 1 - 1e-6);
  return rating > 1 ? -Math.log(r) : -Math.log(1 - r);
}

/**
 * The same mean log loss as `logLoss(optimizerItems(events, …), params)`, walking each
 * card's history once instead of once per item (linear in the answers: the server checks
 * a fit with it within a request's budget).
 */
export function reviewLogLoss(events: ReviewEvent[], params: readonly number[], offsetMinutes = 0, maxItems = MAX_OPTIMIZER_ITEMS): number {
  const scheduler = fsrs(generatorParameters({ w: [...params], enable_fuzz: false }));
  let total = 0;
  let n = 0;
  for (const { history, gaps } of cardHistories(events, offsetMinutes)) {
    let state: { stability: number; difficulty: number } | null = null;
    for (let i = 0; i < history.length && n < maxItems; i++) {
      if (state) {
        total += predictionLoss(scheduler.forgetting_curve(gaps[i]!, state.stability), history[i]!.rating);
        n += 1;
      }
      state = scheduler.next_state(state, gaps[i]!, history[i]!.rating);
    }
  }
  return n === 0 ? 0 : total / n;
}

/** Mean log loss of the parameters' recall predictions over the items (lower is better). */
export function logLoss(items: OptimizerItems, params: readonly number[]): number {
  const scheduler = fsrs(generatorParameters({ w: [...params], enable_fuzz: false }));
  let total = 0;
  let n = 0;
  let at = 0;
  for (const length of items.lengths) {
    let state: { stability: number; difficulty: number } | null = null;
    for (let i = 0; i < length - 1; i++) state = scheduler.next_state(state, items.deltas[at + i]!, items.ratings[at + i]!);
    const last = at + length - 1;
    total += predictionLoss(scheduler.forgetting_curve(items.deltas[last]!, state!.stability), items.ratings[last]!);
    n += 1;
    at += length;
  }
  return n === 0 ? 0 : total / n;
}
