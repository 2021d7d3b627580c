/** SQL of a person's own FSRS parameters and of the review log the optimizer learns from. */
import { query, type SqlColumns } from '../rows';
import type { users } from '../schema';

export const selectFsrsParams = (d1: D1Database, userId: number) =>
  query<SqlColumns<typeof users, 'fsrs_params'>>(d1.prepare('SELECT fsrs_params FROM users WHERE id = ?').bind(userId));

export const updateFsrsParams = (d1: D1Database, userId: number, params: number[] | null, now: number) =>
  d1.prepare('UPDATE users SET fsrs_params = ?, updated_at = ? WHERE id = ?').bind(params ? JSON.stringify(params) : null, now, userId);

export const countReviews = (d1: D1Database, userId: number) => query<{ n: number }>(d1.prepare('SELECT COUNT(*) AS n FROM review_logs WHERE user_id = ?').bind(userId));

/** Every answer of the person (c: card, t: time, r: rating), as compact rows. */
export const selectReviewEvents = (d1: D1Database, userId: number, limit: number) =>
  query<{ c: number; t: number; r: number }>(
    d1.prepare('SELECT flashcard_id AS c, reviewed_at AS t, rating AS r FROM review_logs WHERE user_id = ? ORDER BY flashcard_id, reviewed_at LIMIT ?').bind(userId, limit),
  );

export type SchedulingRow = SqlColumns<typeof users, 'fsrs_params'> & {
  /** The person's stored preferences (JSON), null when never saved. */
  data: string | null;
  time_zone?: string | null;
};

/** The person's preferences, own FSRS parameters and time zone, in one row (one statement of a batch). */
export const schedulingStatement = (d1: D1Database, userId: number) =>
  query<SchedulingRow>(d1.prepare('SELECT (SELECT data FROM user_preferences WHERE user_id = ?1) AS data, fsrs_params, time_zone FROM users WHERE id = ?1').bind(userId));
