/**
 * SQL of the dashboard's statistics, as aggregates and never by loading every row: card
 * figures from `flashcard_stats` (per-state sums kept by triggers on flashcards) and ranges
 * of the (user_id, due, state) index; answer figures from the quarter-hour
 * `review_activity` rows (kept by triggers on review_logs). Aggregate rows are typed here;
 * SQL's SUM over no rows is null.
 */
import { CONCEPT_LIST_SIZE, MASTERY_BUCKETS } from '../../domain/stats';
import { DAY_ROLLOVER_HOUR, historyOffsetPeriods } from '../../domain/study-day';
import { query, type SqlColumns, type SqlRow } from '../rows';
import type { concepts, flashcardStats, reviewActivity } from '../schema';

/** SQL's SUM of a flashcard_stats column: the column's type, or null over no rows. */
type CardSum<K extends keyof SqlRow<typeof flashcardStats>> = SqlRow<typeof flashcardStats>[K] | null;
/** SQL's SUM of a review_activity column: the column's type, or null over no rows. */
type ActivitySum<K extends keyof SqlRow<typeof reviewActivity>> = SqlRow<typeof reviewActivity>[K] | null;

/** Sums over the person's flashcard_stats rows (one per FSRS state). */
export interface CardFigures {
  total: CardSum<'cards'>;
  learning: CardSum<'cards'>;
  review: CardSum<'cards'>;
  relearning: CardSum<'cards'>;
  studied: CardSum<'cards'>;
  stability_sum: CardSum<'stability_sum'>;
  difficulty_sum: CardSum<'difficulty_sum'>;
  lapses: CardSum<'lapses_sum'>;
  low: CardSum<'low_stability'>;
  high: CardSum<'high_stability'>;
}

/** Sums over the person's review_activity rows (one per quarter hour with answers). */
export interface AnswerFigures {
  total: ActivitySum<'reviews'>;
  last30: ActivitySum<'reviews'>;
  again30: ActivitySum<'again_count'>;
  hard30: ActivitySum<'hard_count'>;
  good30: ActivitySum<'good_count'>;
  easy30: ActivitySum<'easy_count'>;
  last7: ActivitySum<'reviews'>;
  duration_ms: ActivitySum<'duration_ms'>;
}

/** The study days with answers (a JSON array of day numbers), the last 30 days' ratings and the total answer time. */
export type ActivityByDay = { days: string } & { [K in 'again_count' | 'hard_count' | 'good_count' | 'easy_count' | 'duration_ms']: ActivitySum<K> };

export type ConceptMastery = SqlColumns<typeof concepts, 'id' | 'title'> & { mastery_level: number };

export const cardFigures = (d1: D1Database, userId: number) =>
  query<CardFigures>(
    d1
      .prepare(
        `SELECT SUM(cards) AS total, SUM(CASE WHEN state = 1 THEN cards END) AS learning, SUM(CASE WHEN state = 2 THEN cards END) AS review,
           SUM(CASE WHEN state = 3 THEN cards END) AS relearning, SUM(CASE WHEN state != 0 THEN cards END) AS studied,
           SUM(CASE WHEN state != 0 THEN stability_sum END) AS stability_sum, SUM(CASE WHEN state != 0 THEN difficulty_sum END) AS difficulty_sum,
           SUM(lapses_sum) AS lapses, SUM(CASE WHEN state != 0 THEN low_stability END) AS low, SUM(CASE WHEN state != 0 THEN high_stability END) AS high
         FROM flashcard_stats WHERE user_id = ?`,
      )
      .bind(userId),
  );

/**
 * Due before `todayEnd`, and of those the overdue ones, suspended and buried cards left
 * out: a range of the (user_id, due, state, suspended, buried_until) index, no table rows read.
 */
export const dueFigures = (d1: D1Database, userId: number, todayEnd: number, now: number) =>
  query<{ due_today: number; overdue: number | null }>(
    d1
      .prepare(
        `SELECT COUNT(*) AS due_today, SUM(state != 0 AND due <= ?3) AS overdue FROM flashcards
         WHERE user_id = ?1 AND due < ?2 AND suspended = 0 AND (buried_until IS NULL OR buried_until <= ?3)`,
      )
      .bind(userId, todayEnd, now),
  );

export const answerFigures = (d1: D1Database, userId: number, last30Start: number, last7Start: number) =>
  query<AnswerFigures>(
    d1
      .prepare(
        `SELECT SUM(reviews) AS total,
           SUM(CASE WHEN slot >= ?2 THEN reviews END) AS last30, SUM(CASE WHEN slot >= ?2 THEN again_count END) AS again30,
           SUM(CASE WHEN slot >= ?2 THEN hard_count END) AS hard30, SUM(CASE WHEN slot >= ?2 THEN good_count END) AS good30,
           SUM(CASE WHEN slot >= ?2 THEN easy_count END) AS easy30, SUM(CASE WHEN slot >= ?3 THEN reviews END) AS last7,
           SUM(duration_ms) AS duration_ms
         FROM review_activity WHERE user_id = ?1`,
      )
      .bind(userId, last30Start, last7Start),
  );

/** The person's concepts of lowest (or highest) mastery, among those with one. */
export const conceptsByMastery = (d1: D1Database, userId: number, order: 'weakest' | 'strongest') =>
  query<ConceptMastery>(
    d1
      .prepare(`SELECT id, title, mastery_level FROM concepts WHERE user_id = ? AND mastery_level IS NOT NULL ORDER BY mastery_level${order === 'strongest' ? ' DESC' : ''}, id LIMIT ?`)
      .bind(userId, CONCEPT_LIST_SIZE),
  );

/** Cards due before each window's end (overdue and today's included). */
export const workloadForecast = (d1: D1Database, userId: number, windows: { tomorrowEnd: number; next7End: number; next30End: number }) =>
  query<{ tomorrow: number | null; next7: number | null; next30: number }>(
    d1
      .prepare(`SELECT SUM(due < ?2) AS tomorrow, SUM(due < ?3) AS next7, COUNT(*) AS next30 FROM flashcards WHERE user_id = ?1 AND due < ?4`)
      .bind(userId, windows.tomorrowEnd, windows.next7End, windows.next30End),
  );

/**
 * SQL for the study day (days since the epoch) of a review_activity row. Every number is an
 * integer literal so the division is SQLite's integer one (a bound JS number may arrive as
 * a real, giving a fraction of a day per slot). Each row gets the UTC offset in force at its time, chosen by a CASE over the
 * zone's offset periods (numbers computed here, never user input), so days are right across
 * DST changes.
 */
function studyDayOfSlot(now: number, zone: string) {
  const periods = historyOffsetPeriods(now, zone);
  const branches = periods.map((p, i) => (i === periods.length - 1 ? `ELSE ${p.offset}` : `WHEN slot < ${p.end} THEN ${p.offset}`));
  const offsetAt = periods.length === 1 ? String(periods[0]!.offset) : `CASE ${branches.join(' ')} END`;
  return `(slot + (${offsetAt}) - ${DAY_ROLLOVER_HOUR * 3_600_000}) / 86400000`;
}

/**
 * One pass over the person's quarter-hour activity rows, grouped by study day.
 */
export function activityByDay(d1: D1Database, userId: number, now: number, zone: string, last30Start: number) {
  const last30 = (column: string) => `SUM(CASE WHEN slot >= ?2 THEN ${column} END) AS ${column}`;
  return query<ActivityByDay>(
    d1
      .prepare(
        `SELECT json_group_array(day) AS days, SUM(again_count) AS again_count, SUM(hard_count) AS hard_count, SUM(good_count) AS good_count,
           SUM(easy_count) AS easy_count, SUM(duration_ms) AS duration_ms
         FROM (SELECT ${studyDayOfSlot(now, zone)} AS day, ${['again_count', 'hard_count', 'good_count', 'easy_count'].map(last30).join(', ')},
                 SUM(duration_ms) AS duration_ms
               FROM review_activity WHERE user_id = ?1 GROUP BY day)`,
      )
      .bind(userId, last30Start),
  );
}

/** Answers per study day over the person's whole history, one row per day with answers (a few hundred a year at most). */
export const answersByStudyDay = (d1: D1Database, userId: number, now: number, zone: string) =>
  query<{ day: number; review_count: SqlRow<typeof reviewActivity>['reviews'] }>(
    d1
      .prepare(`SELECT ${studyDayOfSlot(now, zone)} AS day, SUM(reviews) AS review_count FROM review_activity WHERE user_id = ? GROUP BY day`)
      .bind(userId),
  );

/** Answers and answer time per study day of `days` (each [key, start, end]). */
export const answersPerDay = (d1: D1Database, userId: number, days: readonly { key: string; start: number; end: number }[]) =>
  query<{ date: string } & SqlColumns<typeof reviewActivity, 'duration_ms'> & { review_count: SqlRow<typeof reviewActivity>['reviews'] }>(
    d1
      .prepare(
        `SELECT d.value ->> '$[0]' AS date, COALESCE(SUM(r.reviews), 0) AS review_count, COALESCE(SUM(r.duration_ms), 0) AS duration_ms
         FROM json_each(?2) d
         LEFT JOIN review_activity r ON r.user_id = ?1 AND r.slot >= d.value ->> '$[1]' AND r.slot < d.value ->> '$[2]'
         GROUP BY d.key ORDER BY d.key`,
      )
      .bind(userId, JSON.stringify(days.map((d) => [d.key, d.start, d.end]))),
  );

/** How many concepts in all, without a mastery yet, and in each mastery bucket (`b0`…). */
export function masteryBuckets(d1: D1Database, userId: number) {
  const sums = MASTERY_BUCKETS.map((b, i) =>
    i === MASTERY_BUCKETS.length - 1 ? `SUM(mastery_level >= ${b.min}) AS b${i}` : `SUM(mastery_level >= ${b.min} AND mastery_level < ${b.max}) AS b${i}`,
  );
  return query<{ total: number; not_studied: number | null } & Record<`b${number}`, number | null>>(
    d1.prepare(`SELECT COUNT(*) AS total, SUM(mastery_level IS NULL) AS not_studied, ${sums.join(', ')} FROM concepts WHERE user_id = ?`).bind(userId),
  );
}
