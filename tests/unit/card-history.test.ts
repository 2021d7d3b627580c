import { describe, expect, it } from 'vitest';
import { cardHistory, forgettingCurve, type LoggedAnswer } from '@domain/card-history';
import { STATE, type StoredCard } from '@domain/fsrs';

const DAY = 86_400_000;
const T0 = Date.parse('2026-01-05T10:00:00Z');
const card: StoredCard = { due: T0 + 30 * DAY, stability: 25, difficulty: 4.5, elapsedDays: 10, scheduledDays: 20, learningSteps: 0, reps: 3, lapses: 0, state: STATE.Review, lastReview: T0 + 10 * DAY };
const answer = (over: Partial<LoggedAnswer>): LoggedAnswer => ({ reviewedAt: T0, rating: 3, state: STATE.New, stability: 0, difficulty: 0, durationMs: null, scheduledDays: 0, cardBefore: {}, ...over });

describe('card history', () => {
  it('gives each answer what the next one found, and the last one the card as it is', () => {
    const history = cardHistory(
      [answer({}), answer({ reviewedAt: T0 + 3 * DAY, state: STATE.Review, stability: 3.2, difficulty: 5.1, cardBefore: { due: T0 + 3 * DAY, lastReview: T0 } }), answer({ reviewedAt: T0 + 10 * DAY, state: STATE.Review, stability: 10, difficulty: 5, cardBefore: { due: T0 + 10 * DAY, lastReview: T0 + 3 * DAY } })],
      card,
      null,
    );
    expect(history.map((h) => [h.state, h.interval_days, h.stability, h.difficulty])).toEqual([
      ['New', 3, 3.2, 5.1],
      ['Review', 7, 10, 5],
      ['Review', 20, 25, 4.5],
    ]);
  });

  it('gives the recall probability when answered: none at first, 90 % for a card answered as many days after its last review as its stability', () => {
    // FSRS defines stability as the days after which recall falls to 90 %.
    const history = cardHistory([answer({}), answer({ reviewedAt: T0 + 10 * DAY, state: STATE.Review, stability: 10, difficulty: 5, cardBefore: { lastReview: T0 } })], card, null);
    expect(history[0]!.retrievability).toBeNull();
    expect(history[1]!.retrievability).toBeCloseTo(0.9, 3);
  });

  it('falls back on the next answer’s interval in whole days for imported answers without the card before them', () => {
    const history = cardHistory([answer({}), answer({ reviewedAt: T0 + 5 * DAY, state: STATE.Review, stability: 4, difficulty: 5, scheduledDays: 4 })], card, null);
    expect(history[0]!.interval_days).toBe(4);
    expect(history[1]!.retrievability).not.toBeNull(); // its previous answer's time stands in for the last review
  });
});

describe('forgetting curve', () => {
  it('starts at 100 % on the last answer, falls to 90 % at a stability’s worth of days, and spans twice the interval', () => {
    const curve = forgettingCurve(card, T0 + 15 * DAY, null)!;
    expect(curve.points[0]).toEqual({ days: 0, retrievability: 1 });
    expect(curve.points.at(-1)!.days).toBe(40);
    expect(curve.points.find((p) => p.days === 25)!.retrievability).toBeCloseTo(0.9, 3);
    expect(curve).toMatchObject({ today_days: 5, due_days: 20 });
  });

  it('reaches past today for a long-overdue card, and is null for a card never answered', () => {
    expect(forgettingCurve(card, T0 + 210 * DAY, null)!.points.at(-1)!.days).toBeGreaterThan(200);
    expect(forgettingCurve({ ...card, state: STATE.New, lastReview: null, stability: 0 }, T0, null)).toBeNull();
  });
});
