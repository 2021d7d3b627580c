/**
 * The dashboard's statistics: one D1 round trip (a batch of aggregates, db/queries/stats.ts)
 * per endpoint. Definitions: domain/stats.ts.
 */
import * as sql from '../db/queries/stats';
import { allRows, firstRow, readBatch } from '../db/rows';
import { MASTERY_BUCKETS, minutesOf, roundedMean, statsWindows, successRate } from '../domain/stats';
import { reviewHeatmap } from '../domain/review-heatmap';
import { addDays, currentStreak, dayNumberKey, studyDayKey, studyDaysFrom } from '../domain/study-day';

export async function dashboardStats(d1: D1Database, userId: number, now: number, zone: string) {
  const w = statsWindows(now, zone);
  const [[c], [d], [a], weakest, strongest] = await readBatch(d1, [
    sql.cardFigures(d1, userId),
    sql.dueFigures(d1, userId, w.todayEnd, now),
    sql.answerFigures(d1, userId, w.last30Start, w.last7Start),
    sql.conceptsByMastery(d1, userId, 'weakest'),
    sql.conceptsByMastery(d1, userId, 'strongest'),
  ]);
  const studied = c!.studied ?? 0;
  return {
    due_today_count: d!.due_today,
    total_flashcards_count: c!.total ?? 0,
    learning_count: c!.learning ?? 0,
    review_count: c!.review ?? 0,
    relearning_count: c!.relearning ?? 0,
    success_rate: successRate(a!.last30 ?? 0, a!.again30 ?? 0),
    /** How many answers success_rate was measured on (the retention ring needs it). */
    success_rate_reviews_count: a!.last30 ?? 0,
    avg_stability: studied ? roundedMean((c!.stability_sum ?? 0) / studied) : null,
    avg_difficulty: studied ? roundedMean((c!.difficulty_sum ?? 0) / studied) : null,
    overdue_count: d!.overdue ?? 0,
    recent_reviews_count: a!.last7 ?? 0,
    total_reviews_count: a!.total ?? 0,
    total_lapses: c!.lapses ?? 0,
    low_stability_count: c!.low ?? 0,
    high_stability_count: c!.high ?? 0,
    weakest_concepts: weakest,
    strongest_concepts: strongest,
  };
}

const activeDays = (days: string | undefined) => new Set((JSON.parse(days ?? '[]') as number[]).map(dayNumberKey));

/** The 'Prévisions' tab's forecast and learning activity, and the Activité tab's 30-day ratings (GET /stats/dashboard/extended). */
export async function forecastStats(d1: D1Database, userId: number, now: number, zone: string) {
  const w = statsWindows(now, zone);
  const [[f], [a]] = await readBatch(d1, [sql.workloadForecast(d1, userId, w), sql.activityByDay(d1, userId, now, zone, w.last30Start)]);
  const active = activeDays(a!.days);
  return {
    rating_breakdown: { again_count: a!.again_count ?? 0, hard_count: a!.hard_count ?? 0, good_count: a!.good_count ?? 0, easy_count: a!.easy_count ?? 0 },
    workload_forecast: { due_tomorrow_count: f!.tomorrow ?? 0, due_next_7_days_count: f!.next7 ?? 0, due_next_30_days_count: f!.next30 },
    learning_activity: {
      current_streak_days: currentStreak(active, w.todayKey),
      total_review_time_minutes: minutesOf(a!.duration_ms ?? 0),
      active_days_count: active.size,
    },
  };
}

/** Consecutive study days with answers, today included (the dashboard's streak). */
export async function currentStreakDays(d1: D1Database, userId: number, now: number, zone: string): Promise<number> {
  const w = statsWindows(now, zone);
  const a = await firstRow(sql.activityByDay(d1, userId, now, zone, w.last30Start));
  return currentStreak(activeDays(a?.days), w.todayKey);
}

/** Answers per study day for the last `days` study days, oldest first, today included. */
export async function dailyActivity(d1: D1Database, userId: number, now: number, zone: string, days: number) {
  const range = studyDaysFrom(addDays(studyDayKey(now, zone), -(days - 1)), days, zone);
  const rows = await allRows(sql.answersPerDay(d1, userId, range));
  return rows.map((r) => ({ date: r.date, review_count: r.review_count, review_time_minutes: minutesOf(r.duration_ms) }));
}

/** The dashboard's review heatmap: the last 365 study days' answers and the streaks (domain/review-heatmap.ts). */
export async function reviewHeatmapOf(d1: D1Database, userId: number, now: number, zone: string) {
  const rows = await allRows(sql.answersByStudyDay(d1, userId, now, zone));
  return reviewHeatmap(new Map(rows.map((r) => [dayNumberKey(r.day), r.review_count])), studyDayKey(now, zone));
}

/** How many of the person's concepts fall in each mastery bucket, and how many have none yet. */
export async function masteryDistribution(d1: D1Database, userId: number) {
  const row = await firstRow(sql.masteryBuckets(d1, userId));
  return {
    buckets: MASTERY_BUCKETS.map((b, i) => ({ ...b, count: row?.[`b${i}`] ?? 0 })),
    not_studied_count: row?.not_studied ?? 0,
    total_concepts: row?.total ?? 0,
  };
}
