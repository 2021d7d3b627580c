/**
 * The one place an answer is decided: its FSRS schedule (with load balancing and easy days
 * when on), the siblings it buries and whether it makes the card a leech. Every path that
 * records an answer (one review, a session's, an uploaded batch) goes through planAnswer,
 * and the decisions themselves are the pure functions of domain/workload.ts.
 */
import { reviewCard, STATE, type RatingValue, type StoredCard } from '../domain/fsrs';
import type { Preferences } from '../domain/preferences';
import { addDays, studyDayBounds, studyDayKey, studyDayStart } from '../domain/study-day';
import {
  answerSideEffects,
  balanceCandidates,
  balancedInterval,
  EASY_DAY_CAPACITY,
  fuzzRange,
  weekdayIndex,
  type AnswerSideEffects,
  type DayRange,
  type ReviewEffects,
  type SiblingState,
} from '../domain/workload';
import { dayLoadsStatement, type BalancedDay, type FlashcardRow } from '../db/queries/flashcards';
import { runBatch } from '../db/rows';
import { parseTags } from '../presenters/flashcard';

const DAY = 86_400_000;

export interface PlanProps {
  userId: number;
  row: FlashcardRow;
  siblings: readonly SiblingState[];
  rating: RatingValue;
  now: number;
  fuzz: boolean;
  scheduling: { desiredRetention: number; params: number[] | null };
  preferences: Preferences;
  zone: string;
}

type Scheduled = ReturnType<typeof reviewCard>;

/** A schedule whose day load balancing picks among the range's days, by their loads. */
interface Balance {
  range: DayRange;
  /** The study days of the range, each as [start, end). */
  spans: (readonly [number, number])[];
  /** Each day's easy-day capacity. */
  capacities: number[];
}

/**
 * The card's next state. With load balancing on (and fuzz, which tests may turn off), a
 * review interval that ts-fsrs would fuzz goes instead to the least loaded day of the same
 * fuzz range, weighed by easy days: `scheduled` is then the unfuzzed schedule and `balance`
 * what picking the day needs (null when the answer needs none).
 */
function scheduleOf(props: PlanProps, before: StoredCard): { scheduled: Scheduled; balance: Balance | null } {
  const { rating, now, scheduling, preferences, zone } = props;
  if (!props.fuzz || !preferences.load_balancing) return { scheduled: reviewCard(before, now, rating, { ...scheduling, fuzz: props.fuzz }), balance: null };
  const plain = reviewCard(before, now, rating, { ...scheduling, fuzz: false });
  const range = plain.card.state === STATE.Review ? fuzzRange(plain.card.scheduledDays, plain.log.elapsedDays) : null;
  if (!range) return { scheduled: plain, balance: null };
  const today = studyDayKey(now, zone);
  // Each day of the range runs from its start to the next one's: the starts of the range's days and of the day after it.
  const starts = Array.from({ length: range.max - range.min + 2 }, (_, i) => studyDayStart(addDays(today, range.min + i), zone));
  const spans = starts.slice(0, -1).map((start, i) => [start, starts[i + 1]!] as const);
  const firstWeekday = weekdayIndex(addDays(today, range.min));
  const capacities = spans.map((_, i) => EASY_DAY_CAPACITY[preferences.easy_days[(firstWeekday + i) % 7]!]);
  return { scheduled: plain, balance: { range, spans, capacities } };
}

/** The schedule moved to the day balancing picks with the range's `loads`. */
function balanced({ card, log }: Scheduled, { range, capacities }: Balance, now: number, loads: number[]): Scheduled {
  const day = balancedInterval({ range, interval: card.scheduledDays, loads, capacities });
  return { card: { ...card, scheduledDays: day, due: now + day * DAY }, log: { ...log, scheduledDays: day } };
}

const loadsOf = (rows: { n: number }[]) => rows.map((r) => r.n);

export interface AnswerPlan {
  /** The card's next state; with `balancing`, its due date and interval are the unfuzzed ones until the write picks the day. */
  card: StoredCard;
  log: ReturnType<typeof reviewCard>['log'];
  /**
   * For a balanced answer planned alone: the days the answer's write picks from, by the loads it
   * reads in its own batch (db/queries/flashcards.ts › balancedCardUpdate), and the unfuzzed
   * interval ties go nearest to. Null when the day is decided.
   */
  balancing: { days: BalancedDay[]; interval: number } | null;
  sideEffects: AnswerSideEffects;
  /** What undo needs to take the side effects back (null when there were none). */
  effects: ReviewEffects | null;
}

/** The answer's side effects once its schedule is known. */
function withSideEffects(props: PlanProps, before: StoredCard, { card, log }: Scheduled, balancing: AnswerPlan['balancing'] = null): AnswerPlan {
  const { row, now, preferences, zone } = props;
  const sideEffects = answerSideEffects({
    answeredId: row.id,
    before,
    after: card,
    tags: parseTags(row.tags),
    suspended: row.suspended,
    siblings: props.siblings,
    dayEnd: studyDayBounds(now, zone).end,
    preferences,
  });
  const effects: ReviewEffects = {
    ...(sideEffects.bury.length ? { buried: sideEffects.bury, buriedUntil: sideEffects.buriedUntil } : {}),
    ...(sideEffects.leech ? { leech: { tags: row.tags, suspended: row.suspended } } : {}),
  };
  return { card, log, balancing, sideEffects, effects: Object.keys(effects).length ? effects : null };
}

/**
 * One answer: a balanced one leaves its day to its write (`balancing`), which reads the
 * range's loads in the same batch — no round trip of its own.
 */
export function planAnswer(props: PlanProps, before: StoredCard): AnswerPlan {
  const { scheduled, balance } = scheduleOf(props, before);
  if (!balance) return withSideEffects(props, before, scheduled);
  const days = balanceCandidates(balance.range, balance.capacities).map(({ day, weight }) => {
    const [start, end] = balance.spans[day - balance.range.min]!;
    return { day, start, end, weight };
  });
  return withSideEffects(props, before, scheduled, { days, interval: scheduled.card.scheduledDays });
}

/** Several answers planned at once (an uploaded batch): their day loads read in one round trip, the days picked here. */
export async function planAnswers(d1: D1Database, answers: readonly { props: PlanProps; before: StoredCard }[]): Promise<AnswerPlan[]> {
  const pending = answers.map(({ props, before }) => {
    const schedule = scheduleOf(props, before);
    return { ...schedule, read: schedule.balance ? dayLoadsStatement(d1, props.userId, props.row.id, schedule.balance.spans) : null };
  });
  const reads = pending.flatMap((p) => (p.read ? [p.read] : []));
  const read = reads.length ? await runBatch(d1, reads) : null;
  return pending.map(({ scheduled, balance, read: own }, i) => {
    const { props, before } = answers[i]!;
    return withSideEffects(props, before, balance && own && read ? balanced(scheduled, balance, props.now, loadsOf(read(own))) : scheduled);
  });
}
