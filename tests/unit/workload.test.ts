import { describe, expect, it } from 'vitest';
import { newCard, reviewCard, STATE, type StoredCard } from '@domain/fsrs';
import { cardAfterAction, type HeldCard } from '@domain/card-actions';
import { buildSessionQueue } from '@domain/study-queue';
import {
  answerSideEffects,
  balanceCandidates,
  balancedInterval,
  becomesLeech,
  EASY_DAY_CAPACITY,
  fuzzRange,
  LEECH_TAG,
  orderBacklog,
  siblingsToBury,
  weekdayIndex,
  type SiblingState,
} from '@domain/workload';

const T0 = Date.parse('2026-03-02T09:00:00Z'); // a Monday
const DAY = 86_400_000;
const normal = (n: number) => Array.from({ length: n }, () => EASY_DAY_CAPACITY.normal);

describe('load balancing', () => {
  it("uses ts-fsrs's own fuzz range, and none for intervals fuzz leaves alone", () => {
    expect(fuzzRange(2, 1)).toBeNull();
    const range = fuzzRange(20, 10)!;
    expect(range.min).toBeLessThan(20);
    expect(range.max).toBeGreaterThan(20);
    // Every interval ts-fsrs's fuzz gives for this state lies in the range balancing picks from.
    let card: StoredCard = newCard(T0);
    for (const [days, rating] of [[0, 3], [1, 3], [4, 3], [15, 3]] as const) card = reviewCard(card, T0 + days * DAY, rating, { fuzz: false }).card;
    const now = T0 + 60 * DAY;
    const plain = reviewCard(card, now, 3, { fuzz: false });
    const fuzzed = reviewCard(card, now, 3, { fuzz: true });
    const r = fuzzRange(plain.card.scheduledDays, plain.log.elapsedDays)!;
    expect(fuzzed.card.scheduledDays).toBeGreaterThanOrEqual(r.min);
    expect(fuzzed.card.scheduledDays).toBeLessThanOrEqual(r.max);
  });

  it('picks the least loaded day of the range, nearest the unfuzzed interval on ties', () => {
    expect(balancedInterval({ range: { min: 18, max: 22 }, interval: 20, loads: [9, 7, 8, 3, 12], capacities: normal(5) })).toBe(21);
    expect(balancedInterval({ range: { min: 18, max: 22 }, interval: 20, loads: [5, 5, 5, 5, 5], capacities: normal(5) })).toBe(20);
    // Equally loaded days either side of the interval: the earlier.
    expect(balancedInterval({ range: { min: 18, max: 22 }, interval: 20, loads: [9, 2, 9, 2, 9], capacities: normal(5) })).toBe(19);
  });

  it('is deterministic: the same state and loads give the same day every time', () => {
    const input = { range: { min: 30, max: 40 }, interval: 35, loads: [4, 6, 2, 8, 2, 5, 9, 2, 7, 3, 4], capacities: normal(11) };
    const days = new Set(Array.from({ length: 50 }, () => balancedInterval(input)));
    expect([...days]).toEqual([34]);
  });
});

describe('easy days', () => {
  it('reads weekdays Monday first', () => {
    expect(weekdayIndex('2026-03-02')).toBe(0);
    expect(weekdayIndex('2026-03-08')).toBe(6);
  });

  it('counts a reduced day as twice as full, and takes a minimum day only when the whole range is minimum', () => {
    const range = { min: 10, max: 12 };
    const { normal: n, reduced: r, minimum: m } = EASY_DAY_CAPACITY;
    // Day 11 has the fewest cards but is reduced: 3 cards on a reduced day weigh more than 5 on a normal one.
    expect(balancedInterval({ range, interval: 11, loads: [5, 3, 6], capacities: [n, r, n] })).toBe(10);
    // A nearly empty reduced day still wins against crowded normal days.
    expect(balancedInterval({ range, interval: 11, loads: [20, 1, 20], capacities: [n, r, n] })).toBe(11);
    // A minimum day is avoided even when empty …
    expect(balancedInterval({ range, interval: 11, loads: [30, 0, 40], capacities: [n, m, n] })).toBe(10);
    // … unless every day of the range is one.
    expect(balancedInterval({ range, interval: 11, loads: [3, 1, 2], capacities: [m, m, m] })).toBe(11);
  });

  it('offers the answer\'s write the days it may pick with their weights: minimum days only when all are', () => {
    const range = { min: 10, max: 12 };
    const { normal: n, reduced: r, minimum: m } = EASY_DAY_CAPACITY;
    expect(balanceCandidates(range, [n, r, m])).toEqual([{ day: 10, weight: 1 }, { day: 11, weight: 0.5 }]);
    expect(balanceCandidates(range, [m, m, m])).toEqual([{ day: 10, weight: 1 }, { day: 11, weight: 1 }, { day: 12, weight: 1 }]);
  });
});

describe('burying siblings', () => {
  const dayEnd = T0 + 10 * 3_600_000;
  const sibling = (id: number, over: Partial<SiblingState> = {}): SiblingState => ({ id, state: STATE.Review, due: T0 - DAY, suspended: 0, buriedUntil: null, ...over });

  it("keeps the concept's other new and review cards due today out until the next study day", () => {
    const siblings = [
      sibling(1),
      sibling(2, { state: STATE.New }),
      sibling(3, { due: dayEnd + DAY }), // not due today: nothing to bury
      sibling(4, { state: STATE.Relearning }), // keeps its steps today
      sibling(5, { suspended: 1 }),
      sibling(6, { buriedUntil: dayEnd }), // already buried
      sibling(7, { buriedUntil: T0 - DAY }), // buried yesterday, back today
    ];
    expect(siblingsToBury(siblings, 1, dayEnd)).toEqual([2, 7]);
  });

  it('buries only when the preference is on', () => {
    const ctx = { answeredId: 1, before: { lapses: 0 }, after: { lapses: 0 }, tags: [], suspended: 0, siblings: [sibling(1), sibling(2)], dayEnd };
    expect(answerSideEffects({ ...ctx, preferences: { bury_siblings: false, leech_threshold: 8, leech_action: 'suspend' } }).bury).toEqual([]);
    expect(answerSideEffects({ ...ctx, preferences: { bury_siblings: true, leech_threshold: 8, leech_action: 'suspend' } })).toMatchObject({ bury: [2], buriedUntil: dayEnd });
  });
});

describe('leeches', () => {
  it('marks a card at the lapse that reaches the threshold, and again every half threshold after', () => {
    const marked = [];
    for (let lapses = 1; lapses <= 20; lapses += 1) if (becomesLeech({ lapses: lapses - 1 }, { lapses }, 8)) marked.push(lapses);
    expect(marked).toEqual([8, 12, 16, 20]);
    // No lapse in this answer (a pass of a card that already has 8): not marked again.
    expect(becomesLeech({ lapses: 8 }, { lapses: 8 }, 8)).toBe(false);
    expect(becomesLeech({ lapses: 2 }, { lapses: 3 }, 3)).toBe(true);
  });

  it("tags the card 'sangsue' and suspends it, or only tags it, as the preference says", () => {
    const ctx = { answeredId: 1, before: { lapses: 7 }, after: { lapses: 8 }, tags: ['bio'], suspended: 0, siblings: [], dayEnd: T0 };
    expect(answerSideEffects({ ...ctx, preferences: { bury_siblings: false, leech_threshold: 8, leech_action: 'suspend' } }).leech).toEqual({ tags: ['bio', LEECH_TAG], suspended: 1 });
    expect(answerSideEffects({ ...ctx, preferences: { bury_siblings: false, leech_threshold: 8, leech_action: 'tag' } }).leech).toEqual({ tags: ['bio', LEECH_TAG], suspended: 0 });
    expect(answerSideEffects({ ...ctx, preferences: { bury_siblings: false, leech_threshold: 9, leech_action: 'tag' } }).leech).toBeNull();
  });

  it('a real run of FSRS lapses makes a card a leech at its 8th lapse', () => {
    let card: StoredCard = newCard(T0);
    let time = T0;
    let markedAt = -1;
    for (let i = 0; i < 40 && markedAt < 0; i += 1) {
      time = Math.max(time + 60_000, card.due);
      const rating = card.state === STATE.Review ? 1 : 3;
      const next = reviewCard(card, time, rating, { fuzz: false }).card;
      if (becomesLeech(card, next, 8)) markedAt = next.lapses;
      card = next;
    }
    expect(markedAt).toBe(8);
  });
});

describe('backlog order', () => {
  // Card 1: long overdue but very stable; card 2: barely overdue but fragile — the more likely forgotten.
  const cards = [
    { id: 1, state: STATE.Review, due: T0 - 10 * DAY, stability: 200, lastReview: T0 - 60 * DAY },
    { id: 2, state: STATE.Review, due: T0 - DAY, stability: 2, lastReview: T0 - 4 * DAY },
    { id: 3, state: STATE.Review, due: T0 - 5 * DAY, stability: 20, lastReview: T0 - 25 * DAY },
  ];

  it('by due date: oldest first', () => {
    expect(orderBacklog(cards, 'due', T0, 0).map((c) => c.id)).toEqual([1, 3, 2]);
  });

  it('by retrievability: the card most likely forgotten first', () => {
    expect(orderBacklog(cards, 'retrievability', T0, 0).map((c) => c.id)).toEqual([2, 3, 1]);
  });

  it('at random: a fixed order for a day, another on another day', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, state: STATE.Review, due: T0 - i * DAY }));
    const today = orderBacklog(many, 'random', T0, 20_000).map((c) => c.id);
    expect(orderBacklog(many, 'random', T0, 20_000).map((c) => c.id)).toEqual(today);
    expect(orderBacklog(many, 'random', T0, 20_001).map((c) => c.id)).not.toEqual(today);
    expect([...today].sort((a, b) => a - b)).toEqual(many.map((c) => c.id));
  });

  it('decides which due cards a capped session takes', () => {
    expect(buildSessionQueue(cards, T0, { order: 'retrievability', limit: 1 }).ids).toEqual([2]);
    expect(buildSessionQueue(cards, T0, { limit: 1 }).ids).toEqual([1]);
  });
});

describe('actions by hand', () => {
  const reviewed = reviewCard(newCard(T0), T0, 3, { fuzz: false }).card;
  const held: HeldCard = { card: reviewed, suspended: 0, buriedUntil: null, tags: JSON.stringify(['bio', LEECH_TAG]) };
  const ctx = { now: T0 + DAY, dayEnd: T0 + DAY + 3_600_000, dueAt: T0 + 5 * DAY };

  it('suspends, and unsuspending takes the leech tag off', () => {
    const suspended = cardAfterAction(held, 'suspend', ctx);
    expect(suspended.suspended).toBe(1);
    expect(cardAfterAction(suspended, 'unsuspend', ctx)).toMatchObject({ suspended: 0, tags: JSON.stringify(['bio']) });
  });

  it('buries until the next study day, reschedules to a day, forgets back to a new card', () => {
    expect(cardAfterAction(held, 'bury', ctx).buriedUntil).toBe(ctx.dayEnd);
    expect(cardAfterAction(held, 'reschedule', ctx).card).toEqual({ ...reviewed, due: ctx.dueAt });
    const forgotten = cardAfterAction(held, 'forget', ctx);
    expect(forgotten.card).toMatchObject({ state: STATE.New, reps: 0, lapses: 0, lastReview: null, due: ctx.now });
    expect(forgotten.tags).toBe(held.tags);
  });
});
