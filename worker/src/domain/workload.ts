/**
 * The workload tools ts-fsrs does not have, as Anki has them: load balancing
 * within the fuzz range, easy days, sibling burying, leeches and the order of a backlog.
 * Pure and clock-free: the review service reads the loads and the siblings, these decide.
 */
import { get_fuzz_range } from 'ts-fsrs';
import { retrievability, STATE, type StoredCard } from './fsrs';
import type { Preferences } from './preferences';

/** ts-fsrs's longest interval (its default `maximum_interval`), in days. */
export const MAXIMUM_INTERVAL = 36_500;
/** How much of a normal day's reviews each easy-day load takes (Anki: 100 %, 50 %, none if avoidable). */
export const EASY_DAY_CAPACITY: Readonly<Record<Preferences['easy_days'][number], number>> = { normal: 1, reduced: 0.5, minimum: 0 };
/** The tag a leech gets ('leech' in Anki). */
export const LEECH_TAG = 'sangsue';

export interface DayRange {
  /** First and last day (days after the answer) the interval may take. */
  min: number;
  max: number;
}

/**
 * The days a review interval of `interval` days may be moved to: ts-fsrs's own fuzz range
 * (the spread its fuzz would pick from), or null for intervals fuzz leaves alone (under
 * 2.5 days: ts-fsrs's threshold).
 */
export function fuzzRange(interval: number, elapsedDays: number): DayRange | null {
  if (interval < 2.5) return null;
  const { min_ivl, max_ivl } = get_fuzz_range(interval, elapsedDays, MAXIMUM_INTERVAL);
  return { min: min_ivl, max: max_ivl };
}

/** Monday 0 … Sunday 6 of a day key 'YYYY-MM-DD' (the index of the `easy_days` preference). */
export function weekdayIndex(dayKey: string): number {
  return (new Date(`${dayKey}T00:00:00Z`).getUTCDay() + 6) % 7;
}

export interface BalanceInput {
  range: DayRange;
  /** The interval FSRS gives without fuzz: ties go to the day nearest it. */
  interval: number;
  /** Cards already due on each day of the range (index 0 is `range.min`). */
  loads: readonly number[];
  /** Each day's easy-day capacity (EASY_DAY_CAPACITY; index 0 is `range.min`). */
  capacities: readonly number[];
}

/** A day load balancing may pick, and the weight its load is set against (its easy-day capacity). */
export interface BalanceCandidate {
  /** Days after the answer. */
  day: number;
  weight: number;
}

/**
 * The days of the range balancing may pick, each with its weight: every day with its
 * easy-day capacity, but minimum days (capacity 0) only when every day of the range is
 * one — then all weigh the same. The day picked is the candidate with the lowest
 * (load + 1) / weight, ties going to the day nearest the unfuzzed interval, then to the
 * earlier one (balancedInterval here; the answer's write batch picks it the same way in
 * SQL, db/queries/flashcards.ts › balancedCardUpdate).
 */
export function balanceCandidates(range: DayRange, capacities: readonly number[]): BalanceCandidate[] {
  const days = range.max - range.min + 1;
  const onlyMinimum = capacities.slice(0, days).every((c) => !(c > 0));
  return Array.from({ length: days }, (_, i) => ({ day: range.min + i, weight: onlyMinimum ? 1 : (capacities[i] ?? 1) })).filter((c) => c.weight > 0);
}

/**
 * Load balancing with easy days: the day of the range whose load, set against its
 * capacity, is lowest — a reduced day counts twice as full as a normal one with the same
 * cards, a minimum day is taken only when every day of the range is one. Ties go to the
 * day nearest the unfuzzed interval, then to the earlier one. Nothing random: the same
 * state and loads give the same day, so an undone answer given again lands where it did.
 */
export function balancedInterval({ range, interval, loads, capacities }: BalanceInput): number {
  let best = range.min;
  let bestScore = Infinity;
  for (const { day, weight } of balanceCandidates(range, capacities)) {
    const s = ((loads[day - range.min] ?? 0) + 1) / weight;
    if (s < bestScore || (s === bestScore && Math.abs(day - interval) < Math.abs(best - interval))) {
      best = day;
      bestScore = s;
    }
  }
  return best;
}

/** A card of the answered card's concept, as burying needs it. */
export interface SiblingState {
  id: number;
  state: number;
  due: number;
  suspended: number;
  buriedUntil: number | null;
}

/**
 * Sibling burying: the other cards of the answered card's concept (a reversed card is one
 * of them) that would still come today are kept out until the next study day starts
 * (`dayEnd`). New and review cards only, as Anki: a card in (re)learning keeps its steps
 * today. Suspended cards and cards already buried past then are left as they are.
 */
export function siblingsToBury(siblings: readonly SiblingState[], answeredId: number, dayEnd: number): number[] {
  const buriable = (s: SiblingState) => s.state === STATE.New || s.state === STATE.Review;
  return siblings
    .filter((s) => s.id !== answeredId && buriable(s) && !s.suspended && s.due < dayEnd && !(s.buriedUntil !== null && s.buriedUntil >= dayEnd))
    .map((s) => s.id);
}

/**
 * Whether this answer makes the card a leech: it lapsed (a review card forgotten) and its
 * lapses reached the threshold, or another half threshold past it (Anki warns again at
 * 12, 16… lapses for a threshold of 8).
 */
export function becomesLeech(before: Pick<StoredCard, 'lapses'>, after: Pick<StoredCard, 'lapses'>, threshold: number): boolean {
  if (after.lapses <= before.lapses || after.lapses < threshold) return false;
  const every = Math.max(1, Math.ceil(threshold / 2));
  return (after.lapses - threshold) % every === 0;
}

/** The card's tags with the leech tag added (once). */
export const withLeechTag = (tags: readonly string[]) => (tags.includes(LEECH_TAG) ? [...tags] : [...tags, LEECH_TAG]);

/**
 * What an answer did besides the card's memory state, kept with its review-log row so that
 * undoing the answer takes it back: the siblings it buried, and the card's tags and
 * suspension before it became a leech.
 */
export interface ReviewEffects {
  buried?: number[];
  /** The instant the siblings were buried until (undo unburies only those still buried so). */
  buriedUntil?: number;
  leech?: { tags: string; suspended: number };
}

/** A due card as the backlog order reads it (without a memory state it counts as certain recall). */
export type BacklogCard = Pick<StoredCard, 'due' | 'state'> & Partial<Pick<StoredCard, 'stability' | 'lastReview'>> & { id: number };

const recallOf = (c: BacklogCard, now: number) =>
  c.stability === undefined || c.lastReview === undefined ? 1 : (retrievability({ state: c.state, due: c.due, stability: c.stability, lastReview: c.lastReview }, now) ?? 1);

const PRIME = 2_147_483_647;
/**
 * A stable pseudo-random rank of a card for a day (`seed`): the same order all day, another
 * the next. Multiplication modulo a prime by a factor drawn from the seed (a permutation of
 * ids); every product stays below 2^53, and db/queries/study-sessions.ts ranks in SQL the same way.
 */
export function randomRank(id: number, seed: number): number {
  const factor = (((seed % 65_536) * 1_103_515_245 + 12_345) % 4_194_301) + 1;
  return ((((id % PRIME) * factor) % PRIME) * 48_271) % PRIME;
}

/**
 * The order due cards are shown in when more are due than a session takes (preference
 * `review_order`): by due date (oldest first), by retrievability (the card most likely
 * forgotten first, Anki's relative overdueness), or in a random order fixed for the day.
 * (The database picks the same cards first: by a card's retrievability is by its elapsed
 * time over its stability, on which the forgetting curve is monotonic.)
 */
export function orderBacklog<T extends BacklogCard>(cards: readonly T[], order: Preferences['review_order'], now: number, seed: number): T[] {
  const byDue = (a: T, b: T) => a.due - b.due || a.id - b.id;
  if (order === 'random') return [...cards].sort((a, b) => randomRank(a.id, seed) - randomRank(b.id, seed) || a.id - b.id);
  if (order === 'due') return [...cards].sort(byDue);
  const recall = new Map(cards.map((c) => [c.id, recallOf(c, now)]));
  return [...cards].sort((a, b) => recall.get(a.id)! - recall.get(b.id)! || byDue(a, b));
}

/** What the answer's side of the workload tools decided: siblings to bury, the card's leech marking. */
export interface AnswerSideEffects {
  /** Siblings kept out until `buriedUntil` (empty when burying is off). */
  bury: number[];
  buriedUntil: number;
  /** The card's tags and suspension once marked a leech; null when it did not become one. */
  leech: { tags: string[]; suspended: number } | null;
}

export interface AnswerContext {
  answeredId: number;
  before: Pick<StoredCard, 'lapses'>;
  after: Pick<StoredCard, 'lapses'>;
  tags: readonly string[];
  suspended: number;
  siblings: readonly SiblingState[];
  /** When the next study day starts: buried siblings come back then. */
  dayEnd: number;
  preferences: Pick<Preferences, 'bury_siblings' | 'leech_threshold' | 'leech_action'>;
}

/** Sibling burying and leech handling for one answer (the preferences decide which apply). */
export function answerSideEffects(ctx: AnswerContext): AnswerSideEffects {
  const { preferences } = ctx;
  const bury = preferences.bury_siblings ? siblingsToBury(ctx.siblings, ctx.answeredId, ctx.dayEnd) : [];
  const leech = becomesLeech(ctx.before, ctx.after, preferences.leech_threshold)
    ? { tags: withLeechTag(ctx.tags), suspended: preferences.leech_action === 'suspend' ? 1 : ctx.suspended }
    : null;
  return { bury, buriedUntil: ctx.dayEnd, leech };
}
