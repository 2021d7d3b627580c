/** SQL of a person's own FSRS parameters and of the review log the optimizer learns from. */
import { query, type SqlColumns } from '../rows';
import type { flashcards, users } from '../schema';

export type FsrsFitRow = SqlColumns<typeof users, 'fsrs_params' | 'fsrs_fit_id' | 'fsrs_fit_at' | 'fsrs_fit_reviews' | 'fsrs_fit_loss_before' | 'fsrs_fit_loss_after'> & {
  /** The person's stored preferences (JSON), null when never saved. */
  data: string | null;
};

/** The parameters, the last fit and the preferences (for the automatic optimisation's switch). */
export const selectFsrsParams = (d1: D1Database, userId: number) =>
  query<FsrsFitRow>(
    d1
      .prepare(
        'SELECT fsrs_params, fsrs_fit_id, fsrs_fit_at, fsrs_fit_reviews, fsrs_fit_loss_before, fsrs_fit_loss_after, (SELECT data FROM user_preferences WHERE user_id = ?1) AS data FROM users WHERE id = ?1',
      )
      .bind(userId),
  );

/** Back to FSRS's defaults (the last fit stays recorded). */
export const clearFsrsParams = (d1: D1Database, userId: number, now: number) => d1.prepare('UPDATE users SET fsrs_params = NULL, updated_at = ? WHERE id = ?').bind(now, userId);

/** Parameters saved by hand: a fit too, on every review so far (its log losses are the page's, not kept). */
export const saveOwnFsrsParams = (d1: D1Database, userId: number, params: number[], now: number) =>
  d1
    .prepare(
      `UPDATE users SET fsrs_params = ?1, fsrs_fit_id = fsrs_fit_id + 1, fsrs_fit_at = ?2, fsrs_fit_reviews = (SELECT COUNT(*) FROM review_logs WHERE user_id = ?3),
         fsrs_fit_loss_before = NULL, fsrs_fit_loss_after = NULL, updated_at = ?2 WHERE id = ?3`,
    )
    .bind(JSON.stringify(params), now, userId);

export interface FitRecord {
  /** The fit the device built on: the row changes only while it is still the last one. */
  basedOn: number;
  at: number;
  reviewCount: number;
  lossBefore: number | null;
  lossAfter: number | null;
}

/**
 * Records a fit and, when `params` is given, saves them, in one statement that changes
 * nothing unless `fsrs_fit_id` is still `basedOn` (0 rows changed: another device fitted since).
 */
export const recordFsrsFit = (d1: D1Database, userId: number, params: number[] | undefined, fit: FitRecord) =>
  d1
    .prepare(
      `UPDATE users SET fsrs_params = CASE WHEN ?1 THEN ?2 ELSE fsrs_params END, fsrs_fit_id = fsrs_fit_id + 1, fsrs_fit_at = ?3, fsrs_fit_reviews = ?4,
         fsrs_fit_loss_before = ?5, fsrs_fit_loss_after = ?6, updated_at = ?3 WHERE id = ?7 AND fsrs_fit_id = ?8`,
    )
    .bind(params ? 1 : 0, params ? JSON.stringify(params) : null, fit.at, fit.reviewCount, fit.lossBefore, fit.lossAfter, userId, fit.basedOn);

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

/**
 * The memory of the person's studied cards for the retention helper (suspended ones left
 * out): stability, difficulty, last answer; at most `limit`, the latest answered first.
 */
export const selectCardMemories = (d1: D1Database, userId: number, limit: number) =>
  query<SqlColumns<typeof flashcards, 'stability' | 'difficulty' | 'last_review'>>(
    d1
      .prepare('SELECT stability, difficulty, last_review FROM flashcards WHERE user_id = ? AND suspended = 0 AND state != 0 AND stability > 0 AND last_review IS NOT NULL ORDER BY last_review DESC LIMIT ?')
      .bind(userId, limit),
  );

/** How many of the person's cards were never answered (suspended ones left out). */
export const countNewCards = (d1: D1Database, userId: number) =>
  query<{ n: number }>(d1.prepare('SELECT COUNT(*) AS n FROM flashcards WHERE user_id = ? AND suspended = 0 AND (state = 0 OR last_review IS NULL OR stability <= 0)').bind(userId));
