import { createEmptyCard, fsrs, generatorParameters, type Grade } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { clampRetention, fromFsrsCard, isRating, newCard, retrievability, reviewCard, STATE, stateName, toFsrsCard, type StoredCard } from '@domain/fsrs';
import { masteryLevel, nextReviewAt } from '@domain/mastery-level';

const T0 = Date.parse('2026-03-01T09:00:00Z');
const DAY = 86_400_000;

/** A card answered Good a few times, so that its intervals are days long. */
function matureCard(fuzz = false): { card: StoredCard; time: number } {
  let card = newCard(T0);
  let time = T0;
  for (let i = 0; i < 4; i++) {
    card = reviewCard(card, time, 3, { fuzz }).card;
    time = card.due;
  }
  return { card, time };
}

describe('FSRS adapter', () => {
  it('stores a card as integers and reals and reads it back unchanged', () => {
    const { card } = matureCard();
    expect(fromFsrsCard(toFsrsCard(card))).toEqual(card);
    expect(newCard(T0)).toMatchObject({ due: T0, state: STATE.New, reps: 0, lastReview: null });
  });

  it.each([
    [1, 'Learning'],
    [2, 'Learning'],
    [3, 'Learning'],
    [4, 'Review'],
  ] as const)('a new card answered %i goes to %s, with a log of the answer', (rating, state) => {
    const { card, log } = reviewCard(newCard(T0), T0 + 1000, rating);
    expect(stateName(card.state)).toBe(state);
    expect(card).toMatchObject({ reps: 1, lastReview: T0 + 1000 });
    expect(log).toMatchObject({ rating, reviewedAt: T0 + 1000, state: STATE.New });
  });

  it('schedules exactly like ts-fsrs with fuzz off', () => {
    const f = fsrs(generatorParameters({ enable_fuzz: false }));
    let expected = createEmptyCard(new Date(T0));
    let card = newCard(T0);
    let time = T0;
    for (const rating of [3, 1, 3, 3, 2, 4, 1, 3] as Grade[]) {
      time += 2 * DAY;
      expected = f.next(expected, new Date(time), rating).card;
      card = reviewCard(card, time, rating, { fuzz: false }).card;
      expect(card).toEqual(fromFsrsCard(expected));
    }
  });

  it('fuzz spreads long intervals a little, the same way for the same answer', () => {
    const { card, time } = matureCard();
    const plain = reviewCard(card, time, 3, { fuzz: false }).card;
    const fuzzed = reviewCard(card, time, 3).card;
    expect(reviewCard(card, time, 3).card).toEqual(fuzzed);
    expect(Math.abs(fuzzed.scheduledDays - plain.scheduledDays)).toBeLessThanOrEqual(Math.ceil(plain.scheduledDays * 0.15) + 1);
    expect(fuzzed.stability).toBe(plain.stability);
  });

  it('fuzz is on unless turned off: some long intervals differ from the plain schedule', () => {
    const { card, time } = matureCard();
    const differing = Array.from({ length: 20 }, (_, i) => time + i * 3_600_000).filter(
      (at) => reviewCard(card, at, 3).card.scheduledDays !== reviewCard(card, at, 3, { fuzz: false }).card.scheduledDays,
    );
    expect(differing.length).toBeGreaterThan(0);
  });

  it('a higher desired retention gives shorter intervals', () => {
    const { card, time } = matureCard();
    const relaxed = reviewCard(card, time, 3, { desiredRetention: 0.8, fuzz: false }).card;
    const strict = reviewCard(card, time, 3, { desiredRetention: 0.95, fuzz: false }).card;
    expect(strict.scheduledDays).toBeLessThan(relaxed.scheduledDays);
    expect(clampRetention(2)).toBe(0.9);
    expect(clampRetention('0.8')).toBe(0.9);
    expect(clampRetention(0.85)).toBe(0.85);
  });

  it('accepts only the ratings 1 to 4', () => {
    expect([1, 2, 3, 4].every(isRating)).toBe(true);
    expect([0, 5, 2.5, '3', null].some(isRating)).toBe(false);
  });
});

describe('retrievability and mastery', () => {
  it('is null before any answer, 1 right after, about 0.9 after `stability` days, then lower', () => {
    const { card, time } = matureCard();
    const answered = reviewCard(card, time, 3, { fuzz: false }).card;
    expect(retrievability(newCard(T0), T0)).toBeNull();
    expect(retrievability(answered, time)).toBeCloseTo(1, 6);
    expect(retrievability(answered, time + answered.stability * DAY)).toBeCloseTo(0.9, 2);
    expect(retrievability(answered, time + 10 * answered.stability * DAY)!).toBeLessThan(0.9);
  });

  it('mastery is the mean recall 28 days ahead of all cards (new ones 0); null when none was answered', () => {
    const { card, time } = matureCard();
    const later = time + 30 * DAY;
    const fresh = reviewCard(newCard(T0), later, 3).card;
    const ahead = later + 28 * DAY;
    expect(masteryLevel([newCard(T0)], later)).toBeNull();
    expect(masteryLevel([], later)).toBeNull();
    expect(masteryLevel([card, fresh, newCard(T0)], later)).toBeCloseTo((retrievability(card, ahead)! + retrievability(fresh, ahead)!) / 3, 10);
    expect(nextReviewAt([card, fresh])).toBe(Math.min(card.due, fresh.due));
    expect(nextReviewAt([])).toBeNull();
  });
});
