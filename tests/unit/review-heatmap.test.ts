import { describe, expect, it } from 'vitest';
import { HEATMAP_DAYS, longestStreak, reviewHeatmap, runningStreak } from '@domain/review-heatmap';
import { studyDayKey } from '@domain/study-day';

const days = (...keys: string[]) => new Set(keys);

/** Answer counts per study day of `zone`, from the instants answers were given at. */
function countsIn(zone: string, instants: string[]) {
  const counts = new Map<string, number>();
  for (const iso of instants) {
    const key = studyDayKey(Date.parse(iso), zone);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

describe('longest streak', () => {
  it('finds the longest run of consecutive days, across a month and a year end', () => {
    expect(longestStreak(days('2025-12-30', '2025-12-31', '2026-01-01', '2026-01-03', '2026-01-04'))).toEqual({ days: 3, start: '2025-12-30', end: '2026-01-01' });
  });
  it('prefers the most recent of two runs of the same length, and is null without answers', () => {
    expect(longestStreak(days('2026-03-01', '2026-03-02', '2026-03-05', '2026-03-06'))).toEqual({ days: 2, start: '2026-03-05', end: '2026-03-06' });
    expect(longestStreak(days('2026-03-01'))).toEqual({ days: 1, start: '2026-03-01', end: '2026-03-01' });
    expect(longestStreak(days())).toBeNull();
  });
  it('counts the 23-hour day of a DST change as one day like any other', () => {
    // 29 March 2026: Paris moves to summer time.
    expect(longestStreak(days('2026-03-28', '2026-03-29', '2026-03-30'))?.days).toBe(3);
  });
});

describe('running streak', () => {
  it('ends today once today is studied, yesterday until then', () => {
    expect(runningStreak(days('2026-06-08', '2026-06-09', '2026-06-10'), '2026-06-10')).toEqual({ days: 3, start: '2026-06-08', end: '2026-06-10' });
    expect(runningStreak(days('2026-06-08', '2026-06-09'), '2026-06-10')).toEqual({ days: 2, start: '2026-06-08', end: '2026-06-09' });
    expect(runningStreak(days('2026-06-08'), '2026-06-10')).toBeNull();
  });
});

describe('review heatmap', () => {
  it('lists 365 study days, oldest first and today last, with zero for days without answers', () => {
    const map = reviewHeatmap(new Map([['2026-06-10', 4], ['2025-06-11', 2], ['2025-06-10', 9]]), '2026-06-10');
    expect(map.days).toHaveLength(HEATMAP_DAYS);
    expect(map.days[0]).toEqual({ date: '2025-06-11', review_count: 2 });
    expect(map.days.at(-1)).toEqual({ date: '2026-06-10', review_count: 4 });
    expect(map.days[1]).toEqual({ date: '2025-06-12', review_count: 0 });
    // The day before the calendar counts for streaks, not for the year's totals.
    expect(map).toMatchObject({ total_reviews_count: 6, active_days_count: 2, longest_streak: { days: 2, start: '2025-06-10', end: '2025-06-11' } });
  });

  it('gives the same answers different streaks on each side of a time-zone boundary', () => {
    // 02:30 UTC is 04:30 in Paris (a new study day there) but still the evening before in UTC and New York.
    const answers = ['2026-06-08T12:00:00Z', '2026-06-09T12:00:00Z', '2026-06-11T02:30:00Z'];
    const now = Date.parse('2026-06-11T03:00:00Z');
    const paris = reviewHeatmap(countsIn('Europe/Paris', answers), studyDayKey(now, 'Europe/Paris'));
    // 10 June missed, 11 June studied: the streak is today alone, the record the two days before.
    expect(paris.current_streak).toEqual({ days: 1, start: '2026-06-11', end: '2026-06-11' });
    expect(paris.longest_streak).toEqual({ days: 2, start: '2026-06-08', end: '2026-06-09' });
    expect(paris.days.at(-1)).toEqual({ date: '2026-06-11', review_count: 1 });
    const utc = reviewHeatmap(countsIn('UTC', answers), studyDayKey(now, 'UTC'));
    expect(utc.current_streak).toEqual({ days: 3, start: '2026-06-08', end: '2026-06-10' });
    expect(utc.longest_streak).toEqual(utc.current_streak);
    expect(utc.days.at(-1)).toEqual({ date: '2026-06-10', review_count: 1 });
  });

  it('does not count days whose activity rows hold no answers (study-method time only)', () => {
    expect(reviewHeatmap(new Map([['2026-06-10', 0]]), '2026-06-10')).toMatchObject({ active_days_count: 0, current_streak: null, longest_streak: null });
  });
});
