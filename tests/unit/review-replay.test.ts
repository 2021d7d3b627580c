import { describe, expect, it } from 'vitest';
import { newCard, reviewCard, type RatingValue, type StoredCard } from '@domain/fsrs';
import { replayCard, replayOrder, type LoggedReview, type QueuedReview } from '@domain/review-replay';

const T0 = Date.parse('2026-03-01T09:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const options = { fuzz: true };

const queued = (clientId: string, reviewedAt: number, rating: RatingValue = 3, flashcardId = 1): QueuedReview => ({ clientId, flashcardId, rating, reviewedAt, durationMs: null });

/** Answers a card online in time order, as the server would have: the card and its log. */
function answeredInOrder(answers: { at: number; rating: RatingValue }[], start: StoredCard = newCard(T0)) {
  let card = start;
  const logged: LoggedReview[] = [];
  answers.forEach(({ at, rating }, i) => {
    logged.push({ id: i + 1, rating, reviewedAt: at, cardBefore: card });
    card = reviewCard(card, at, rating, options).card;
  });
  return { card, logged };
}

describe('replay order of a batch of offline answers', () => {
  it('puts answers in review-time order whatever order they were queued in, equal times by client id', () => {
    const order = replayOrder([queued('c', T0 + 3 * HOUR), queued('b', T0 + HOUR), queued('z', T0 + 2 * HOUR), queued('a', T0 + 2 * HOUR)], new Set());
    expect(order.map((r) => r.clientId)).toEqual(['b', 'a', 'z', 'c']);
  });

  it('leaves out answers already logged and answers repeated in the batch, so a retried upload adds nothing', () => {
    const batch = [queued('a', T0), queued('b', T0 + HOUR), queued('b', T0 + HOUR), queued('c', T0 + 2 * HOUR)];
    expect(replayOrder(batch, new Set()).map((r) => r.clientId)).toEqual(['a', 'b', 'c']);
    expect(replayOrder(batch, new Set(['a', 'b', 'c']))).toEqual([]);
    expect(replayOrder(batch, new Set(['b'])).map((r) => r.clientId)).toEqual(['a', 'c']);
  });
});

describe('replaying a card', () => {
  it('new answers after the last logged one schedule the card exactly as answering online would', () => {
    const { card: current, logged } = answeredInOrder([{ at: T0, rating: 3 }]);
    const added = [queued('x', T0 + DAY, 3), queued('y', T0 + 3 * DAY, 2)];
    const { card, replayed } = replayCard(current, logged.filter((l) => l.reviewedAt >= T0 + DAY), added, options);
    const online = answeredInOrder([{ at: T0, rating: 3 }, { at: T0 + DAY, rating: 3 }, { at: T0 + 3 * DAY, rating: 2 }]);
    expect(card).toEqual(online.card);
    expect(replayed.map((r) => r.kind)).toEqual(['new', 'new']);
    expect(replayed[1]!.cardBefore).toEqual(online.logged[2]!.cardBefore);
  });

  it('two devices reviewing one card offline: both answers end in the log in time order, one state', () => {
    // Device A answered at day 1 and uploaded first; device B answered at half a day, uploads after.
    const start = answeredInOrder([{ at: T0, rating: 3 }]);
    const afterA = answeredInOrder([{ at: T0, rating: 3 }, { at: T0 + DAY, rating: 4 }]);
    const fromB = [queued('b1', T0 + DAY / 2, 1)];
    const loggedFromB = afterA.logged.filter((l) => l.reviewedAt >= T0 + DAY / 2);
    const { card, replayed } = replayCard(afterA.card, loggedFromB, fromB, options);

    // B's answer comes first, A's logged answer is recomputed after it.
    expect(replayed.map((r) => (r.kind === 'new' ? r.review.clientId : `logged ${r.id}`))).toEqual(['b1', 'logged 2']);
    expect(replayed.map((r) => r.log.reviewedAt)).toEqual([T0 + DAY / 2, T0 + DAY]);
    expect(replayed[0]!.cardBefore).toEqual(start.card);
    // The same state as if both had been answered online in time order, whichever uploaded first.
    const inTimeOrder = answeredInOrder([{ at: T0, rating: 3 }, { at: T0 + DAY / 2, rating: 1 }, { at: T0 + DAY, rating: 4 }]);
    expect(card).toEqual(inTimeOrder.card);
    const otherWay = answeredInOrder([{ at: T0, rating: 3 }, { at: T0 + DAY / 2, rating: 1 }]);
    const thenA = replayCard(otherWay.card, otherWay.logged.filter((l) => l.reviewedAt >= T0 + DAY), [queued('a1', T0 + DAY, 4)], options);
    expect(thenA.card).toEqual(card);
  });

  it('a logged answer at the same time as a new one stays first', () => {
    const { card: current, logged } = answeredInOrder([{ at: T0, rating: 3 }, { at: T0 + DAY, rating: 2 }]);
    const { replayed } = replayCard(current, logged.slice(1), [queued('n', T0 + DAY, 4)], options);
    expect(replayed.map((r) => r.kind)).toEqual(['logged', 'new']);
    expect(replayed[0]!.log.rating).toBe(2);
  });

  it('nothing new leaves the card as it is', () => {
    const { card: current, logged } = answeredInOrder([{ at: T0, rating: 3 }]);
    expect(replayCard(current, logged, [], options)).toEqual({ card: current, replayed: [] });
  });
});
