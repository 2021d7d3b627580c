/**
 * What a vault import reads before it writes: the objects an earlier import of a vault
 * made (their uids start with `md-`; daily-note blocks by their days), and the account's
 * concepts a page links to by title. The writes go through the backup's staging
 * (db/queries/data-import.ts).
 */
import type { concepts, dailyNotes, files } from '../schema';

export type UidRow = Pick<typeof concepts.$inferSelect, 'uid'>;
export type DayRow = Pick<typeof dailyNotes.$inferSelect, 'date'> & { block_uids: string; last_order: number | null };
export type TitleKeyRow = Pick<typeof concepts.$inferSelect, 'uid'> & { title_key: string };
export type FileKeyRow = Pick<typeof files.$inferSelect, 'key'>;

/** Concepts and flashcards a vault import made (uids `md-…`). */
export const vaultObjectUids = (d1: D1Database, userId: number, table: 'concepts' | 'flashcards') =>
  d1.prepare(`SELECT uid FROM ${table} WHERE user_id = ? AND uid LIKE 'md-%'`).bind(userId);

/** The person's daily notes of these days, each with its blocks' uids (JSON array) and last place. */
export const daysWithBlocks = (d1: D1Database, userId: number, dates: string[]) =>
  d1
    .prepare(
      `SELECT n.date, json_group_array(b.uid) AS block_uids, MAX(b.order_idx) AS last_order
       FROM daily_notes n LEFT JOIN note_blocks b ON b.note_id = n.id
       WHERE n.user_id = ? AND n.date IN (SELECT value FROM json_each(?)) GROUP BY n.id`,
    )
    .bind(userId, JSON.stringify(dates));

/** The person's concepts of these title keys (the oldest first), for links to pages outside the vault. */
export const conceptsByTitleKeys = (d1: D1Database, userId: number, keys: string[]) =>
  d1
    .prepare('SELECT uid, title_key FROM concepts WHERE user_id = ? AND uid IS NOT NULL AND title_key IN (SELECT value FROM json_each(?)) ORDER BY id')
    .bind(userId, JSON.stringify(keys));

/** Which of these storage keys the person's files already hold. */
export const storedFileKeys = (d1: D1Database, userId: number, keys: string[]) =>
  d1.prepare('SELECT key FROM files WHERE user_id = ? AND key IN (SELECT value FROM json_each(?))').bind(userId, JSON.stringify(keys));
