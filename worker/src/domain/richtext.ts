/**
 * Rich text (ProseMirror / Tiptap JSON documents) to and from what the server stores and
 * searches. A concept's content arrives in three shapes (spec document 1 §3): a document
 * object, a string holding one as JSON, or plain text. Everything is normalised to a
 * document, and the plain text used for search, previews and wiki links is derived from it.
 */

export interface RichNode {
  type?: string;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: { type?: string; attrs?: Record<string, unknown> }[];
  content?: RichNode[];
}

export interface RichDoc extends RichNode {
  type: 'doc';
  content: RichNode[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The deepest nesting of nodes a document may have; the editor's own documents stay far below. */
export const RICH_DOC_MAX_DEPTH = 64;
/** The most nodes (blocks, inline nodes and text runs) one document may hold. */
export const RICH_DOC_MAX_NODES = 50_000;
export const RICH_DOC_TOO_LARGE = `Le contenu est trop imbriqué ou trop grand (au plus ${RICH_DOC_MAX_DEPTH} niveaux et ${RICH_DOC_MAX_NODES} nœuds).`;

/** Thrown by `contentToDoc` for a document beyond the limits, so no write path walks it. */
export class RichDocTooLargeError extends Error {
  constructor() {
    super(RICH_DOC_TOO_LARGE);
  }
}

/**
 * Whether a node tree stays within the depth and node-count limits. Iterative, so that
 * a hostile tree nested thousands of levels deep cannot exhaust the stack while measured.
 */
export function withinRichDocLimits(root: unknown): boolean {
  const stack: [unknown, number][] = [[root, 1]];
  let nodes = 0;
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (!isObject(node)) continue;
    nodes += 1;
    if (depth > RICH_DOC_MAX_DEPTH || nodes > RICH_DOC_MAX_NODES) return false;
    if (Array.isArray(node.content)) for (const child of node.content) stack.push([child, depth + 1]);
  }
  return true;
}

/** Rich content (a document, or a string holding one as JSON) within the limits; text always is. */
export function richContentWithinLimits(content: unknown): boolean {
  if (typeof content === 'string') {
    const trimmed = content.trim();
    if (!trimmed.startsWith('{')) return true;
    try {
      return withinRichDocLimits(JSON.parse(trimmed));
    } catch {
      return true;
    }
  }
  return withinRichDocLimits(content);
}

/** A document object as the editor writes it: `{type: 'doc', content: [...]}`. */
export function isRichDoc(value: unknown): value is RichDoc {
  return isObject(value) && value.type === 'doc' && (value.content === undefined || Array.isArray(value.content));
}

/** Each line of a plain string becomes a paragraph (an empty line an empty paragraph). */
export function plainTextToDoc(text: string): RichDoc {
  return {
    type: 'doc',
    content: text.split(/\r?\n/).map((line) => (line ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' })),
  };
}

/**
 * Normalises incoming content to a document, or null when there is none.
 * A string that parses as a JSON document is that document; any other string is text.
 * This is the one place every write path cleans a document, so the size limits live here:
 * a document beyond them throws `RichDocTooLargeError` (the API schemas refuse it first).
 */
export function contentToDoc(content: unknown): RichDoc | null {
  if (content === null || content === undefined) return null;
  if (isRichDoc(content)) return sanitise(guarded(content)) as RichDoc;
  if (typeof content !== 'string') return null;
  const trimmed = content.trim();
  if (!trimmed) return null;
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (isRichDoc(parsed)) return sanitise(guarded(parsed)) as RichDoc;
    } catch {
      // Not JSON: it is text that happens to start with a brace.
    }
  }
  return plainTextToDoc(content);
}

function guarded(doc: RichDoc): RichDoc {
  if (!withinRichDocLimits(doc)) throw new RichDocTooLargeError();
  return doc;
}

/** A copy of a tree without what is not a node (nulls, strings) among children and marks. */
function sanitise(node: RichNode): RichNode {
  const copy: RichNode = { ...node };
  if (node.type === 'doc' || node.content !== undefined) copy.content = childrenOf(node).map(sanitise);
  if (node.marks !== undefined) copy.marks = marksOf(node);
  return copy;
}

/** Text that an atom node shows to a reader (image alt, figure caption, attached file name, mention label). */
function atomText(node: RichNode): string {
  const attrs = isObject(node.attrs) ? node.attrs : {};
  // A figure's caption is its `title` (the editor's figure node, and the page import's figcaption).
  const parts = [attrs.caption, node.type === 'figure' ? attrs.title : null, attrs.alt, attrs.fileName, attrs.label].filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  return parts.join(' ');
}

const INLINE_BREAKS = new Set(['hardBreak', 'hard_break']);

/** Child nodes, tolerating the malformed trees a client may send (no array, nulls inside). */
function childrenOf(node: RichNode): RichNode[] {
  return Array.isArray(node.content) ? node.content.filter(isObject) : [];
}

function marksOf(node: RichNode): NonNullable<RichNode['marks']> {
  return Array.isArray(node.marks) ? node.marks.filter(isObject) : [];
}

function collect(node: RichNode, out: string[]): void {
  if (typeof node.text === 'string') {
    out.push(node.text);
    return;
  }
  if (node.type && INLINE_BREAKS.has(node.type)) {
    out.push('\n');
    return;
  }
  // Any other node is treated as a block: its text stands on its own line(s).
  out.push('\n');
  const own = atomText(node);
  if (own) out.push(own, '\n');
  for (const child of childrenOf(node)) collect(child, out);
  out.push('\n');
}

/** The plain text of a document: blocks on their own lines, empty lines dropped. */
export function docToPlainText(doc: RichNode | null | undefined): string {
  if (!doc) return '';
  const out: string[] = [];
  for (const child of childrenOf(doc)) collect(child, out);
  return out
    .join('')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/** Plain text of any accepted content shape. */
export function contentToPlainText(content: unknown): string {
  return docToPlainText(contentToDoc(content));
}

/** Concept ids referenced by concept-link marks (`href: /concepts/{id}`) in a document. */
export function linkedConceptIds(doc: RichNode | null | undefined): number[] {
  const ids = new Set<number>();
  const visit = (node: RichNode) => {
    for (const mark of marksOf(node)) {
      const href = isObject(mark.attrs) ? mark.attrs.href : undefined;
      const match = typeof href === 'string' ? /^\/concepts\/(\d+)(?:[/?#]|$)/.exec(href) : null;
      if (match) ids.add(Number(match[1]));
    }
    for (const child of childrenOf(node)) visit(child);
  };
  if (doc) visit(doc);
  return [...ids];
}

/** Titles carried by concept-link marks (attribute `title`), for links made by the editor. */
export function linkedConceptTitles(doc: RichNode | null | undefined): string[] {
  const titles: string[] = [];
  const visit = (node: RichNode) => {
    for (const mark of marksOf(node)) {
      const title = isObject(mark.attrs) ? mark.attrs.title : undefined;
      if (mark.type === 'conceptLink' && typeof title === 'string' && title.trim()) titles.push(title.trim());
    }
    for (const child of childrenOf(node)) visit(child);
  };
  if (doc) visit(doc);
  return titles;
}

/** Names of `[[name]]` placeholders (the editor's `pendingConceptLink` marks) for concepts that did not exist yet. */
export function pendingLinkNames(doc: RichNode | null | undefined): string[] {
  const names: string[] = [];
  const visit = (node: RichNode) => {
    for (const mark of marksOf(node)) {
      const name = mark.type === 'pendingConceptLink' && isObject(mark.attrs) ? mark.attrs.name : undefined;
      if (typeof name === 'string' && name.trim()) names.push(name.trim());
    }
    for (const child of childrenOf(node)) visit(child);
  };
  if (doc) visit(doc);
  return names;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/**
 * Plain text of a daily-note block, stored as HTML or as a JSON document: scripts and
 * styles dropped with their content, other tags removed, common entities decoded.
 */
export function blockToPlainText(text: string): string {
  const parsed = text.trim().startsWith('{') ? safeParse(text) : null;
  if (isRichDoc(parsed)) return docToPlainText(parsed);
  return text
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<(script|style)\b[^>]*>[\s\S]*$/gi, ' ')
    .replace(/<\/(p|div|li|h[1-6]|blockquote|pre)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name] ?? '')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A stored text as the document a block holds: JSON as is, anything else (HTML, text) as paragraphs. */
export function storedBlockDoc(text: string): RichDoc {
  if (text.trim().startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as RichDoc;
      if (parsed && parsed.type === 'doc') return { type: 'doc', content: Array.isArray(parsed.content) ? parsed.content : [] };
    } catch {
      // Text that happens to start with a brace.
    }
  }
  const lines = text.replace(/<[^>]*>/g, '\n').split('\n').map((l) => l.trim()).filter(Boolean);
  return { type: 'doc', content: lines.map((line) => ({ type: 'paragraph', content: [{ type: 'text', text: line }] })) };
}
