/**
 * The retention helper's simulator: for a person's FSRS parameters and card
 * collection, how many answers a day and how much knowledge (the expected number of cards
 * remembered) each desired retention leads to over the coming year. The method is FSRS's own
 * simulator's (fsrs-rs `simulate`): day by day, each card due is answered — remembered with
 * the probability its forgetting curve gives, then rated Hard/Good/Easy by fixed shares, or
 * forgotten ('Again') — its memory state moves by FSRS's formulas (ts-fsrs), and it comes
 * back after the interval the desired retention asks; new cards are learned at the person's
 * daily limit. Knowledge is the sum of every card's recall probability on the last day.
 *
 * The transitions are ts-fsrs's FSRS-6 formulas (same rounding), written out over a plain
 * parameter array (`memoryModel`): ts-fsrs reads its parameters through a Proxy and
 * recomputes the curve's constants on every call, several times too slow for 20 simulations
 * of a 10,000-card year in the page. tests/unit/retention-sim.test.ts checks every
 * transition against ts-fsrs itself.
 *
 * Pure: no I/O, no clock; the randomness is a seeded generator (or the caller's), and every
 * retention is run with the same draws, so the curve is smooth and the same every time.
 */
import { fsrs, generatorParameters } from 'ts-fsrs';

const S_MIN = 0.001;
const S_MAX = 36_500;
const round8 = (x: number) => Math.round(x * 1e8) / 1e8;
const clamp = (x: number, min: number, max: number) => Math.min(Math.max(x, min), max);

export interface MemoryModel {
  /** Recall probability after `elapsed` days at stability `s`. */
  recall(elapsed: number, s: number): number;
  /** Days until the next answer at stability `s` for the model's desired retention (at least 1). */
  interval(s: number): number;
  /** Memory state after an answer rated `g` (1–4); `state` null for a card's first answer; `r` the recall at `elapsed` when known. */
  next(state: { stability: number; difficulty: number } | null, elapsed: number, g: number, r?: number): { stability: number; difficulty: number };
}

/** FSRS-6 (ts-fsrs's formulas, short-term stability on, no fuzz) for parameters `w` and a desired retention. */
export function memoryModel(params: readonly number[], retention: number, maxInterval = S_MAX): MemoryModel {
  const w = [...params];
  const decay = -w[20]!;
  const factor = round8(Math.exp((1 / decay) * Math.log(0.9)) - 1);
  // The interval factor ts-fsrs computes for the retention (it validates the retention too).
  const modifier = fsrs(generatorParameters({ w, request_retention: retention, enable_fuzz: false })).interval_modifier;
  const initDifficulty = (g: number) => round8(w[4]! - Math.exp((g - 1) * w[5]!) + 1);
  const easyInit = initDifficulty(4);
  const [growth, failDecay, hard, easy] = [Math.exp(w[8]!), Math.exp(w[17]! * w[18]!), w[15]!, w[16]!];
  const recall = (elapsed: number, s: number) => round8(Math.pow(1 + (factor * elapsed) / s, decay));
  return {
    recall,
    interval: (s) => Math.min(Math.max(1, Math.round(s * modifier)), maxInterval),
    next(state, elapsed, g, known) {
      if (!state) return { difficulty: clamp(initDifficulty(g), 1, 10), stability: Math.max(w[g - 1]!, 0.1) };
      const { stability: s, difficulty: d } = state;
      const r = known ?? recall(elapsed, s);
      let stability: number;
      if (elapsed === 0) {
        // Same-day answer (not met in the simulation, whose intervals are whole days ≥ 1).
        let sinc = Math.pow(s, -w[19]!) * Math.exp(w[17]! * (g - 3 + w[18]!));
        if (g >= 2) sinc = Math.max(sinc, 1);
        stability = round8(clamp(s * sinc, S_MIN, S_MAX));
      } else if (g === 1) {
        const afterFail = round8(clamp(w[11]! * Math.pow(d, -w[12]!) * (Math.pow(s + 1, w[13]!) - 1) * Math.exp((1 - r) * w[14]!), S_MIN, S_MAX));
        stability = clamp(round8(s / failDecay), S_MIN, afterFail);
      } else {
        const bonus = g === 2 ? hard : g === 4 ? easy : 1;
        stability = round8(clamp(s * (1 + growth * (11 - d) * Math.pow(s, -w[9]!) * (Math.exp((1 - r) * w[10]!) - 1) * bonus), S_MIN, S_MAX));
      }
      const damped = d + round8((-w[6]! * (g - 3) * (10 - d)) / 9);
      return { stability, difficulty: clamp(round8(w[7]! * easyInit + (1 - w[7]!) * damped), 1, 10) };
    },
  };
}

/** A card with a memory state: its stability and difficulty, and whole days since its last answer. */
export interface SimCard {
  stability: number;
  difficulty: number;
  elapsedDays: number;
}

export interface SimCollection {
  params: readonly number[];
  cards: readonly SimCard[];
  /** Cards never answered yet. */
  newCards: number;
  newPerDay: number;
}

export interface SimOptions {
  /** Days simulated (a year by default). */
  days?: number;
  /** Uniform numbers in [0, 1); a seeded generator by default. */
  random?: () => number;
  seed?: number;
}

export interface SimDay {
  /** Answers given that day (first answers of new cards included). */
  answers: number;
  /** Of which first answers of new cards. */
  learned: number;
}

export interface SimResult {
  retention: number;
  days: SimDay[];
  /** Mean answers a day over the period. */
  answersPerDay: number;
  /** Expected number of cards remembered on the last day (sum of recall probabilities). */
  knowledge: number;
}

/** First answer of a new card: Again, Hard, Good, Easy (FSRS simulator's default shares). */
export const FIRST_RATING_SHARES = [0.24, 0.094, 0.495, 0.171] as const;
/** Answer of a remembered card: Hard, Good, Easy. */
export const RECALL_RATING_SHARES = [0.224, 0.632, 0.144] as const;
export const SIM_DAYS = 365;
const MAX_INTERVAL = 36_500;

/** The 20 desired retentions of the helper, 0.70 to 0.97 evenly, to two decimals. */
export const RETENTION_POINTS: readonly number[] = Array.from({ length: 20 }, (_, i) => Math.round((0.7 + (i * 0.27) / 19) * 100) / 100);

/** mulberry32: a small seeded generator of uniform numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The index drawn from `shares` (summing to 1) by a uniform `u`. */
function pick(shares: readonly number[], u: number): number {
  let total = 0;
  for (let i = 0; i < shares.length; i++) {
    total += shares[i]!;
    if (u < total) return i;
  }
  return shares.length - 1;
}

/** One desired retention simulated over the collection. */
export function simulateRetention(collection: SimCollection, retention: number, options: SimOptions = {}): SimResult {
  const days = options.days ?? SIM_DAYS;
  const random = options.random ?? seededRandom(options.seed ?? 1);
  const model = memoryModel(collection.params, retention, MAX_INTERVAL);
  const total = collection.cards.length + collection.newCards;
  const stability = new Float64Array(total);
  const difficulty = new Float64Array(total);
  /** Day of the last answer (negative: before the period). */
  const last = new Float64Array(total);
  const known = new Uint8Array(total);
  /** Cards due each day, as lists of indexes. */
  const due: number[][] = Array.from({ length: days }, () => []);
  const schedule = (card: number, day: number) => {
    if (day < days) due[day]!.push(card);
  };
  collection.cards.forEach((card, i) => {
    stability[i] = card.stability;
    difficulty[i] = card.difficulty;
    last[i] = -card.elapsedDays;
    known[i] = 1;
    schedule(i, Math.max(0, model.interval(card.stability) - card.elapsedDays));
  });
  let nextNew = collection.cards.length;
  const perDay: SimDay[] = [];
  let answersTotal = 0;
  for (let day = 0; day < days; day++) {
    let answers = 0;
    for (const card of due[day]!) {
      const elapsed = day - last[card]!;
      const r = model.recall(elapsed, stability[card]!);
      const rating = random() < r ? 2 + pick(RECALL_RATING_SHARES, random()) : 1;
      const next = model.next({ stability: stability[card]!, difficulty: difficulty[card]! }, elapsed, rating, r);
      stability[card] = next.stability;
      difficulty[card] = next.difficulty;
      last[card] = day;
      schedule(card, day + model.interval(next.stability));
      answers += 1;
    }
    let learned = 0;
    for (; learned < collection.newPerDay && nextNew < total; learned++, nextNew++) {
      const rating = 1 + pick(FIRST_RATING_SHARES, random());
      const first = model.next(null, 0, rating);
      stability[nextNew] = first.stability;
      difficulty[nextNew] = first.difficulty;
      last[nextNew] = day;
      known[nextNew] = 1;
      schedule(nextNew, day + model.interval(first.stability));
    }
    answers += learned;
    answersTotal += answers;
    perDay.push({ answers, learned });
  }
  let knowledge = 0;
  for (let card = 0; card < total; card++) if (known[card]) knowledge += model.recall(days - last[card]!, stability[card]!);
  return { retention, days: perDay, answersPerDay: days === 0 ? 0 : answersTotal / days, knowledge };
}

export interface RetentionPoint {
  retention: number;
  answersPerDay: number;
  knowledge: number;
}

/** Every desired retention of the helper, simulated with the same draws. */
export function retentionCurve(collection: SimCollection, retentions: readonly number[] = RETENTION_POINTS, options: Omit<SimOptions, 'random'> = {}): RetentionPoint[] {
  return retentions.map((retention) => {
    const { answersPerDay, knowledge } = simulateRetention(collection, retention, { ...options, random: seededRandom(options.seed ?? 1) });
    return { retention, answersPerDay, knowledge };
  });
}

/** FSRS's own advice: desired retentions outside this window cost too many reviews or forget too much. */
export const ADVISED_RETENTIONS = { min: 0.8, max: 0.95 } as const;

/**
 * The recommended range: within FSRS's advised window, the retentions whose workload per
 * card remembered (answers a day over knowledge) is within 10 % of the window's lowest —
 * beyond it each extra card remembered costs markedly more reviews. Null without any
 * knowledge to weigh (an empty collection) or any point in the window.
 */
export function recommendedRange(points: readonly RetentionPoint[]): { from: number; to: number; best: number } | null {
  const advised = points.filter((p) => p.retention >= ADVISED_RETENTIONS.min - 1e-9 && p.retention <= ADVISED_RETENTIONS.max + 1e-9 && p.knowledge > 0);
  if (advised.length === 0) return null;
  const costs = advised.map((p) => p.answersPerDay / p.knowledge);
  const lowest = Math.min(...costs);
  const inside = advised.filter((_, i) => costs[i]! <= lowest * 1.1).map((p) => p.retention);
  return { from: Math.min(...inside), to: Math.max(...inside), best: advised[costs.indexOf(lowest)]!.retention };
}
