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
  balancedInterval,
  EASY_DAY_CAPACITY,
  fuzzRange,
  weekdayIndex,
  type AnswerSideEffects,
  type ReviewEffects,
  type SiblingState,
} from '../domain/workload';
import { dayLoadsStatement, type FlashcardRow } from '../db/queries/flashcards';
import { allRows, runBatch, type Query } from '../db/rows';
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

/**
 * The card's next state. With load balancing on (and fuzz, which tests may turn off), a
 * review interval that ts-fsrs would fuzz goes instead to the least loaded day of the same
 * fuzz range, weighed by easy days: one read of the range's loads (`read`, null when
 * the answer needs none), then `finish` with the loads it gave.
 */
function scheduleOf(d1: D1Database, props: PlanProps, before: StoredCard): { read: Query<{ n: number }> | null; finish(loads: number[]): Scheduled } {
  const { row, rating, now, scheduling, preferences, zone } = props;
  if (!props.fuzz || !preferences.load_balancing) {
    const fuzzed = reviewCard(before, now, rating, { ...scheduling, fuzz: props.fuzz });
    return { read: null, finish: () => fuzzed };
  }
  const plain = reviewCard(before, now, rating, { ...scheduling, fuzz: false });
  const range = plain.card.state === STATE.Review ? fuzzRange(plain.card.scheduledDays, plain.log.elapsedDays) : null;
  if (!range) return { read: null, finish: () => plain };
  const today = studyDayKey(now, zone);
  // Each day of the range runs from its start to the next one's: the starts of the range's days and of the day after it.
  const starts = Array.from({ length: range.max - range.min + 2 }, (_, i) => studyDayStart(addDays(today, range.min + i), zone));
  const spans = starts.slice(0, -1).map((start, i) => [start, starts[i + 1]!] as const);
  const firstWeekday = weekdayIndex(addDays(today, range.min));
  return {
    read: dayLoadsStatement(d1, props.userId, row.id, spans),
    finish: (loads) => {
      const capacities = spans.map((_, i) => EASY_DAY_CAPACITY[preferences.easy_days[(firstWeekday + i) % 7]!]);
      const day = balancedInterval({ range, interval: plain.card.scheduledDays, loads, capacities });
      return { card: { ...plain.card, scheduledDays: day, due: now + day * DAY }, log: { ...plain.log, scheduledDays: day } };
    },
  };
}

const loadsOf = (rows: { n: number }[]) => rows.map((r) => r.n);

export interface AnswerPlan {
  card: StoredCard;
  log: ReturnType<typeof reviewCard>['log'];
  sideEffects: AnswerSideEffects;
  /** What undo needs to take the side effects back (null when there were none). */
  effects: ReviewEffects | null;
}

/** The answer's side effects once its schedule is known. */
function withSideEffects(props: PlanProps, before: StoredCard, { card, log }: Scheduled): AnswerPlan {
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
  return { card, log, sideEffects, effects: Object.keys(effects).length ? effects : null };
}

export async function planAnswer(d1: D1Database, props: PlanProps, before: StoredCard): Promise<AnswerPlan> {
  const { read, finish } = scheduleOf(d1, props, before);
  return withSideEffects(props, before, finish(read ? loadsOf(await allRows(read)) : []));
}

/** Several answers planned at once (an uploaded batch): their day loads read in one round trip. */
export async function planAnswers(d1: D1Database, answers: readonly { props: PlanProps; before: StoredCard }[]): Promise<AnswerPlan[]> {
  const pending = answers.map(({ props, before }) => scheduleOf(d1, props, before));
  const reads = pending.flatMap((p) => (p.read ? [p.read] : []));
  const read = reads.length ? await runBatch(d1, reads) : null;
  return pending.map((p, i) => withSideEffects(answers[i]!.props, answers[i]!.before, p.finish(p.read && read ? loadsOf(read(p.read)) : [])));
}
