/**
 * SQL of a daily note's live room: its stored Yjs state with the block versions
 * it was saved with, and the block writes a room save makes — each by the block's uid,
 * guarded by the version the room last saw (db/queries/guard.ts), so one batch either
 * writes all the room holds or nothing.
 */
import { abortUnless } from './guard';
import { writeBlockMentions, type BlockRow, type NewBlock } from './daily-notes';
import { idByUid } from './new-row';
import { query, type SqlColumns } from '../rows';
import type { noteDocs } from '../schema';

/** A block row as the room compares it with its document. */
export type NoteBlockRow = Omit<BlockRow, 'note_id'>;

export const selectNoteDoc = (d1: D1Database, userId: number, noteId: number) =>
  query<SqlColumns<typeof noteDocs, 'state' | 'versions'>>(d1.prepare('SELECT state, versions FROM note_docs WHERE note_id = ? AND user_id = ?').bind(noteId, userId));

export const selectNoteBlockRows = (d1: D1Database, noteId: number) =>
  query<NoteBlockRow>(d1.prepare('SELECT id, uid, text, order_idx, version FROM note_blocks WHERE note_id = ? ORDER BY order_idx, id').bind(noteId));

const versionIs = (d1: D1Database, userId: number, noteId: number, uid: string, version: number) =>
  abortUnless(d1, '(SELECT version FROM note_blocks WHERE user_id = ? AND uid = ? AND note_id = ?) = ?', userId, uid, noteId, version);

/** Writes a block the room holds: an update when the room saw its row (at `baseVersion`), else an insert. */
export function upsertLiveBlock(d1: D1Database, userId: number, noteId: number, block: NewBlock & { uid: string; baseVersion: number | null }, now: number): D1PreparedStatement[] {
  const write =
    block.baseVersion === null
      ? [
          d1
            .prepare(
              `INSERT INTO note_blocks (user_id, uid, note_id, text, plain_text, order_idx, version, created_at, updated_at)
               VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)`,
            )
            .bind(userId, block.uid, noteId, block.text, block.plainText, block.orderIdx, now, now),
        ]
      : [
          versionIs(d1, userId, noteId, block.uid, block.baseVersion),
          d1
            .prepare('UPDATE note_blocks SET text = ?, plain_text = ?, order_idx = ?, version = version + 1, updated_at = ? WHERE user_id = ? AND uid = ?')
            .bind(block.text, block.plainText, block.orderIdx, now, userId, block.uid),
        ];
  return [...write, ...writeBlockMentions(d1, userId, idByUid('note_blocks', userId, block.uid), block.targets)];
}

/** Deletes a block the room deleted, unless its row was written since the room saw it. */
export const deleteLiveBlock = (d1: D1Database, userId: number, noteId: number, uid: string, baseVersion: number) => [
  versionIs(d1, userId, noteId, uid, baseVersion),
  d1.prepare('DELETE FROM note_blocks WHERE user_id = ? AND uid = ? AND note_id = ?').bind(userId, uid, noteId),
];

/**
 * Stores the room's state with the versions it now stands for: `kept` (blocks it did not
 * write) and the new versions of those it wrote.
 */
export const saveNoteDoc = (d1: D1Database, userId: number, noteId: number, state: Uint8Array, kept: Record<string, number>, written: string[], now: number) =>
  d1
    .prepare(
      `INSERT INTO note_docs (note_id, user_id, state, versions, updated_at)
       VALUES (?1, ?2, ?3, json_patch(?4, (SELECT json_group_object(uid, version) FROM note_blocks WHERE note_id = ?1 AND uid IN (SELECT value FROM json_each(?5)))), ?6)
       ON CONFLICT (note_id) DO UPDATE SET state = excluded.state, versions = excluded.versions, updated_at = excluded.updated_at`,
    )
    .bind(noteId, userId, state, JSON.stringify(kept), JSON.stringify(written), now);

/** Which of `uids` name a block of another of the person's notes (a room cannot give a block a uid already taken). */
export const selectBlockUidsElsewhere = (d1: D1Database, userId: number, noteId: number, uids: string[]) =>
  query<Pick<BlockRow, 'uid'>>(
    d1.prepare('SELECT uid FROM note_blocks WHERE user_id = ? AND note_id != ? AND uid IN (SELECT value FROM json_each(?))').bind(userId, noteId, JSON.stringify(uids)),
  );
