/**
 * A daily note's live document as its party room sees it: loading the room's
 * Yjs state with the block rows D1 holds, and saving what the room's document holds back
 * into those rows — each block by its uid, in one batch, each write guarded by the
 * version the room last saw, so a row written outside the room (REST, an import) is never
 * overwritten unseen: the batch fails whole and the room reconciles first.
 *
 * Also the other direction: after a REST write to a note's blocks, the note's room (when
 * one is open) is told to read the rows again.
 */
import type { Env } from '../env';
import { abortUnless, isGuardFailure, isUniqueViolation } from '../db/queries/guard';
import { deleteLiveBlock, saveNoteDoc, selectBlockUidsElsewhere, selectNoteBlockRows, selectNoteDoc, upsertLiveBlock } from '../db/queries/note-docs';
import { selectNoteById } from '../db/queries/daily-notes';
import { firstRow, readBatch, runBatch } from '../db/rows';
import { noteRoomName } from '../domain/room-protocol';
import { stateToBase64 } from '../domain/yjs-prosemirror';
import { blobBytes, callParty } from './live-content';
import { newBlock } from './daily-notes';
import type { NoteBlockRow as StoredBlock } from '../db/queries/note-docs';

export interface NoteRoomDocument {
  /** Base64 of the room's Yjs state, null before the note was first edited live. */
  state: string | null;
  /** Each block's row version when the state was saved. */
  versions: Record<string, number>;
  rows: StoredBlock[];
}

export async function noteBelongsTo(d1: D1Database, userId: number, noteId: number): Promise<boolean> {
  return (await firstRow(selectNoteById(d1, userId, noteId))) !== null;
}

export async function loadNoteRoom(d1: D1Database, userId: number, noteId: number): Promise<NoteRoomDocument | null> {
  const [[note], [stored], rows] = await readBatch(d1, [selectNoteById(d1, userId, noteId), selectNoteDoc(d1, userId, noteId), selectNoteBlockRows(d1, noteId)]);
  if (!note) return null;
  return {
    state: stored ? stateToBase64(blobBytes(stored.state)) : null,
    versions: stored ? (JSON.parse(stored.versions) as Record<string, number>) : {},
    rows,
  };
}

export interface NoteRoomSave {
  state: Uint8Array;
  upserts: { uid: string; text: string; orderIdx: number; baseVersion: number | null }[];
  deletes: { uid: string; baseVersion: number }[];
  /** Versions of the blocks the room holds and did not write (they stay as they were). */
  kept: Record<string, number>;
}

export type NoteSaveOutcome = { outcome: 'saved'; rows: StoredBlock[] } | { outcome: 'stale'; rows: StoredBlock[]; taken: string[] } | { outcome: 'gone' };

/**
 * Writes the room's blocks. 'stale' when a row moved past the version the room based its
 * write on, or when a new block's uid is already another note's block (`taken`; the room
 * renames that block): nothing written, the rows let the room reconcile and save again.
 */
export async function saveNoteRoom(d1: D1Database, userId: number, noteId: number, save: NoteRoomSave, now: number): Promise<NoteSaveOutcome> {
  // The note's ownership is checked inside the batch (a save runs every few hundred ms of typing).
  const readBack = selectNoteBlockRows(d1, noteId);
  const statements = [
    abortUnless(d1, 'EXISTS (SELECT 1 FROM daily_notes WHERE id = ? AND user_id = ?)', noteId, userId),
    ...save.upserts.flatMap((b) => upsertLiveBlock(d1, userId, noteId, { ...newBlock(b.text, b.orderIdx), uid: b.uid, baseVersion: b.baseVersion }, now)),
    ...save.deletes.flatMap((b) => deleteLiveBlock(d1, userId, noteId, b.uid, b.baseVersion)),
    saveNoteDoc(d1, userId, noteId, save.state, save.kept, save.upserts.map((b) => b.uid), now),
    readBack,
  ];
  try {
    const read = await runBatch(d1, statements);
    return { outcome: 'saved', rows: read(readBack) };
  } catch (err) {
    // The note gone, a guard (a row written meanwhile) or a uid taken by a row the room did not know.
    if (!isGuardFailure(err) && !isUniqueViolation(err)) throw err;
    if (!(await noteBelongsTo(d1, userId, noteId))) return { outcome: 'gone' };
    const inserted = save.upserts.filter((b) => b.baseVersion === null).map((b) => b.uid);
    const [rows, taken] = await readBatch(d1, [selectNoteBlockRows(d1, noteId), selectBlockUidsElsewhere(d1, userId, noteId, inserted)]);
    return { outcome: 'stale', rows, taken: taken.map((r) => r.uid) };
  }
}

/**
 * Tells the note's room, when the party server runs, that its rows were written outside
 * it. Best effort, after the answer (`waitUntil`): the write is already stored, and a room
 * that is not open reads the rows when it next loads anyway.
 */
export function tellNoteRoom(env: Env, ctx: { waitUntil(promise: Promise<unknown>): void }, userId: number, noteId: number): void {
  ctx.waitUntil(callParty(env, 'notes', noteRoomName(userId, noteId), { type: 'reconcile' }));
}
