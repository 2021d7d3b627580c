/**
 * The dashboard's statistics as SQL aggregates, never by loading every row: card figures
 * from `flashcard_stats` (per-state sums kept by triggers on flashcards) and ranges of the
 * (user_id, due, state) index; answer figures from the quarter-hour `review_activity`
 * rows (kept by triggers on review_logs). One D1 round trip (a batch) per endpoint.
 * Definitions: domain/stats.ts.
 */
import { CONCEPT_LIST_SIZE, MASTERY_BUCKETS, minutesOf, roundedMean, statsWindows, successRate } from '../domain/stats';
import { addDays, currentStreak, DAY_ROLLOVER_HOUR, dayNumberKey, historyOffsetPeriods, studyDayKey, studyDaysFrom } from '../domain/study-day';

/** Sums over the person's flashcard_stats rows (one per FSRS state, kept by triggers). */
interface CardFigures {
  total: number | null;
  learning: number | null;
  review: number | null;
  relearning: number | null;
  studied: number | null;
  stability_sum: number | null;
  difficulty_sum: number | null;
  lapses: number | null;
  low: number | null;
  high: number | null;
}

interface AnswerFigures {
  total: number | null;
  last30: number | null;
  again30: number | null;
  hard30: number | null;
  good30: number | null;
  easy30: number | null;
  last7: number | null;
  duration_ms: number | null;
}

type ConceptMastery = { id: number; title: string; mastery_level: number };

const answerFigures = (d1: D1Database, userId: number, last30Start: number, last7Start: number) =>
  d1
    .prepare(
      `SELECT SUM(reviews) AS total,
         SUM(CASE WHEN slot >= ?2 THEN reviews END) AS last30, SUM(CASE WHEN slot >= ?2 THEN again_count END) AS again30,
         SUM(CASE WHEN slot >= ?2 THEN hard_count END) AS hard30, SUM(CASE WHEN slot >= ?2 THEN good_count END) AS good30,
         SUM(CASE WHEN slot >= ?2 THEN easy_count END) AS easy30, SUM(CASE WHEN slot >= ?3 THEN reviews END) AS last7,
         SUM(duration_ms) AS duration_ms
       FROM review_activity WHERE user_id = ?1`,
    )
    .bind(userId, last30Start, last7Start);

export async function dashboardStats(d1: D1Database, userId: number, now: number, zone: string) {
  const w = statsWindows(now, zone);
  const [cards, due, answers, weakest, strongest] = await d1.batch([
    d1
      .prepare(
        `SELECT SUM(cards) AS total, SUM(CASE WHEN state = 1 THEN cards END) AS learning, SUM(CASE WHEN state = 2 THEN cards END) AS review,
           SUM(CASE WHEN state = 3 THEN cards END) AS relearning, SUM(CASE WHEN state != 0 THEN cards END) AS studied,
           SUM(CASE WHEN state != 0 THEN stability_sum END) AS stability_sum, SUM(CASE WHEN state != 0 THEN difficulty_sum END) AS difficulty_sum,
           SUM(lapses_sum) AS lapses, SUM(CASE WHEN state != 0 THEN low_stability END) AS low, SUM(CASE WHEN state != 0 THEN high_stability END) AS high
         FROM flashcard_stats WHERE user_id = ?`,
      )
      .bind(userId),
    // Due today and overdue, suspended and buried cards left out: a range of the
    // (user_id, due, state, suspended, buried_until) index, no table rows read.
    d1
      .prepare(
        `SELECT COUNT(*) AS due_today, SUM(state != 0 AND due <= ?3) AS overdue FROM flashcards
         WHERE user_id = ?1 AND due < ?2 AND suspended = 0 AND (buried_until IS NULL OR buried_until <= ?3)`,
      )
      .bind(userId, w.todayEnd, now),
    answerFigures(d1, userId, w.last30Start, w.last7Start),
    d1.prepare('SELECT id, title, mastery_level FROM concepts WHERE user_id = ? AND mastery_level IS NOT NULL ORDER BY mastery_level, id LIMIT ?').bind(userId, CONCEPT_LIST_SIZE),
    d1.prepare('SELECT id, title, mastery_level FROM concepts WHERE user_id = ? AND mastery_level IS NOT NULL ORDER BY mastery_level DESC, id LIMIT ?').bind(userId, CONCEPT_LIST_SIZE),
  ]);
  const c = cards!.results[0] as CardFigures;
  const d = due!.results[0] as { due_today: number; overdue: number | null };
  const a = answers!.results[0] as AnswerFigures;
  const studied = c.studied ?? 0;
  return {
    due_today_count: d.due_today,
    total_flashcards_count: c.total ?? 0,
    learning_count: c.learning ?? 0,
    review_count: c.review ?? 0,
    relearning_count: c.relearning ?? 0,
    success_rate: successRate(a.last30 ?? 0, a.again30 ?? 0),
    /** How many answers success_rate was measured on (the retention ring needs it). */
    success_rate_reviews_count: a.last30 ?? 0,
    avg_stability: studied ? roundedMean((c.stability_sum ?? 0) / studied) : null,
    avg_difficulty: studied ? roundedMean((c.difficulty_sum ?? 0) / studied) : null,
    overdue_count: d.overdue ?? 0,
    recent_reviews_count: a.last7 ?? 0,
    total_reviews_count: a.total ?? 0,
    total_lapses: c.lapses ?? 0,
    low_stability_count: c.low ?? 0,
    high_stability_count: c.high ?? 0,
    weakest_concepts: weakest!.results as ConceptMastery[],
    strongest_concepts: strongest!.results as ConceptMastery[],
  };
}

/**
 * One pass over the person's quarter-hour activity rows, grouped by study day: the days
 * with answers (as one JSON array of day numbers, so one row travels), the last 30 days'
 * rating counts and the total answer time. Each row gets the UTC offset in force at its
 * time, chosen by a CASE over the zone's offset periods (numbers computed here, never
 * user input), so days are right across DST changes.
 */
function activityByDayStatement(d1: D1Database, userId: number, now: number, zone: string, last30Start: number) {
  const periods = historyOffsetPeriods(now, zone);
  const branches = periods.map((p, i) => (i === periods.length - 1 ? `ELSE ${p.offset}` : `WHEN slot < ${p.end} THEN ${p.offset}`));
  const offsetAt = periods.length === 1 ? String(periods[0]!.offset) : `CASE ${branches.join(' ')} END`;
  const last30 = (column: string) => `SUM(CASE WHEN slot >= ?3 THEN ${column} END) AS ${column}`;
  return d1
    .prepare(
      `SELECT json_group_array(day) AS days, SUM(again_count) AS again30, SUM(hard_count) AS hard30, SUM(good_count) AS good30,
         SUM(easy_count) AS easy30, SUM(duration_ms) AS duration_ms
       FROM (SELECT (slot + (${offsetAt}) - ?2) / 86400000 AS day, ${['again_count', 'hard_count', 'good_count', 'easy_count'].map(last30).join(', ')},
               SUM(duration_ms) AS duration_ms
             FROM review_activity WHERE user_id = ?1 GROUP BY day)`,
    )
    .bind(userId, DAY_ROLLOVER_HOUR * 3_600_000, last30Start);
}

export async function extendedStats(d1: D1Database, userId: number, now: number, zone: string) {
  const w = statsWindows(now, zone);
  const [forecast, activity] = await d1.batch([
    d1
      .prepare(
        // Each window counts every card due before its end: overdue and today's cards included.
        `SELECT SUM(due < ?2) AS tomorrow, SUM(due < ?3) AS next7, COUNT(*) AS next30
         FROM flashcards WHERE user_id = ?1 AND due < ?4`,
      )
      .bind(userId, w.tomorrowEnd, w.next7End, w.next30End),
    activityByDayStatement(d1, userId, now, zone, w.last30Start),
  ]);
  const f = forecast!.results[0] as { tomorrow: number | null; next7: number | null; next30: number };
  const a = activity!.results[0] as { days: string; again30: number | null; hard30: number | null; good30: number | null; easy30: number | null; duration_ms: number | null };
  const active = new Set((JSON.parse(a.days) as number[]).map(dayNumberKey));
  return {
    rating_breakdown: { again_count: a.again30 ?? 0, hard_count: a.hard30 ?? 0, good_count: a.good30 ?? 0, easy_count: a.easy30 ?? 0 },
    workload_forecast: { due_tomorrow_count: f.tomorrow ?? 0, due_next_7_days_count: f.next7 ?? 0, due_next_30_days_count: f.next30 },
    learning_activity: {
      current_streak_days: currentStreak(active, w.todayKey),
      total_review_time_minutes: minutesOf(a.duration_ms ?? 0),
      active_days_count: active.size,
    },
  };
}

/** Consecutive study days with answers, today included (the dashboard's streak). */
export async function currentStreakDays(d1: D1Database, userId: number, now: number, zone: string): Promise<number> {
  const w = statsWindows(now, zone);
  const a = await activityByDayStatement(d1, userId, now, zone, w.last30Start).first<{ days: string }>();
  return currentStreak(new Set((JSON.parse(a?.days ?? '[]') as number[]).map(dayNumberKey)), w.todayKey);
}

/** Answers per study day for the last `days` study days, oldest first, today included. */
export async function dailyActivity(d1: D1Database, userId: number, now: number, zone: string, days: number) {
  const range = studyDaysFrom(addDays(studyDayKey(now, zone), -(days - 1)), days, zone);
  const rows = await d1
    .prepare(
      `SELECT d.value ->> '$[0]' AS date, COALESCE(SUM(r.reviews), 0) AS review_count, COALESCE(SUM(r.duration_ms), 0) AS duration_ms
       FROM json_each(?2) d
       LEFT JOIN review_activity r ON r.user_id = ?1 AND r.slot >= d.value ->> '$[1]' AND r.slot < d.value ->> '$[2]'
       GROUP BY d.key ORDER BY d.key`,
    )
    .bind(userId, JSON.stringify(range.map((d) => [d.key, d.start, d.end])))
    .all<{ date: string; review_count: number; duration_ms: number }>();
  return rows.results.map((r) => ({ date: r.date, review_count: r.review_count, review_time_minutes: minutesOf(r.duration_ms) }));
}

/** How many of the person's concepts fall in each mastery bucket, and how many have none yet. */
export async function masteryDistribution(d1: D1Database, userId: number) {
  const sums = MASTERY_BUCKETS.map((b, i) =>
    i === MASTERY_BUCKETS.length - 1 ? `SUM(mastery_level >= ${b.min}) AS b${i}` : `SUM(mastery_level >= ${b.min} AND mastery_level < ${b.max}) AS b${i}`,
  );
  const row = await d1
    .prepare(`SELECT COUNT(*) AS total, SUM(mastery_level IS NULL) AS not_studied, ${sums.join(', ')} FROM concepts WHERE user_id = ?`)
    .bind(userId)
    .first<Record<string, number | null>>();
  return {
    buckets: MASTERY_BUCKETS.map((b, i) => ({ ...b, count: row?.[`b${i}`] ?? 0 })),
    not_studied_count: row?.not_studied ?? 0,
    total_concepts: row?.total ?? 0,
  };
}
