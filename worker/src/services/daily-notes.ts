/**
 * Reading and writing daily notes and their blocks. Every block write derives the block's
 * plain text (search) and its mentions (`[[Title]]`, concept links) in the same D1 batch.
 */
import { ApiError, notFound } from '../lib/errors';
import { isGuardFailure, isUniqueViolation } from '../db/queries/guard';
import {
  deleteOwnBlock,
  insertBlocks,
  insertNoteIfMissing,
  selectBlocksOfDate,
  selectBlocksOfNote,
  selectMentionedOnDate,
  selectConceptsNamed,
  selectNoteByDate,
  selectNoteById,
  selectBlockByUid,
  selectOwnBlock,
  selectRecentNotes,
  updateBlock,
  type BlockRow,
  type NamedConceptRow,
  type NewBlock,
  type NoteRow,
} from '../db/queries/daily-notes';
import { allRows, firstRow, readBatch, rowsRead, runBatch } from '../db/rows';
import { deriveBlock } from '../domain/daily-blocks';
import { titleKey } from '../domain/wiki-links';
import { blockTextsWithWikiLinks } from './wiki-link-writes';

export function presentBlock(row: BlockRow) {
  return { id: row.id, uid: row.uid, note_id: row.note_id, text: row.text, order_idx: row.order_idx, version: row.version };
}

/** A concept named in a note: its id, or null when no concept has that title yet. */
export interface NoteMention {
  title: string;
  concept_id: number | null;
}

/**
 * The concepts a note's blocks name. `known` are those already read (the mentions recorded
 * at save); only titles and ids beyond them — a concept created since, a placeholder — cost a query.
 */
async function mentionsOf(d1: D1Database, userId: number, blocks: BlockRow[], known: NamedConceptRow[] = []): Promise<NoteMention[]> {
  const derived = blocks.map((b) => deriveBlock(b.text));
  const titleKeys = [...new Set(derived.flatMap((d) => d.titleKeys))].filter((k) => !known.some((c) => c.title_key === k));
  const ids = [...new Set(derived.flatMap((d) => d.ids))].filter((id) => !known.some((c) => c.id === id));
  const found = [...known];
  if (titleKeys.length || ids.length) found.push(...(await allRows(selectConceptsNamed(d1, userId, { titleKeys, ids }))));
  const byKey = new Map(found.map((c) => [c.title_key, c]));
  const mentions = new Map<string, NoteMention>();
  for (const d of derived) {
    d.titles.forEach((title, i) => {
      const concept = byKey.get(d.titleKeys[i]!);
      const key = concept ? `#${concept.id}` : `?${titleKey(title)}`;
      if (!mentions.has(key)) mentions.set(key, { title: concept?.title ?? title, concept_id: concept?.id ?? null });
    });
    for (const id of d.ids) {
      const concept = found.find((c) => c.id === id);
      if (concept && !mentions.has(`#${id}`)) mentions.set(`#${id}`, { title: concept.title, concept_id: id });
    }
  }
  return [...mentions.values()];
}

export async function presentNote(d1: D1Database, userId: number, note: NoteRow) {
  const blocks = await allRows(selectBlocksOfNote(d1, note.id));
  return { id: note.id, date: note.date, title: note.title, blocks: blocks.map(presentBlock), mentions: await mentionsOf(d1, userId, blocks) };
}

export async function loadNoteByDate(d1: D1Database, userId: number, date: string) {
  // One round trip for the note, its blocks and the concepts they were saved mentioning.
  const [[note], blocks, mentioned] = await readBatch(d1, [selectNoteByDate(d1, userId, date), selectBlocksOfDate(d1, userId, date), selectMentionedOnDate(d1, userId, date)]);
  if (!note) throw notFound('Note');
  return { id: note.id, date: note.date, title: note.title, blocks: blocks.map(presentBlock), mentions: await mentionsOf(d1, userId, blocks, mentioned) };
}

/** Creates the note of `date` unless it exists; answers it and whether it was created now. */
export async function ensureNote(d1: D1Database, userId: number, date: string, title: string | null, now: number) {
  const select = selectNoteByDate(d1, userId, date);
  const [inserted, selected] = await d1.batch([insertNoteIfMissing(d1, userId, date, title, now), select]);
  const note = rowsRead(select, selected!)[0]!;
  return { note, created: (inserted!.meta.changes ?? 0) > 0 };
}

export async function recentNotes(d1: D1Database, userId: number, limit: number) {
  return (await allRows(selectRecentNotes(d1, userId, limit))).map((n) => ({ id: n.id, date: n.date, title: n.title }));
}

export async function requireOwnNote(d1: D1Database, userId: number, noteId: number): Promise<NoteRow> {
  const note = await firstRow(selectNoteById(d1, userId, noteId));
  if (!note) throw notFound('Note');
  return note;
}

export function newBlock(text: string, orderIdx: number): NewBlock {
  const derived = deriveBlock(text);
  return { text, plainText: derived.plainText, orderIdx, targets: { titleKeys: derived.titleKeys, ids: derived.ids } };
}

/** Blocks written from outside the editor (REST, a file), their `[[Title]]`s linked as typing links them, in order from `orderIdx`. */
export async function newLinkedBlocks(d1: D1Database, userId: number, texts: string[], orderIdx: number): Promise<NewBlock[]> {
  return (await blockTextsWithWikiLinks(d1, userId, texts)).map((text, i) => newBlock(text, orderIdx + i));
}

/** Adds blocks to one of the user's notes; answers the blocks as stored. */
export async function addBlocks(d1: D1Database, userId: number, noteId: number, blocks: NewBlock[], now: number) {
  try {
    const { statements, inserted } = insertBlocks(d1, userId, noteId, blocks, now);
    const read = await runBatch(d1, statements);
    return inserted.map((q) => presentBlock(read(q)[0]!));
  } catch (err) {
    if (isGuardFailure(err)) throw notFound('Note');
    throw err;
  }
}

/**
 * Adds one block made on a device with its client id (a queued offline creation): a retry
 * whose first answer was lost answers the block already made (`created: false`), never a
 * second one; two retries racing each other make one row (the uid is unique per person).
 */
export async function addBlockOnce(d1: D1Database, userId: number, noteId: number, block: NewBlock & { uid: string }, now: number) {
  const made = async () => {
    const row = await firstRow(selectBlockByUid(d1, userId, block.uid));
    // The id already names a block of another note: the device mixed two creations up.
    if (row && row.note_id !== noteId) throw new ApiError(409, 'client_id_conflict', 'Cet identifiant client désigne déjà un bloc d’une autre note.');
    return row && presentBlock(row);
  };
  const existing = await made();
  if (existing) return { block: existing, created: false };
  try {
    return { block: (await addBlocks(d1, userId, noteId, [block], now))[0]!, created: true };
  } catch (err) {
    const raced = isUniqueViolation(err) ? await made() : null;
    if (raced) return { block: raced, created: false };
    throw err;
  }
}

/**
 * Rewrites a block's text (its `[[Title]]`s linked: 'Lier automatiquement tous les blocs'
 * re-saves each block to link what was written before its concept existed). Given the version it was read at, a write based on an older
 * read is refused with 409 and the current block, so it never silently replaces newer text.
 */
export async function saveBlockText(d1: D1Database, userId: number, blockId: number, text: string, now: number, expectedVersion?: number) {
  const [linked] = await newLinkedBlocks(d1, userId, [text], 0);
  const { orderIdx: _, ...block } = linked!;
  try {
    const { statements, updated } = updateBlock(d1, userId, blockId, block, now, expectedVersion);
    const read = await runBatch(d1, statements);
    return presentBlock(read(updated)[0]!);
  } catch (err) {
    if (!isGuardFailure(err)) throw err;
    const current = await firstRow(selectOwnBlock(d1, userId, blockId));
    if (!current) throw notFound('Bloc');
    throw new ApiError(409, 'block_conflict', 'Ce bloc a été modifié ailleurs depuis sa lecture.', { block: presentBlock(current) });
  }
}

/** Deletes one of the user's blocks; answers the note it belonged to. */
export async function deleteBlock(d1: D1Database, userId: number, blockId: number): Promise<number> {
  const deleted = await firstRow(deleteOwnBlock(d1, userId, blockId));
  if (!deleted) throw notFound('Bloc');
  return deleted.note_id;
}

export async function requireOwnBlock(d1: D1Database, userId: number, blockId: number): Promise<BlockRow> {
  const block = await firstRow(selectOwnBlock(d1, userId, blockId));
  if (!block) throw notFound('Bloc');
  return block;
}
