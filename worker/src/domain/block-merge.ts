/**
 * Three-way merge of a document's top-level blocks: what a REST write changed since the
 * version it was read at (base → writer) is applied onto the live document (base → live),
 * block by block, so blocks the writer did not touch keep whatever was typed live.
 *
 * Blocks are compared through `blockKey`, one canonical form for both shapes a document
 * arrives in: the editor's `getJSON()` (null attrs such as `textAlign: null`, marks
 * without attrs) and the Yjs side (null attrs dropped, marks with `attrs: {}`, attrs in
 * any key order). Without it no block of one shape ever equals a block of the other.
 *
 * Pure: no I/O, no clock.
 */
import { diffArrays } from 'diff';
import type { RichNode } from './richtext';

type Mark = NonNullable<RichNode['marks']>[number];

/** Attributes without null/undefined values and in key order; undefined when none are left. */
function cleanAttrs(attrs: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!attrs) return undefined;
  const kept = Object.keys(attrs)
    .filter((key) => attrs[key] !== null && attrs[key] !== undefined)
    .sort()
    .map((key) => [key, attrs[key]] as const);
  return kept.length ? Object.fromEntries(kept) : undefined;
}

function normaliseMarks(marks: Mark[] | undefined): Mark[] | undefined {
  const out = (marks ?? [])
    .filter((m) => m.type)
    // y-prosemirror names overlapping marks `name--<hash>`.
    .map((m) => ({ type: m.type!.replace(/--[a-zA-Z0-9+/=]{8}$/, ''), ...(cleanAttrs(m.attrs) ? { attrs: cleanAttrs(m.attrs) } : {}) }))
    .sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
  return out.length ? out : undefined;
}

/** Adjacent text nodes with the same marks are one run (ProseMirror and Yjs both join them); empty text is dropped. */
function normaliseChildren(nodes: RichNode[]): RichNode[] {
  const out: RichNode[] = [];
  for (const node of nodes.map(normaliseNode)) {
    if (node.type === 'text') {
      if (!node.text) continue;
      const last = out[out.length - 1];
      if (last?.type === 'text' && JSON.stringify(last.marks) === JSON.stringify(node.marks)) {
        out[out.length - 1] = { ...last, text: last.text! + node.text };
        continue;
      }
    }
    out.push(node);
  }
  return out;
}

/** One node in the canonical form (keys in a fixed order, so JSON of equal nodes is equal). */
export function normaliseNode(node: RichNode): RichNode {
  const out: RichNode = { type: node.type };
  const attrs = cleanAttrs(node.attrs);
  if (attrs) out.attrs = attrs;
  if (node.type === 'text') {
    out.text = node.text ?? '';
    const marks = normaliseMarks(node.marks);
    if (marks) out.marks = marks;
    return out;
  }
  const content = normaliseChildren(node.content ?? []);
  if (content.length) out.content = content;
  return out;
}

/** What two blocks are compared by: equal keys mean the same block, whatever shape it came in. */
export const blockKey = (node: RichNode): string => JSON.stringify(normaliseNode(node));

/** A change of one side against the base: base blocks [baseStart, baseEnd) became `blocks`. */
interface Hunk {
  baseStart: number;
  baseEnd: number;
  blocks: RichNode[];
  keys: string[];
}

function hunks(base: string[], side: RichNode[], sideKeys: string[]): Hunk[] {
  const out: Hunk[] = [];
  let open: Hunk | null = null;
  let b = 0;
  let s = 0;
  for (const part of diffArrays(base, sideKeys)) {
    const count = part.count ?? part.value.length;
    if (!part.added && !part.removed) {
      open = null;
      b += count;
      s += count;
      continue;
    }
    // A removal next to an addition is one replacement.
    if (!open) out.push((open = { baseStart: b, baseEnd: b, blocks: [], keys: [] }));
    if (part.removed) {
      b += count;
      open.baseEnd = b;
    } else {
      open.blocks.push(...side.slice(s, s + count));
      open.keys.push(...sideKeys.slice(s, s + count));
      s += count;
    }
  }
  return out;
}

/** An edit of the live document: at live index `at`, remove `remove` blocks and insert `blocks`. */
export interface BlockEdit {
  at: number;
  remove: number;
  blocks: RichNode[];
}

export type BlockMerge = { ok: true; edits: BlockEdit[] } | { ok: false };

const overlaps = (a: Hunk, b: Hunk) => Math.max(a.baseStart, b.baseStart) < Math.min(a.baseEnd, b.baseEnd);
const sameHunk = (a: Hunk, b: Hunk) => a.baseStart === b.baseStart && a.baseEnd === b.baseEnd && a.keys.join('\n') === b.keys.join('\n');

/** Two changes collide when they touch a common base block, or both insert at the same place, or one inserts inside what the other replaced. */
function collide(a: Hunk, b: Hunk): boolean {
  if (overlaps(a, b)) return true;
  const inside = (insert: Hunk, range: Hunk) => insert.baseStart === insert.baseEnd && range.baseStart < insert.baseStart && insert.baseStart < range.baseEnd;
  const bothInsertHere = a.baseStart === a.baseEnd && b.baseStart === b.baseEnd && a.baseStart === b.baseStart;
  return bothInsertHere || inside(a, b) || inside(b, a);
}

/**
 * The edits that bring the writer's changes (base → writer) into the live document
 * (base → live). Not ok when a block was changed on both sides differently: the caller
 * refuses the write rather than choose whose words to drop. A change already made live
 * (the same blocks on both sides) is not applied twice.
 */
export function mergeBlocks(base: RichNode[], writer: RichNode[], live: RichNode[]): BlockMerge {
  const edits = mergeEdits(base, writer, live, 'refuse');
  return edits ? { ok: true, edits } : { ok: false };
}

/**
 * Like `mergeBlocks`, for a person merging by hand after a 409 (the concept form's
 * 'Fusionner'): where both sides changed the same blocks, the live version stays and the
 * writer's version is inserted right after it, so neither text is lost and the person
 * tidies up before saving again.
 */
export function mergeBlocksKeepingBoth(base: RichNode[], writer: RichNode[], live: RichNode[]): RichNode[] {
  return applyBlockEdits(live, mergeEdits(base, writer, live, 'keepBoth')!);
}

function mergeEdits(base: RichNode[], writer: RichNode[], live: RichNode[], onConflict: 'refuse' | 'keepBoth'): BlockEdit[] | null {
  const baseKeys = base.map(blockKey);
  const ours = hunks(baseKeys, writer, writer.map(blockKey));
  const theirs = hunks(baseKeys, live, live.map(blockKey));
  // Where a base position sits in the live document: shifted by every live change before it.
  const livePosition = (p: number) => p + theirs.filter((t) => t.baseEnd <= p).reduce((n, t) => n + t.blocks.length - (t.baseEnd - t.baseStart), 0);
  const edits: BlockEdit[] = [];
  for (const hunk of ours) {
    if (theirs.some((t) => sameHunk(t, hunk))) continue;
    const colliding = theirs.filter((t) => collide(t, hunk));
    if (colliding.length === 0) {
      edits.push({ at: livePosition(hunk.baseStart), remove: hunk.baseEnd - hunk.baseStart, blocks: hunk.blocks });
      continue;
    }
    if (onConflict === 'refuse') return null;
    const after = Math.max(hunk.baseEnd, ...colliding.map((t) => t.baseEnd));
    edits.push({ at: livePosition(after), remove: 0, blocks: hunk.blocks });
  }
  return edits.sort((a, b) => a.at - b.at);
}

/** The live blocks with the merge's edits applied (what the Yjs side does to its fragment, on plain JSON). */
export function applyBlockEdits(live: RichNode[], edits: BlockEdit[]): RichNode[] {
  const out = [...live];
  for (const edit of [...edits].reverse()) out.splice(edit.at, edit.remove, ...edit.blocks);
  return out;
}
