/**
 * The dashboard's review heatmap: a year of study days (today last) with their answer
 * counts, and the streaks it marks. Days are study days of the person's time zone
 * (study-day.ts: 04:00 rollover), counted in SQL; this turns those counts into the
 * calendar and the streaks, with fixed dates so tests need no clock.
 */
import { addDays, currentStreak } from './study-day';

/** 365 study days: today and the 364 before it. */
export const HEATMAP_DAYS = 365;

/** A run of consecutive study days with answers, first and last day included. */
export interface Streak {
  days: number;
  start: string;
  end: string;
}

/**
 * The longest run of consecutive study days in `activeDays` (whole history); of two runs
 * of the same length, the more recent one, so a record that the current streak equals is
 * shown as the current one.
 */
export function longestStreak(activeDays: ReadonlySet<string>): Streak | null {
  const days = [...activeDays].sort();
  let best: Streak | null = null;
  let start = 0;
  for (let i = 0; i < days.length; i++) {
    const endsRun = i === days.length - 1 || addDays(days[i]!, 1) !== days[i + 1];
    if (!endsRun) continue;
    const length = i - start + 1;
    if (!best || length >= best.days) best = { days: length, start: days[start]!, end: days[i]! };
    start = i + 1;
  }
  return best;
}

/** The streak running up to today (or yesterday, while today is not studied yet), or null. */
export function runningStreak(activeDays: ReadonlySet<string>, todayKey: string): Streak | null {
  const days = currentStreak(activeDays, todayKey);
  if (days === 0) return null;
  const end = activeDays.has(todayKey) ? todayKey : addDays(todayKey, -1);
  return { days, start: addDays(end, -(days - 1)), end };
}

/** The calendar (oldest first) and the streaks, from the answer count of each study day with answers. */
export function reviewHeatmap(counts: ReadonlyMap<string, number>, todayKey: string) {
  const first = addDays(todayKey, -(HEATMAP_DAYS - 1));
  const days = Array.from({ length: HEATMAP_DAYS }, (_, i) => {
    const date = addDays(first, i);
    return { date, review_count: counts.get(date) ?? 0 };
  });
  const active = new Set([...counts].filter(([, n]) => n > 0).map(([day]) => day));
  return {
    days,
    total_reviews_count: days.reduce((sum, d) => sum + d.review_count, 0),
    active_days_count: days.filter((d) => d.review_count > 0).length,
    current_streak: runningStreak(active, todayKey),
    longest_streak: longestStreak(active),
  };
}
