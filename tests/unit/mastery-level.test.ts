import { describe, expect, it } from 'vitest';
import { default_w } from 'ts-fsrs';
import { newCard, retrievability, reviewCard, type RatingValue, type StoredCard } from '@domain/fsrs';
import { masteryBucket } from '@domain/mastery';
import { cardRecallAhead, MASTERY_HORIZON_DAYS, masteryLevel, observationRecallAhead } from '@domain/mastery-level';

const T0 = Date.parse('2026-03-01T09:00:00Z');
const DAY = 86_400_000;

const answered = (rating: RatingValue, time = T0) => ({ ...reviewCard(newCard(T0), time, rating, { fuzz: false }).card, lastRating: rating });

describe('mastery: predicted recall four weeks ahead', () => {
  it('a concept whose cards were all answered À revoir is red, not 100 %', () => {
    const level = masteryLevel([answered(1), answered(1)], T0);
    expect(level).toBe(0);
    expect(masteryBucket(level)).toBe('red');
  });

  it('is the mean predicted recall at now + 28 days of all cards, never-answered ones counting 0', () => {
    const good = answered(3);
    const easy = answered(4);
    const expected = (retrievability(good, T0 + MASTERY_HORIZON_DAYS * DAY)! + retrievability(easy, T0 + MASTERY_HORIZON_DAYS * DAY)! + 0) / 3;
    expect(masteryLevel([good, easy, newCard(T0)], T0)).toBeCloseTo(expected, 10);
    expect(expected).toBeLessThan(0.9);
  });

  it('orders ratings: one Facile beats one Bon beats one Difficile, all below blue after a single answer', () => {
    const [hard, good, easy] = ([2, 3, 4] as const).map((r) => masteryLevel([answered(r)], T0)!);
    expect(hard).toBeLessThan(good!);
    expect(good).toBeLessThan(easy!);
    expect(masteryBucket(easy)).not.toBe('blue');
  });

  it('decays as time passes without review', () => {
    const cards = [answered(3), answered(4)];
    const now = masteryLevel(cards, T0)!;
    const month = masteryLevel(cards, T0 + 30 * DAY)!;
    const year = masteryLevel(cards, T0 + 365 * DAY)!;
    expect(month).toBeLessThan(now);
    expect(year).toBeLessThan(month);
  });

  it("follows the person's own forgetting curve when they saved FSRS parameters", () => {
    const cards = [answered(3), answered(4)];
    const steeper = [...default_w];
    steeper[20] = 0.8; // a decay at FSRS's upper bound: memory beyond the stability fades faster
    const own = masteryLevel(cards, T0, steeper)!;
    const defaults = masteryLevel(cards, T0)!;
    expect(defaults).toBe(masteryLevel(cards, T0, null));
    expect(own).toBeLessThan(defaults - 0.05);
    expect(own).toBeGreaterThan(0);
  });

  it('reaches blue for well-learnt cards', () => {
    let card: StoredCard = newCard(T0);
    let time = T0;
    for (let i = 0; i < 6; i++) {
      card = reviewCard(card, time, 3, { fuzz: false }).card;
      time = card.due;
    }
    expect(masteryBucket(masteryLevel([{ ...card, lastRating: 3 }], card.lastReview!))).toBe('blue');
  });

  it('a card last answered À revoir counts 0 until answered correctly again', () => {
    const failed = answered(1);
    expect(cardRecallAhead(failed, T0)).toBe(0);
    const passed = { ...reviewCard(failed, failed.due, 3, { fuzz: false }).card, lastRating: 3 };
    expect(cardRecallAhead(passed, failed.due)).toBeGreaterThan(0);
  });

  it('is null when no card was ever answered, or when the concept has none', () => {
    expect(masteryLevel([newCard(T0)], T0)).toBeNull();
    expect(masteryLevel([], T0)).toBeNull();
  });

  it('counts a study method’s recall score as one more observation: a full recall as one Bon, scaled by the score, fading with time', () => {
    const full = { score: 1, at: T0 };
    expect(masteryLevel([], T0)).toBeNull();
    expect(masteryLevel([], T0, null, full)).toBeCloseTo(masteryLevel([answered(3)], T0)!, 10);
    expect(masteryLevel([], T0, null, { score: 0.5, at: T0 })).toBeCloseTo(masteryLevel([], T0, null, full)! / 2, 10);
    expect(masteryLevel([answered(1)], T0, null, full)).toBeCloseTo(observationRecallAhead(full, T0) / 2, 10);
    expect(masteryLevel([], T0 + 30 * DAY, null, full)).toBeLessThan(masteryLevel([], T0, null, full)!);
    expect(masteryLevel([], T0, null, { score: 0, at: T0 })).toBe(0);
  });
});
