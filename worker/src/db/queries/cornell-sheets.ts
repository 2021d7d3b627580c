/**
 * SQL of Cornell sheets: one per concept, scoped by the person's id. A write
 * names the version it was made from; the statement changes nothing when the stored
 * version differs, which the service answers with 409.
 */
import { query, type SqlRow } from '../rows';
import type { cornellSheets } from '../schema';

export type CornellSheetRow = Omit<SqlRow<typeof cornellSheets>, 'user_id'>;

const SHEET_COLUMNS = 's.id, s.concept_id, s.rows, s.summary, s.version, s.created_at, s.updated_at';

/** The person's concept (its id and existing card questions) with its sheet's row, if any: no row at all when the concept is not theirs. */
export const conceptSheetStatement = (d1: D1Database, userId: number, conceptId: number) =>
  query<{ concept_id: number; questions: string } & { [K in keyof CornellSheetRow as `sheet_${K & string}`]: CornellSheetRow[K] | null }>(
    d1
      .prepare(
        `SELECT c.id AS concept_id, s.id AS sheet_id, s.concept_id AS sheet_concept_id, s.rows AS sheet_rows, s.summary AS sheet_summary,
           s.version AS sheet_version, s.created_at AS sheet_created_at, s.updated_at AS sheet_updated_at,
           (SELECT json_group_array(question) FROM flashcards f WHERE f.concept_id = c.id AND +f.user_id = ?1) AS questions
         FROM concepts c LEFT JOIN cornell_sheets s ON s.concept_id = c.id AND s.user_id = ?1
         WHERE c.id = ?2 AND c.user_id = ?1`,
      )
      .bind(userId, conceptId),
  );

export const findSheetStatement = (d1: D1Database, userId: number, conceptId: number) =>
  query<CornellSheetRow>(d1.prepare(`SELECT ${SHEET_COLUMNS} FROM cornell_sheets s WHERE s.concept_id = ? AND s.user_id = ?`).bind(conceptId, userId));

/** The first save of a concept's sheet (version 1); does nothing when one exists already. */
export const insertSheetStatement = (d1: D1Database, userId: number, conceptId: number, rows: string, summary: string, now: number) =>
  d1
    .prepare(
      `INSERT INTO cornell_sheets (user_id, concept_id, rows, summary, version, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, 1, ?5, ?5 WHERE EXISTS (SELECT 1 FROM concepts WHERE id = ?2 AND user_id = ?1)
       ON CONFLICT (concept_id) DO NOTHING`,
    )
    .bind(userId, conceptId, rows, summary, now);

/** A later save, made from `version`: changes nothing when the stored version is another. */
export const updateSheetStatement = (d1: D1Database, userId: number, conceptId: number, version: number, rows: string, summary: string, now: number) =>
  d1
    .prepare('UPDATE cornell_sheets SET rows = ?1, summary = ?2, version = version + 1, updated_at = ?3 WHERE concept_id = ?4 AND user_id = ?5 AND version = ?6')
    .bind(rows, summary, now, conceptId, userId, version);
