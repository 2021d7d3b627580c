/**
 * What a vault import reads before it writes: the objects an earlier import of a vault
 * made (their uids start with `md-`; daily-note blocks by their days), and the account's
 * concepts a page links to by title. The writes go through the backup's staging
 * (db/queries/data-import.ts).
 */
import type { conceptLinks, conceptRelations, concepts, dailyNotes, files, flashcards, noteBlocks } from '../schema';
import { query, type SqlColumns } from '../rows';

export type UidRow = SqlColumns<typeof concepts, 'uid'>;
/** A day with its blocks' uids (JSON array) and the place of its last block (null when it has none). */
export type DayRow = SqlColumns<typeof dailyNotes, 'date'> & { block_uids: string; last_order: SqlColumns<typeof noteBlocks, 'order_idx'>['order_idx'] | null };
export type TitleKeyRow = SqlColumns<typeof concepts, 'id' | 'uid' | 'title' | 'title_key'>;
export type FileKeyRow = SqlColumns<typeof files, 'key'>;

/** Concepts and flashcards a vault import made (uids `md-…`). */
export const vaultObjectUids = (d1: D1Database, userId: number, table: 'concepts' | 'flashcards') =>
  query<UidRow>(d1.prepare(`SELECT uid FROM ${table} WHERE user_id = ? AND uid LIKE 'md-%'`).bind(userId));

/** The person's daily notes of these days, each with its blocks' uids (JSON array) and last place. */
export const daysWithBlocks = (d1: D1Database, userId: number, dates: string[]) =>
  query<DayRow>(
    d1
      .prepare(
        `SELECT n.date, json_group_array(b.uid) AS block_uids, MAX(b.order_idx) AS last_order
         FROM daily_notes n LEFT JOIN note_blocks b ON b.note_id = n.id
         WHERE n.user_id = ? AND n.date IN (SELECT value FROM json_each(?)) GROUP BY n.id`,
      )
      .bind(userId, JSON.stringify(dates)),
  );

/** The person's concepts of these title keys (the oldest first), for links to pages outside the vault. */
export const conceptsByTitleKeys = (d1: D1Database, userId: number, keys: string[]) =>
  query<TitleKeyRow>(
    d1.prepare('SELECT id, uid, title, title_key FROM concepts WHERE user_id = ? AND uid IS NOT NULL AND title_key IN (SELECT value FROM json_each(?)) ORDER BY id').bind(userId, JSON.stringify(keys)),
  );

/** Which of these storage keys the person's files already hold. */
export const storedFileKeys = (d1: D1Database, userId: number, keys: string[]) =>
  query<FileKeyRow>(d1.prepare('SELECT key FROM files WHERE user_id = ? AND key IN (SELECT value FROM json_each(?))').bind(userId, JSON.stringify(keys)));

/** The vault export's reads, one batch: concepts with their tag names, relations, links, cards, daily notes with their blocks' texts in order, files. */
/** A concept with its tag names (JSON array). */
export type ExportConceptRow = SqlColumns<typeof concepts, 'id' | 'title' | 'content'> & { tags: string };
export type ExportRelationRow = SqlColumns<typeof conceptRelations, 'parent_id' | 'child_id'>;
export type ExportLinkRow = SqlColumns<typeof conceptLinks, 'concept_id' | 'target_concept_id'>;
export type ExportCardRow = SqlColumns<typeof flashcards, 'concept_id' | 'question' | 'answer' | 'occlusion'>;
/** A day with its blocks' texts in order (JSON array). */
export type ExportDayRow = SqlColumns<typeof dailyNotes, 'date'> & { blocks: string };
export type ExportFileRow = SqlColumns<typeof files, 'key' | 'file_name' | 'mime_type'>;

export const countConcepts = (d1: D1Database, userId: number) => query<{ n: number }>(d1.prepare('SELECT COUNT(*) AS n FROM concepts WHERE user_id = ?').bind(userId));

export const vaultExportStatements = (d1: D1Database, userId: number) =>
  [
    query<ExportConceptRow>(
      d1
        .prepare(
          `SELECT c.id, c.title, c.content, (SELECT json_group_array(name) FROM (SELECT t.name FROM concept_tags ct JOIN tags t ON t.id = ct.tag_id
             WHERE ct.concept_id = c.id ORDER BY t.name_key)) AS tags FROM concepts c WHERE c.user_id = ? ORDER BY c.id`,
        )
        .bind(userId),
    ),
    query<ExportRelationRow>(d1.prepare('SELECT parent_id, child_id FROM concept_relations WHERE user_id = ?').bind(userId)),
    query<ExportLinkRow>(d1.prepare('SELECT concept_id, target_concept_id FROM concept_links WHERE user_id = ? ORDER BY id').bind(userId)),
    query<ExportCardRow>(d1.prepare('SELECT concept_id, question, answer, occlusion FROM flashcards WHERE user_id = ? ORDER BY id').bind(userId)),
    query<ExportDayRow>(
      d1
        .prepare(
          `SELECT n.date, (SELECT json_group_array(text) FROM (SELECT text FROM note_blocks WHERE note_id = n.id ORDER BY order_idx, id)) AS blocks
           FROM daily_notes n WHERE n.user_id = ? ORDER BY n.date`,
        )
        .bind(userId),
    ),
    query<ExportFileRow>(d1.prepare('SELECT key, file_name, mime_type FROM files WHERE user_id = ?').bind(userId)),
  ] as const;
