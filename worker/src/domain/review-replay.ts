/**
 * The replay rule for answers given offline. A device keeps each answer with a
 * client id and the time it was given; on reconnection the queue is uploaded, and the
 * server puts each answer into its card's log at its own time:
 *
 * - order: answers are replayed by review time (equal times: the answer already logged
 *   first, then by client id, so every replay of the same log gives the same order);
 * - idempotency: an answer whose client id is already logged (a retried upload) or that
 *   repeats one earlier in the batch is left out;
 * - one state: the card is recomputed from the earliest new answer on — from the state
 *   it had just before that time (the `card_before` of the first logged answer after it,
 *   or the card as it is when none is later), every later answer, logged or new, is
 *   scheduled again in time order. Two devices that reviewed one card offline thus end
 *   with both answers in the log in time order and the card in the state that order gives.
 *
 * Pure and clock-free, like the rest of domain/.
 */
import { reviewCard, type RatingValue, type SchedulerOptions, type StoredCard, type StoredReviewLog } from './fsrs';

/** An answer given on a device, as queued there. */
export interface QueuedReview {
  clientId: string;
  flashcardId: number;
  rating: RatingValue;
  reviewedAt: number;
  durationMs: number | null;
  /** The study session it was given in, when the device says so (kept only if the card is in that person's session). */
  sessionId?: number | null;
}

/** An answer already in a card's log (from the earliest new answer's time on). */
export interface LoggedReview {
  id: number;
  rating: RatingValue;
  reviewedAt: number;
  cardBefore: StoredCard;
}

/** One answer of the replayed stretch: an update of a logged row, or a new row. */
export type ReplayedReview =
  | { kind: 'logged'; id: number; log: StoredReviewLog; cardBefore: StoredCard }
  | { kind: 'new'; review: QueuedReview; log: StoredReviewLog; cardBefore: StoredCard };

/**
 * Items of an upload (answers, actions) in replay order: time order, ties by client id;
 * those already logged (`known` client ids) or repeated within the upload are left out.
 */
export function freshInTimeOrder<T extends { clientId: string }>(items: readonly T[], known: ReadonlySet<string>, timeOf: (item: T) => number): T[] {
  const seen = new Set(known);
  const fresh: T[] = [];
  for (const item of items) {
    if (seen.has(item.clientId)) continue;
    seen.add(item.clientId);
    fresh.push(item);
  }
  return fresh.sort((a, b) => timeOf(a) - timeOf(b) || (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0));
}

/** The batch in replay order, without answers already logged (`known` client ids) or repeated within it. */
export const replayOrder = (reviews: readonly QueuedReview[], known: ReadonlySet<string>): QueuedReview[] => freshInTimeOrder(reviews, known, (r) => r.reviewedAt);

/**
 * Replays one card: `current` is the card as stored, `logged` its logged answers at or
 * after the earliest new one (any order), `added` its new answers in replay order.
 */
export function replayCard(current: StoredCard, logged: readonly LoggedReview[], added: readonly QueuedReview[], options: SchedulerOptions) {
  const first = added[0];
  if (!first) return { card: current, replayed: [] as ReplayedReview[] };
  const later = logged.filter((l) => l.reviewedAt >= first.reviewedAt).sort((a, b) => a.reviewedAt - b.reviewedAt || a.id - b.id);
  let card = later[0]?.cardBefore ?? current;
  type Step = { kind: 'logged'; at: number; entry: LoggedReview } | { kind: 'new'; at: number; entry: QueuedReview };
  const steps: Step[] = [...later.map((entry): Step => ({ kind: 'logged', at: entry.reviewedAt, entry })), ...added.map((entry): Step => ({ kind: 'new', at: entry.reviewedAt, entry }))];
  // A stable sort: at equal times the logged answer stays first, new ones keep replay order.
  steps.sort((a, b) => a.at - b.at || (a.kind === b.kind ? 0 : a.kind === 'logged' ? -1 : 1));
  const replayed: ReplayedReview[] = [];
  for (const step of steps) {
    const cardBefore = card;
    const next = reviewCard(cardBefore, step.at, step.entry.rating, options);
    card = next.card;
    replayed.push(step.kind === 'logged' ? { kind: 'logged', id: step.entry.id, log: next.log, cardBefore } : { kind: 'new', review: step.entry, log: next.log, cardBefore });
  }
  return { card, replayed };
}
