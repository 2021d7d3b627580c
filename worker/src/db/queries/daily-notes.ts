/**
 * SQL of daily notes and their blocks. Every statement names the user, so another
 * person's note or block is never read or written (the routes answer 404).
 */
import { idByUid, newUid } from './new-row';
import { ownedMatch, phraseMatchQuery } from '../../domain/search-query';
import { abortUnless } from './guard';
import { allRows, query, type Query, type SqlColumns } from '../rows';
import type { blockMentions, concepts, dailyNotes, noteBlocks, noteHighlights } from '../schema';

export type NoteRow = SqlColumns<typeof dailyNotes, 'id' | 'date' | 'title'>;

/** A block as the API shows it; a trigger gives every row a uid, so the column is never null once written. */
export type BlockRow = SqlColumns<typeof noteBlocks, 'id' | 'note_id' | 'text' | 'order_idx' | 'version'> & { uid: string };

/** A concept a block names. */
export type NamedConceptRow = SqlColumns<typeof concepts, 'id' | 'title' | 'title_key'>;

export interface MentionTargets {
  titleKeys: string[];
  ids: number[];
}

const BLOCK_COLUMNS = 'id, uid, note_id, text, order_idx, version';

export const selectNoteByDate = (d1: D1Database, userId: number, date: string) =>
  query<NoteRow>(d1.prepare('SELECT id, date, title FROM daily_notes WHERE user_id = ? AND date = ?').bind(userId, date));

export const selectNoteById = (d1: D1Database, userId: number, noteId: number) =>
  query<NoteRow>(d1.prepare('SELECT id, date, title FROM daily_notes WHERE user_id = ? AND id = ?').bind(userId, noteId));

export const selectBlocksOfNote = (d1: D1Database, noteId: number) =>
  query<BlockRow>(d1.prepare(`SELECT ${BLOCK_COLUMNS} FROM note_blocks WHERE note_id = ? ORDER BY order_idx, id`).bind(noteId));

/** The blocks of the user's note of a date, read without knowing the note's id (same batch as the note). */
export const selectBlocksOfDate = (d1: D1Database, userId: number, date: string) =>
  query<BlockRow>(d1.prepare(`SELECT ${BLOCK_COLUMNS} FROM note_blocks WHERE note_id = (SELECT id FROM daily_notes WHERE user_id = ? AND date = ?) ORDER BY order_idx, id`).bind(userId, date));

/** The concepts the blocks of a date mention, as recorded at their last save. */
export const selectMentionedOnDate = (d1: D1Database, userId: number, date: string) =>
  query<NamedConceptRow>(
    d1.prepare(
      // CROSS JOIN fixes the order: the day's few blocks first, never a scan of every mention;
      // `+m.user_id` keeps SQLite on the (block_id, …) key rather than the person's whole (user_id, …) index.
      `SELECT DISTINCT c.id, c.title, c.title_key FROM note_blocks b CROSS JOIN block_mentions m CROSS JOIN concepts c
       WHERE b.note_id = (SELECT id FROM daily_notes WHERE user_id = ?1 AND date = ?2) AND m.block_id = b.id AND +m.user_id = ?1 AND c.id = m.concept_id`,
    ).bind(userId, date),
  );

export const selectOwnBlock = (d1: D1Database, userId: number, blockId: number) =>
  query<BlockRow>(d1.prepare(`SELECT ${BLOCK_COLUMNS} FROM note_blocks WHERE id = ? AND user_id = ?`).bind(blockId, userId));

/** The person's block made with that client id (its `uid`), if any. */
export const selectBlockByUid = (d1: D1Database, userId: number, uid: string) =>
  query<BlockRow>(d1.prepare(`SELECT ${BLOCK_COLUMNS} FROM note_blocks WHERE user_id = ? AND uid = ?`).bind(userId, uid));

/** Creates the note of a date unless it exists: two devices creating today's note at once make one. */
export const insertNoteIfMissing = (d1: D1Database, userId: number, date: string, title: string | null, now: number) =>
  d1
    .prepare('INSERT INTO daily_notes (user_id, date, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_id, date) DO NOTHING')
    .bind(userId, date, title, now, now);

export const selectRecentNotes = (d1: D1Database, userId: number, limit: number) =>
  query<NoteRow>(d1.prepare('SELECT id, date, title FROM daily_notes WHERE user_id = ? ORDER BY date DESC LIMIT ?').bind(userId, limit));

/**
 * Concepts of user ?1 whose title key is in the JSON list ?2 or whose id is in ?3. Two index
 * lookups, not an OR (which would walk all the user's concepts); `+user_id` keeps the id
 * part on the primary key.
 */
const NAMED = `WHERE id IN (
  SELECT id FROM concepts WHERE user_id = ?1 AND title_key IN (SELECT value FROM json_each(?2))
  UNION SELECT id FROM concepts WHERE +user_id = ?1 AND id IN (SELECT value FROM json_each(?3)))`;

/** The concepts (id, title) among the user's whose title key or id is listed. */
export const selectConceptsNamed = (d1: D1Database, userId: number, targets: MentionTargets) =>
  query<NamedConceptRow>(d1.prepare(`SELECT id, title, title_key FROM concepts ${NAMED}`).bind(userId, JSON.stringify(targets.titleKeys), JSON.stringify(targets.ids)));

/** `bid` is the block's id, or an SQL expression for it inside a create batch. */
export function writeBlockMentions(d1: D1Database, userId: number, bid: string, targets: MentionTargets): D1PreparedStatement[] {
  return [
    d1.prepare(`DELETE FROM block_mentions WHERE block_id = ${bid}`),
    d1
      .prepare(
        `INSERT OR IGNORE INTO block_mentions (user_id, block_id, concept_id)
         SELECT ?1, ${bid}, id FROM concepts ${NAMED}`,
      )
      .bind(userId, JSON.stringify(targets.titleKeys), JSON.stringify(targets.ids)),
  ];
}

export interface NewBlock {
  text: string;
  plainText: string;
  orderIdx: number;
  targets: MentionTargets;
  /** The uid to give the block (a device's client id); a fresh one when absent. */
  uid?: string;
}

/**
 * Statements adding blocks to a note the user owns (checked inside the same batch, so a
 * note deleted meanwhile rolls the whole write back). Each new block's mentions find it by
 * the uid it is inserted with (db/queries/new-row.ts).
 */
export function insertBlocks(d1: D1Database, userId: number, noteId: number, blocks: NewBlock[], now: number) {
  const statements = [abortUnless(d1, 'EXISTS (SELECT 1 FROM daily_notes WHERE id = ? AND user_id = ?)', noteId, userId)];
  const inserted: Query<BlockRow>[] = [];
  for (const block of blocks) {
    const uid = block.uid ?? newUid();
    const insert = query<BlockRow>(
      d1
        .prepare(
          `INSERT INTO note_blocks (user_id, uid, note_id, text, plain_text, order_idx, version, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?) RETURNING ${BLOCK_COLUMNS}`,
        )
        .bind(userId, uid, noteId, block.text, block.plainText, block.orderIdx, now, now),
    );
    inserted.push(insert);
    statements.push(insert, ...writeBlockMentions(d1, userId, idByUid('note_blocks', userId, uid), block.targets));
  }
  statements.push(d1.prepare('UPDATE daily_notes SET updated_at = ? WHERE id = ?').bind(now, noteId));
  /** `inserted`: each new block's insert, which reads the block back as stored. */
  return { statements, inserted };
}

/** Updates a block's text; with `expectedVersion`, only if the block is still at that version. */
export function updateBlock(d1: D1Database, userId: number, blockId: number, block: Omit<NewBlock, 'orderIdx'>, now: number, expectedVersion?: number) {
  const guard = expectedVersion === undefined ? 'EXISTS (SELECT 1 FROM note_blocks WHERE id = ? AND user_id = ?)' : '(SELECT version FROM note_blocks WHERE id = ? AND user_id = ?) = ?';
  const updated = query<BlockRow>(
    d1
      .prepare(
        `UPDATE note_blocks SET text = ?, plain_text = ?, version = version + 1, updated_at = ? WHERE id = ? AND user_id = ? RETURNING ${BLOCK_COLUMNS}`,
      )
      .bind(block.text, block.plainText, now, blockId, userId),
  );
  const statements = [
    abortUnless(d1, guard, blockId, userId, ...(expectedVersion === undefined ? [] : [expectedVersion])),
    updated,
    ...writeBlockMentions(d1, userId, String(Math.trunc(blockId)), block.targets),
    d1.prepare('UPDATE daily_notes SET updated_at = ? WHERE id = (SELECT note_id FROM note_blocks WHERE id = ?)').bind(now, blockId),
  ];
  /** `updated` reads the block back as written. */
  return { statements, updated };
}

export const deleteOwnBlock = (d1: D1Database, userId: number, blockId: number) =>
  query<SqlColumns<typeof noteBlocks, 'id' | 'note_id'>>(d1.prepare('DELETE FROM note_blocks WHERE id = ? AND user_id = ? RETURNING id, note_id').bind(blockId, userId));

/** Records highlights as imported; answers the keys that were new. */
export const insertHighlightKeys = (d1: D1Database, userId: number, keys: string[], now: number) =>
  d1
    .prepare('INSERT INTO note_highlights (user_id, highlight_key, created_at) SELECT ?, value, ? FROM json_each(?) WHERE true ON CONFLICT DO NOTHING RETURNING highlight_key')
    .bind(userId, now, JSON.stringify(keys));

export const selectKnownHighlightKeys = (d1: D1Database, userId: number, keys: string[]) =>
  query<SqlColumns<typeof noteHighlights, 'highlight_key'>>(
    d1.prepare('SELECT highlight_key FROM note_highlights WHERE user_id = ? AND highlight_key IN (SELECT value FROM json_each(?))').bind(userId, JSON.stringify(keys)),
  );

/** The blocks that mention a concept, newest day first (the concept page's mentions panel). */
export function conceptMentions(d1: D1Database, userId: number, conceptId: number) {
  return allRows(
    query<{ note_date: NoteRow['date']; text: BlockRow['text'] } & SqlColumns<typeof blockMentions, 'block_id'>>(
      d1
        .prepare(
          `SELECT n.date AS note_date, b.id AS block_id, b.text FROM block_mentions m
           JOIN note_blocks b ON b.id = m.block_id JOIN daily_notes n ON n.id = b.note_id
           WHERE m.user_id = ?1 AND m.concept_id = ?2 ORDER BY n.date DESC, b.order_idx, b.id`,
        )
        .bind(userId, conceptId),
    ),
  );
}

/**
 * A concept just created (or renamed) is mentioned by every block that already names it —
 * as `[[Title]]` in its text or as a pending link to that title — without waiting for those
 * blocks to be saved again. The full-text index narrows the blocks to those holding the
 * title's words; only those are scanned. `cid` is the concept's id or an SQL expression for it.
 */
export function linkBlocksNaming(d1: D1Database, userId: number, cid: string, title: string): D1PreparedStatement {
  const phrase = phraseMatchQuery(title, 'plain_text');
  const candidates = phrase ? 'AND b.id IN (SELECT rowid FROM note_blocks_fts WHERE note_blocks_fts MATCH ?)' : '';
  const named = title.trim();
  return d1
    .prepare(
      `INSERT OR IGNORE INTO block_mentions (user_id, block_id, concept_id)
       SELECT ?, b.id, ${cid} FROM note_blocks b
       WHERE b.user_id = ? ${candidates}
         AND (instr(lower(b.plain_text), ?) > 0 OR instr(b.plain_text, ?) > 0
              OR (instr(b.text, 'pendingConceptLink') > 0 AND instr(lower(b.text), lower(json_quote(?))) > 0))`,
    )
    .bind(userId, userId, ...(phrase ? [ownedMatch(userId, phrase)] : []), `[[${named.toLowerCase()}]]`, `[[${named}]]`, named);
}

/** The order index after a note's last block (0 for an empty note). */
export const nextBlockOrderStatement = (d1: D1Database, noteId: number) =>
  query<{ next: number }>(d1.prepare('SELECT COALESCE(MAX(order_idx) + 1, 0) AS next FROM note_blocks WHERE note_id = ?').bind(noteId));
