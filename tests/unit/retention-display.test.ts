import { describe, expect, it } from 'vitest';
import { displayedRetention, estimateFromDifficulty, estimateFromStability, retentionLabel } from '../../worker/src/domain/retention-display';

const base = { successRate: 80, reviewCount: 50, avgStability: 10, avgDifficulty: 5 };

describe('dashboard retention display', () => {
  it('is zero without any review, whatever the rate says', () => {
    expect(displayedRetention({ ...base, reviewCount: 0, successRate: 100 })).toBe(0);
    expect(displayedRetention({ ...base, reviewCount: null })).toBe(0);
  });

  it('shows the measured rate in ordinary cases', () => {
    expect(displayedRetention(base)).toBe(80);
    expect(displayedRetention({ ...base, successRate: 87.6 })).toBe(88);
    // a perfect rate on 20 answers or more is trusted
    expect(displayedRetention({ ...base, successRate: 100, reviewCount: 20 })).toBe(100);
  });

  it('estimates a perfect rate on fewer than 20 answers, bounded to 65..95', () => {
    const young = displayedRetention({ ...base, successRate: 100, reviewCount: 3, avgStability: 0.5 });
    expect(young).toBeGreaterThanOrEqual(65);
    expect(young).toBeLessThan(100);
    expect(displayedRetention({ ...base, successRate: 100, reviewCount: 3, avgStability: 0.01, avgDifficulty: 10 })).toBe(65);
    expect(displayedRetention({ ...base, successRate: 100, reviewCount: 3, avgStability: 400, avgDifficulty: 1 })).toBe(95);
  });

  it('gives more stable, easier collections a higher estimate', () => {
    expect(estimateFromStability(20, 5)).toBeGreaterThan(estimateFromStability(2, 5));
    expect(estimateFromStability(5, 2)).toBeGreaterThan(estimateFromStability(5, 8));
    // one day after review a card of stability 1 day is at the FSRS target of 90 %
    expect(estimateFromStability(1, 5)).toBeCloseTo(90, 5);
  });

  it('estimates a zero rate with answers from difficulty, never below 20', () => {
    expect(displayedRetention({ ...base, successRate: 0, avgDifficulty: 10 })).toBe(20);
    expect(displayedRetention({ ...base, successRate: 0, avgDifficulty: 1 })).toBe(65);
    expect(estimateFromDifficulty(5)).toBe(45);
    expect(estimateFromDifficulty(42)).toBe(20);
    expect(displayedRetention({ ...base, successRate: 0, avgDifficulty: null })).toBe(45);
  });

  it('labels the ring against the 85 % goal', () => {
    expect(retentionLabel(85)).toBe('Excellent');
    expect(retentionLabel(84)).toBe('En amélioration');
  });
});
