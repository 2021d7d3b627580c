/**
 * ProseMirror JSON ⇄ the Yjs shape the Tiptap Collaboration extension edits, without a
 * ProseMirror schema (the party server and the Worker have none).
 *
 * The mapping is y-prosemirror's, so the editor reads a document seeded here exactly as
 * if it had written it: an element node becomes a `Y.XmlElement(nodeName = type)` with
 * its non-null attrs; a run of adjacent text nodes becomes one `Y.XmlText` whose marks
 * are formatting attributes `{ [markName]: markAttrs }` (`{}` for a mark without attrs).
 * The editor keeps its document in the fragment named `default` (Collaboration's field).
 *
 * Pure: depends only on yjs.
 */
import * as Y from 'yjs';
import { mergeBlocks } from './block-merge';
import type { RichDoc, RichNode } from './richtext';

/** The Y.XmlFragment name Tiptap's Collaboration extension uses by default. */
export const EDITOR_FRAGMENT = 'default';

type Mark = NonNullable<RichNode['marks']>[number];

function marksToAttributes(marks: Mark[] | undefined): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const mark of marks ?? []) {
    if (mark.type) attributes[mark.type] = mark.attrs ?? {};
  }
  return attributes;
}

function textNodesToY(nodes: RichNode[]): Y.XmlText {
  const text = new Y.XmlText();
  text.applyDelta(nodes.map((node) => ({ insert: node.text ?? '', attributes: marksToAttributes(node.marks) })));
  return text;
}

function elementToY(node: RichNode): Y.XmlElement {
  const element = new Y.XmlElement(node.type ?? 'paragraph');
  for (const [key, value] of Object.entries(node.attrs ?? {})) {
    // y-prosemirror skips null attrs; the editor's schema fills defaults back in.
    if (value !== null && value !== undefined) element.setAttribute(key, value as string);
  }
  const children = nodesToY(node.content ?? []);
  if (children.length) element.insert(0, children);
  return element;
}

/** Children as Yjs types: consecutive text nodes share one Y.XmlText, as in y-prosemirror. */
function nodesToY(nodes: RichNode[]): (Y.XmlElement | Y.XmlText)[] {
  const out: (Y.XmlElement | Y.XmlText)[] = [];
  for (let i = 0; i < nodes.length; i++) {
    if (nodes[i]!.type === 'text') {
      const run: RichNode[] = [];
      while (i < nodes.length && nodes[i]!.type === 'text') run.push(nodes[i++]!);
      i--;
      // Empty text nodes are invalid in ProseMirror; they would also be an empty XmlText.
      const nonEmpty = run.filter((n) => (n.text ?? '') !== '');
      if (nonEmpty.length) out.push(textNodesToY(nonEmpty));
    } else {
      out.push(elementToY(nodes[i]!));
    }
  }
  return out;
}

/** Appends the blocks of `doc` to `fragment` (call inside a transaction). */
export function appendDocToFragment(fragment: Y.XmlFragment, doc: RichDoc): void {
  const blocks = nodesToY(doc.content ?? []);
  if (blocks.length) fragment.insert(fragment.length, blocks);
}

function yToNodes(item: Y.XmlElement | Y.XmlText | Y.XmlHook): RichNode[] {
  if (item instanceof Y.XmlText) {
    return (item.toDelta() as { insert: unknown; attributes?: Record<string, Record<string, unknown>> }[])
      .filter((d) => typeof d.insert === 'string')
      .map((d) => {
        const node: RichNode = { type: 'text', text: d.insert as string };
        if (d.attributes && Object.keys(d.attributes).length) {
          // y-prosemirror names overlapping marks `name--<hash>`; strip the hash.
          node.marks = Object.entries(d.attributes).map(([name, attrs]) => ({ type: name.replace(/--[a-zA-Z0-9+/=]{8}$/, ''), attrs }));
        }
        return node;
      });
  }
  if (item instanceof Y.XmlElement) {
    const node: RichNode = { type: item.nodeName };
    const attrs = item.getAttributes() as Record<string, unknown>;
    if (Object.keys(attrs).length) node.attrs = attrs;
    const children = item.toArray().flatMap((child) => yToNodes(child as Y.XmlElement | Y.XmlText));
    if (children.length) node.content = children;
    return [node];
  }
  return [];
}

/** The fragment as a ProseMirror JSON document (the shape y-prosemirror's yXmlFragmentToProsemirrorJSON gives). */
export function fragmentToDoc(fragment: Y.XmlFragment): RichDoc {
  return { type: 'doc', content: fragment.toArray().flatMap((child) => yToNodes(child as Y.XmlElement | Y.XmlText)) };
}

/** The editor's document held by a Y.Doc. */
export function yDocToDoc(ydoc: Y.Doc): RichDoc {
  return fragmentToDoc(ydoc.getXmlFragment(EDITOR_FRAGMENT));
}

/** A fresh Y.Doc holding `doc` in the editor's fragment (used to seed a room once). */
export function docToYDoc(doc: RichDoc): Y.Doc {
  const ydoc = new Y.Doc();
  ydoc.transact(() => appendDocToFragment(ydoc.getXmlFragment(EDITOR_FRAGMENT), doc));
  return ydoc;
}

/** What a merge of a REST write into the live document did. */
export type MergeOutcome = 'unchanged' | 'applied' | 'conflict';

/**
 * Brings into the editor's fragment what `doc` changed since `base` (the version its
 * writer read), touching only the top-level blocks the writer changed, so live edits in
 * every other block survive (domain/block-merge.ts). 'conflict' (nothing changed) when a
 * block the writer changed was also changed live. Blocks are compared in one canonical
 * form, so the editor's JSON and the Yjs side's JSON of the same block are equal.
 */
export function mergeDocIntoYDoc(ydoc: Y.Doc, base: RichDoc, doc: RichDoc, origin: unknown = null): MergeOutcome {
  const fragment = ydoc.getXmlFragment(EDITOR_FRAGMENT);
  const live = fragmentToDoc(fragment).content;
  // Stray top-level text (never written by the editor) has no block to merge into.
  if (fragment.length !== live.length) return 'conflict';
  const blocks = (d: RichDoc) => (d.content ?? []).filter((n) => n.type !== 'text');
  const merge = mergeBlocks(blocks(base), blocks(doc), live);
  if (!merge.ok) return 'conflict';
  if (merge.edits.length === 0) return 'unchanged';
  ydoc.transact(() => {
    // Last edit first, so the live indexes of the earlier ones still hold.
    for (const edit of [...merge.edits].reverse()) {
      if (edit.remove > 0) fragment.delete(edit.at, edit.remove);
      const inserted = nodesToY(edit.blocks);
      if (inserted.length) fragment.insert(edit.at, inserted);
    }
  }, origin);
  return 'applied';
}

/**
 * Makes the editor's fragment hold `doc`, touching only the top-level blocks that differ,
 * so concurrent edits elsewhere survive (a write based on the live document itself).
 * Returns whether anything changed.
 */
export function replaceDocInYDoc(ydoc: Y.Doc, doc: RichDoc, origin: unknown = null): boolean {
  const fragment = ydoc.getXmlFragment(EDITOR_FRAGMENT);
  const live = fragmentToDoc(fragment);
  if (fragment.length !== live.content.length) {
    // Stray top-level text (never written by the editor): replace everything.
    ydoc.transact(() => {
      fragment.delete(0, fragment.length);
      appendDocToFragment(fragment, { type: 'doc', content: (doc.content ?? []).filter((n) => n.type !== 'text') });
    }, origin);
    return true;
  }
  return mergeDocIntoYDoc(ydoc, live, doc, origin) === 'applied';
}

/** Binary Yjs state (or state vector) as base64, the way it travels in JSON between room, Worker and browser. */
export function stateToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function stateFromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
