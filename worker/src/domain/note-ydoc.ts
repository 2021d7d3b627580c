/**
 * A daily note as one live Yjs document: the order of its blocks in a Y.Array
 * of block uids, and each block's rich text in its own Y.XmlFragment, kept in a Y.Map by
 * uid. Adding, deleting and moving blocks are Yjs edits like typing, so two devices (or
 * one coming back online) converge on blocks and order as they do on text.
 *
 * D1 keeps a row per block (`note_blocks`, found by its uid). The room remembers, per
 * block, the version and text D1 held when it last loaded or saved (the "base"); a row
 * whose version moved past its base was written outside the room (REST: an import, a
 * promotion, a client without the room). `reconcileNote` brings such writes into the
 * live document without losing what was typed live: a block changed on both sides keeps
 * the live text and gets the other text as a new block right after it.
 *
 * Pure: no I/O, no clock. The party server, the Worker's tests and the page import it.
 */
import * as Y from 'yjs';
import { storedBlockDoc, type RichDoc } from './richtext';
import { appendDocToFragment, fragmentToDoc } from './yjs-prosemirror';

export const NOTE_ORDER = 'order';
export const NOTE_BLOCKS = 'blocks';

/** Block uids: the 32 hex digits D1 gives a row (db/queries/new-row.ts); devices make them the same way. */
export const BLOCK_UID = /^[0-9a-f]{32}$/;

export const orderOf = (ydoc: Y.Doc) => ydoc.getArray<string>(NOTE_ORDER);
export const blocksOf = (ydoc: Y.Doc) => ydoc.getMap<Y.XmlFragment>(NOTE_BLOCKS);

/**
 * The blocks in their order: each uid once (two devices moving one block at once may leave
 * it twice in the order; its first place counts), only blocks that still exist.
 */
export function noteBlockUids(ydoc: Y.Doc): string[] {
  const blocks = blocksOf(ydoc);
  const seen = new Set<string>();
  const uids: string[] = [];
  for (const uid of orderOf(ydoc).toArray()) {
    // Whatever a device put in the order or the map that is not a block (a number, a text) is no block.
    if (typeof uid !== 'string' || seen.has(uid) || !(blocks.get(uid) instanceof Y.XmlFragment)) continue;
    seen.add(uid);
    uids.push(uid);
  }
  return uids;
}

/** Inserts a block at `index` of the visible order (the end by default), holding `doc`. */
export function addNoteBlock(ydoc: Y.Doc, uid: string, doc: RichDoc | null = null, index?: number, origin: unknown = null): void {
  ydoc.transact(() => {
    const fragment = new Y.XmlFragment();
    blocksOf(ydoc).set(uid, fragment);
    if (doc) appendDocToFragment(fragment, doc);
    const order = orderOf(ydoc);
    const visible = noteBlockUids(ydoc).filter((u) => u !== uid);
    const before = index === undefined || index >= visible.length ? null : visible[Math.max(0, index)]!;
    order.insert(before === null ? order.length : order.toArray().indexOf(before), [uid]);
  }, origin);
}

export function removeNoteBlock(ydoc: Y.Doc, uid: string, origin: unknown = null): void {
  ydoc.transact(() => {
    const order = orderOf(ydoc);
    for (let i = order.length - 1; i >= 0; i--) if (order.get(i) === uid) order.delete(i, 1);
    blocksOf(ydoc).delete(uid);
  }, origin);
}

/**
 * Gives each block whose uid D1 cannot key a row by (not 32 hex digits, or in `refused`:
 * taken by another note's row) a new uid from `newUid`, keeping its text and place, so the
 * room saves it with the others instead of every save being refused for it. Answers the
 * renamed uids (old → new).
 */
export function repairNoteBlockUids(ydoc: Y.Doc, newUid: () => string, refused: ReadonlySet<string> = new Set(), origin: unknown = null): Map<string, string> {
  const renamed = new Map<string, string>();
  const bad = noteBlockUids(ydoc).filter((uid) => !BLOCK_UID.test(uid) || refused.has(uid));
  if (!bad.length) return renamed;
  ydoc.transact(() => {
    for (const uid of bad) {
      const index = noteBlockUids(ydoc).indexOf(uid);
      const doc = fragmentToDoc(blocksOf(ydoc).get(uid)!);
      removeNoteBlock(ydoc, uid, origin);
      const fresh = newUid();
      addNoteBlock(ydoc, fresh, doc, index, origin);
      renamed.set(uid, fresh);
    }
  }, origin);
  return renamed;
}

/** Moves a block to `index` of the visible order. */
export function moveNoteBlock(ydoc: Y.Doc, uid: string, index: number, origin: unknown = null): void {
  const visible = noteBlockUids(ydoc);
  if (!visible.includes(uid)) return;
  const others = visible.filter((u) => u !== uid);
  const before = index >= others.length ? null : others[Math.max(0, index)]!;
  ydoc.transact(() => {
    const order = orderOf(ydoc);
    for (let i = order.length - 1; i >= 0; i--) if (order.get(i) === uid) order.delete(i, 1);
    order.insert(before === null ? order.length : order.toArray().indexOf(before), [uid]);
  }, origin);
}

/** Makes a block hold `doc` (a write that came from outside the room). */
export function replaceNoteBlock(ydoc: Y.Doc, uid: string, doc: RichDoc, origin: unknown = null): void {
  const fragment = blocksOf(ydoc).get(uid);
  if (!fragment) return;
  ydoc.transact(() => {
    fragment.delete(0, fragment.length);
    appendDocToFragment(fragment, doc);
  }, origin);
}

export interface LiveBlock {
  uid: string;
  /** The block as stored: its JSON document's text. */
  text: string;
  orderIdx: number;
}

/** What D1 stores for the live document: each block's JSON text and position. */
export function noteBlocksOf(ydoc: Y.Doc): LiveBlock[] {
  const blocks = blocksOf(ydoc);
  return noteBlockUids(ydoc).map((uid, orderIdx) => ({ uid, text: JSON.stringify(fragmentToDoc(blocks.get(uid)!)), orderIdx }));
}

/** A block row as D1 holds it. */
export interface StoredBlock {
  id: number;
  uid: string;
  text: string;
  order_idx: number;
  version: number;
}

/** What D1 held for a block at the room's last load or save. */
export interface BlockBase {
  version: number;
  text: string;
  orderIdx: number;
}

export type NoteBase = Record<string, BlockBase>;

/**
 * A stored text in the form the live document gives it back (JSON of the block's fragment),
 * so a block only differs from its row when someone changed it — never because the row was
 * written by another serializer (an import, an HTML block of the old client).
 */
export function canonicalBlockText(stored: string): string {
  const ydoc = new Y.Doc();
  const fragment = ydoc.getXmlFragment('block');
  ydoc.transact(() => appendDocToFragment(fragment, storedBlockDoc(stored)));
  return JSON.stringify(fragmentToDoc(fragment));
}

const sameText = (stored: string, live: string) => stored === live || canonicalBlockText(stored) === live;

/**
 * Brings D1's rows into the live document; answers the new base (what D1 now holds, as
 * the room knows it) and the uids of blocks made to keep a text written on both sides.
 * `newUid` names such copies.
 */
export function reconcileNote(ydoc: Y.Doc, base: NoteBase, rows: StoredBlock[], newUid: () => string, origin: unknown = null): { base: NoteBase; copies: string[] } {
  const next: NoteBase = {};
  const copies: string[] = [];
  const live = new Map(noteBlocksOf(ydoc).map((b) => [b.uid, b]));
  const rowUids = new Set(rows.map((r) => r.uid));
  ydoc.transact(() => {
    for (const row of [...rows].sort((a, b) => a.order_idx - b.order_idx || a.id - b.id)) {
      const known = base[row.uid];
      const current = live.get(row.uid);
      if (known && known.version >= row.version) {
        next[row.uid] = known; // Nothing written outside the room (or a read older than the room's own save).
        continue;
      }
      next[row.uid] = { version: row.version, text: canonicalBlockText(row.text), orderIdx: row.order_idx };
      if (current && sameText(row.text, current.text)) continue; // Written outside, to what the room holds.
      if (!current) {
        // New outside the room (import, another client), or deleted here and rewritten there: shown, never dropped.
        addNoteBlock(ydoc, row.uid, storedBlockDoc(row.text), row.order_idx, origin);
        continue;
      }
      const changedLive = !known || !sameText(known.text, current.text);
      if (!changedLive) {
        replaceNoteBlock(ydoc, row.uid, storedBlockDoc(row.text), origin);
        continue;
      }
      // Both sides wrote this block: the live text stays; the other one follows it as its own block.
      const copy = newUid();
      const index = noteBlockUids(ydoc).indexOf(row.uid) + 1;
      addNoteBlock(ydoc, copy, storedBlockDoc(row.text), index, origin);
      copies.push(copy);
      // The row's version is now known: the room's next save writes the live text over it.
    }
    // A block D1 held at the base and no longer holds was deleted outside the room.
    for (const uid of Object.keys(base)) if (!rowUids.has(uid) && live.has(uid)) removeNoteBlock(ydoc, uid, origin);
  }, origin);
  return { base: next, copies };
}

/** The writes a save makes: blocks to insert or update (by uid, guarded by their base version) and uids to delete. */
export interface NoteSavePlan {
  upserts: (LiveBlock & { baseVersion: number | null })[];
  deletes: { uid: string; baseVersion: number }[];
}

export function planNoteSave(ydoc: Y.Doc, base: NoteBase): NoteSavePlan {
  const blocks = noteBlocksOf(ydoc);
  const upserts = blocks
    .filter((b) => {
      const known = base[b.uid];
      return !known || known.text !== b.text || known.orderIdx !== b.orderIdx;
    })
    .map((b) => ({ ...b, baseVersion: base[b.uid]?.version ?? null }));
  const present = new Set(blocks.map((b) => b.uid));
  const deletes = Object.entries(base)
    .filter(([uid]) => !present.has(uid))
    .map(([uid, known]) => ({ uid, baseVersion: known.version }));
  return { upserts, deletes };
}
