/**
 * Definitions behind the dashboard figures (spec document 1 §2-§3), pure so they can be
 * tested with fixed dates. "Today", windows and forecasts are counted in study days
 * (see study-day.ts: the person's time zone, 04:00 rollover).
 *
 * - due_today_count: cards (new ones included) due before the end of today's study day.
 * - overdue_count: already-studied cards (not New) whose due time has passed.
 * - success_rate: percent of answers in the last 30 study days (today included) rated
 *   Hard, Good or Easy, i.e. not 'Again'; one decimal; null without answers.
 * - recent_reviews_count: answers in the last 7 study days (today included).
 * - avg_stability (days) and avg_difficulty (1-10): means over studied cards; null without.
 * - low_stability_count / high_stability_count: studied cards with stability < 7 / >= 30 days.
 * - workload_forecast: the cards to review by the end of tomorrow, of the next 7 and of
 *   the next 30 study days: each window counts every card due before its end, so cards
 *   overdue or due today are in all three (5 due today → '7 prochains jours' ≥ 5).
 * - learning_activity: streak (study-day.ts currentStreak), total answer time in minutes
 *   (each answer counts at most 60 s, like Anki), days with at least one answer.
 */
import { addDays, studyDayBounds, studyDayStart } from './study-day';

export const SUCCESS_WINDOW_DAYS = 30;
export const RECENT_WINDOW_DAYS = 7;
export const CONCEPT_LIST_SIZE = 5;

export interface StatsWindows {
  todayKey: string;
  todayStart: number;
  todayEnd: number;
  tomorrowEnd: number;
  next7End: number;
  next30End: number;
  /** Start of the 30-study-day window ending with today. */
  last30Start: number;
  last7Start: number;
}

export function statsWindows(now: number, zone: string): StatsWindows {
  const today = studyDayBounds(now, zone);
  const dayStart = (offset: number) => studyDayStart(addDays(today.key, offset), zone);
  return {
    todayKey: today.key,
    todayStart: today.start,
    todayEnd: today.end,
    tomorrowEnd: dayStart(2),
    next7End: dayStart(8),
    next30End: dayStart(31),
    last30Start: dayStart(-(SUCCESS_WINDOW_DAYS - 1)),
    last7Start: dayStart(-(RECENT_WINDOW_DAYS - 1)),
  };
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** Percent of answers other than 'Again', one decimal; null without answers. */
export function successRate(answers: number, again: number): number | null {
  return answers > 0 ? round(((answers - again) / answers) * 100, 1) : null;
}

export const roundedMean = (value: number | null | undefined, decimals = 2) => (value === null || value === undefined ? null : round(value, decimals));

export const minutesOf = (ms: number) => round(ms / 60_000, 1);

/** Mastery buckets of the distribution, the same thresholds as the mastery colours. */
export const MASTERY_BUCKETS = [
  { bucket: 'red', min: 0, max: 0.25 },
  { bucket: 'orange', min: 0.25, max: 0.5 },
  { bucket: 'yellow', min: 0.5, max: 0.75 },
  { bucket: 'lightGreen', min: 0.75, max: 0.9 },
  { bucket: 'blue', min: 0.9, max: 1 },
] as const;
