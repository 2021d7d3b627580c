/**
 * Small builders shared by everything that turns outside content (Markdown, a web page's
 * article) into the editor's rich document, so both produce the same node and mark names
 * as the Tiptap editor (web/src/editor/extensions.ts): StarterKit's nodes and marks, task
 * lists, tables and the block-level `figure` image.
 */
import type { RichNode } from './richtext';
import { isSafeImageSrc, isSafeLinkHref } from './safe-url';

export type Mark = NonNullable<RichNode['marks']>[number];

/** The editor's images are block nodes; inline images are lifted out of their paragraph. */
export function figureNode(src: unknown, alt: string, title: string): RichNode | null {
  if (!isSafeImageSrc(src)) return null;
  return { type: 'figure', attrs: { src, alt, title } };
}

/** A link mark, or null when the address could run script or is empty. */
export function linkMark(href: unknown): Mark | null {
  return isSafeLinkHref(href) ? { type: 'link', attrs: { href } } : null;
}

const LINKS = new Set(['link', 'conceptLink']);

/**
 * A text node. Code excludes every other mark in the editor's schema: code inside a link
 * is kept as the link's text (a link is where the text leads; code is only its face),
 * code elsewhere as code alone.
 */
export function textNode(text: string, marks: Mark[]): RichNode | null {
  if (!text) return null;
  const code = marks.find((m) => m.type === 'code');
  const kept = !code ? marks : marks.some((m) => LINKS.has(m.type ?? '')) ? marks.filter((m) => m !== code) : [code];
  return kept.length ? { type: 'text', text, marks: kept.map((m) => ({ ...m })) } : { type: 'text', text };
}

const isBlank = (node: RichNode) => node.type === 'text' && !node.text?.trim();

/** Drops leading/trailing hard breaks and blank text that a block would otherwise keep. */
function trimInline(nodes: RichNode[]): RichNode[] {
  let start = 0;
  let end = nodes.length;
  while (start < end && (nodes[start]!.type === 'hardBreak' || isBlank(nodes[start]!))) start += 1;
  while (end > start && (nodes[end - 1]!.type === 'hardBreak' || isBlank(nodes[end - 1]!))) end -= 1;
  const kept = nodes.slice(start, end);
  // Spaces at a block's edges are layout, not text (HTML sources are full of them).
  const edge = (i: number, trim: (t: string) => string) => {
    const node = kept[i];
    if (node?.type === 'text' && !node.marks?.some((m) => m.type === 'code')) kept[i] = { ...node, text: trim(node.text ?? '') };
  };
  edge(0, (t) => t.trimStart());
  edge(kept.length - 1, (t) => t.trimEnd());
  return kept;
}

/**
 * Blocks for a run of inline content that may hold figures: text around each figure
 * stays in paragraphs (or in the given text block, e.g. a heading), figures stand alone.
 */
export function inlineToBlocks(inline: RichNode[], block: RichNode = { type: 'paragraph' }): RichNode[] {
  const blocks: RichNode[] = [];
  let run: RichNode[] = [];
  const flush = () => {
    const content = trimInline(run);
    if (content.length) blocks.push({ ...block, content });
    run = [];
  };
  for (const node of inline) {
    if (node.type === 'figure') {
      flush();
      blocks.push(node);
    } else run.push(node);
  }
  flush();
  return blocks;
}

/** Merges neighbouring text nodes that carry the same marks (builders emit many small ones). */
export function mergeText(nodes: RichNode[]): RichNode[] {
  const out: RichNode[] = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    if (last && last.type === 'text' && node.type === 'text' && JSON.stringify(last.marks ?? []) === JSON.stringify(node.marks ?? [])) {
      out[out.length - 1] = { ...last, text: (last.text ?? '') + (node.text ?? '') };
    } else out.push(node);
  }
  return out;
}

/** A list item's first child must be a paragraph in the editor's schema (`paragraph block*`). */
export function listItemContent(blocks: RichNode[]): RichNode[] {
  return blocks[0]?.type === 'paragraph' ? blocks : [{ type: 'paragraph' }, ...blocks];
}

/** A table cell holds at least one block. */
export function cellContent(blocks: RichNode[]): RichNode[] {
  return blocks.length ? blocks : [{ type: 'paragraph' }];
}
