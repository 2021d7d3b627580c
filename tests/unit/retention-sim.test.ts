/**
 * The retention helper's simulator against small cases worked out by hand with FSRS-6's
 * formulas and the default parameters (w20 = 0.1542, so at retention 0.9 the interval is the
 * stability: R(t, S) = (1 + F·t/S)^−w20 with F = 0.9^(−1/w20) − 1), then the shape of the
 * 20-point curve on a realistic collection.
 */
import { describe, expect, it } from 'vitest';
import { default_w, fsrs, generatorParameters } from 'ts-fsrs';
import { memoryModel, RETENTION_POINTS, recommendedRange, retentionCurve, seededRandom, simulateRetention, type SimCard } from '../../worker/src/domain/retention-sim';

const half = () => 0.5;

describe("the simulator's memory model", () => {
  it('is ts-fsrs: the same recall, intervals and memory states for every rating, over many states and parameters', () => {
    const random = seededRandom(7);
    const own = default_w.map((w, i) => (i === 20 ? 0.4 : i === 3 ? 30 : w));
    for (const params of [default_w, own]) {
      for (const retention of [0.7, 0.83, 0.9, 0.97]) {
        const reference = fsrs(generatorParameters({ w: [...params], request_retention: retention, enable_fuzz: false }));
        const model = memoryModel(params, retention);
        for (let i = 0; i < 60; i++) {
          const state = { stability: 0.01 + random() * 400, difficulty: 1 + random() * 9 };
          const elapsed = i % 10 === 0 ? 0 : Math.floor(random() * 500) + 1;
          expect(model.recall(elapsed, state.stability)).toBe(reference.forgetting_curve(elapsed, state.stability));
          expect(model.interval(state.stability)).toBe(reference.next_interval(state.stability, elapsed));
          for (const g of [1, 2, 3, 4]) {
            expect(model.next(state, elapsed, g)).toEqual(reference.next_state(state, elapsed, g));
            expect(model.next(null, 0, g)).toEqual(reference.next_state(null, 0, g));
          }
        }
      }
    }
  }, 60_000);
});

describe('the retention simulator, by hand', () => {
  it('leaves a card alone until it is due, and counts what is remembered at the end', () => {
    // S = 100, answered 10 days ago: at 0.9 its interval is 100 days, due on day 90, after the 30 simulated.
    const result = simulateRetention({ params: default_w, cards: [{ stability: 100, difficulty: 5, elapsedDays: 10 }], newCards: 0, newPerDay: 0 }, 0.9, { days: 30, random: half });
    expect(result.answersPerDay).toBe(0);
    // R(40, 100) = (1 + F·0.4)^−0.1542 = 0.950264
    expect(result.knowledge).toBeCloseTo(0.950264, 5);
  });

  it('answers a due card, moves its stability by the recall formula and schedules it by the new one', () => {
    // S = 2, D = 5, answered 2 days ago: due on day 0, R = 0.9; the draw 0.5 < 0.9 remembers, and
    // 0.5 falls in Good's share (0.224–0.856). S' = 2·(1 + e^w8·(11 − 5)·2^−w9·(e^(w10·0.1) − 1)) = 7.760079:
    // next due on day 8, after the 3 simulated. On day 3, R(3, S') = 0.951655.
    const result = simulateRetention({ params: default_w, cards: [{ stability: 2, difficulty: 5, elapsedDays: 2 }], newCards: 0, newPerDay: 0 }, 0.9, { days: 3, random: half });
    expect(result.days).toEqual([
      { answers: 1, learned: 0 },
      { answers: 0, learned: 0 },
      { answers: 0, learned: 0 },
    ]);
    expect(result.answersPerDay).toBeCloseTo(1 / 3, 10);
    expect(result.knowledge).toBeCloseTo(0.951655, 5);
  });

  it('learns new cards at the daily limit, first rated by the fixed shares', () => {
    // The draw 0.5 falls in Good's share of a first answer (0.334–0.829): S = w2 = 2.3065, due on day 2.
    const result = simulateRetention({ params: default_w, cards: [], newCards: 3, newPerDay: 1 }, 0.9, { days: 2, random: half });
    expect(result.days).toEqual([
      { answers: 1, learned: 1 },
      { answers: 1, learned: 1 },
    ]);
    // One card learned on day 0 (R(2, 2.3065) = 0.909493), one on day 1 (R(1, 2.3065)).
    const r = (t: number) => (1 + (0.9 ** (-1 / default_w[20]!) - 1) * (t / default_w[2]!)) ** -default_w[20]!;
    expect(r(2)).toBeCloseTo(0.909493, 5);
    expect(result.knowledge).toBeCloseTo(r(2) + r(1), 6);
  });

  it('reviews a higher retention more often, and it remembers more', () => {
    const cards: SimCard[] = Array.from({ length: 300 }, (_, i) => ({ stability: 1 + (i % 60), difficulty: 3 + (i % 6), elapsedDays: i % 40 }));
    const points = retentionCurve({ params: default_w, cards, newCards: 200, newPerDay: 10 }, RETENTION_POINTS, { days: 120 });
    expect(points.map((p) => p.retention)).toEqual([0.7, 0.71, 0.73, 0.74, 0.76, 0.77, 0.79, 0.8, 0.81, 0.83, 0.84, 0.86, 0.87, 0.88, 0.9, 0.91, 0.93, 0.94, 0.96, 0.97]);
    expect(points.at(-1)!.answersPerDay).toBeGreaterThan(points[0]!.answersPerDay * 2);
    expect(points.at(-1)!.knowledge).toBeGreaterThan(points[0]!.knowledge);
    // The same draws every time: the same curve.
    expect(retentionCurve({ params: default_w, cards, newCards: 200, newPerDay: 10 }, RETENTION_POINTS, { days: 120 })).toEqual(points);
    const range = recommendedRange(points)!;
    expect(range.from).toBeGreaterThanOrEqual(0.8);
    expect(range.to).toBeLessThanOrEqual(0.95);
    expect(range.from).toBeLessThanOrEqual(range.best);
    expect(range.to).toBeGreaterThanOrEqual(range.best);
    expect(recommendedRange(retentionCurve({ params: default_w, cards: [], newCards: 0, newPerDay: 0 }, [0.8, 0.9], { days: 10 }))).toBeNull();
  });

  it('recommends, within 80–95 %, the retentions whose reviews per card remembered stay within 10 % of the lowest', () => {
    const point = (retention: number, answersPerDay: number, knowledge: number) => ({ retention, answersPerDay, knowledge });
    // Answers per card remembered: 0.70 → 0.5 (outside the window), 0.80 → 1.0, 0.84 → 0.9, 0.88 → 0.98, 0.93 → 1.2, 0.97 → 0.1 (outside).
    const points = [point(0.7, 50, 100), point(0.8, 100, 100), point(0.84, 90, 100), point(0.88, 98, 100), point(0.93, 120, 100), point(0.97, 10, 100)];
    expect(recommendedRange(points)).toEqual({ from: 0.84, to: 0.88, best: 0.84 });
  });
});
