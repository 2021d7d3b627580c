/**
 * A stored editor document (the JSON the editor saves) drawn as the editor's own schema
 * draws it, without loading the editor: no Tiptap, no ProseMirror, a few kilobytes. A screen
 * shows a saved text with it at once while the editor's code loads (a daily note's blocks).
 *
 * Every node and mark the editor can store renders to the same elements and attributes as
 * its `renderHTML` (unit `light-document` compares the two for each kind), so the switch to
 * the editor does not move the text. A node or mark it does not know shows its content (or
 * its text) plainly. Addresses are checked as the editor checks them: an unsafe one renders
 * inert. Text always goes in as text, never as markup.
 */
import { isSafeImageSrc, isSafeLinkHref } from '@domain/safe-url';
import { isYoutubeEmbedUrl, YOUTUBE_DEFAULT_WIDTH } from '@domain/youtube';

export interface StoredNode {
  type?: unknown;
  attrs?: Record<string, unknown>;
  content?: unknown;
  marks?: unknown;
  text?: unknown;
}

interface StoredMark {
  type: string;
  attrs: Record<string, unknown>;
}

/** The spec of one element: tag, attributes (null ones left out), children; `0` is where the content goes. */
type Spec = [string, Record<string, unknown>, ...(Spec | string | 0)[]];

export const formatFileSize = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const FIGURE_ALIGNS = ['left', 'center', 'right'];
const SAFE_WIDTH = /^\d{1,4}(px|%)$/;
const CONCEPT_HREF = /^\/concepts\/\d+$/;
const FIGURE_ALIGN_STYLE: Record<string, string> = {
  left: 'margin-right:auto;margin-left:0;text-align:left',
  center: 'margin-left:auto;margin-right:auto;text-align:center',
  right: 'margin-left:auto;margin-right:0;text-align:right',
};
/** The table's narrowest column (Tiptap's `cellMinWidth`). */
const CELL_MIN_WIDTH = 25;
const LINK_REL = 'noopener noreferrer nofollow';

const attrsOf = (node: StoredNode): Record<string, unknown> => (node.attrs && typeof node.attrs === 'object' ? node.attrs : {});
const childrenOf = (node: StoredNode): StoredNode[] => (Array.isArray(node.content) ? node.content.filter((c): c is StoredNode => !!c && typeof c === 'object') : []);
const str = (v: unknown, fallback = '') => (typeof v === 'string' ? v : v === null || v === undefined ? fallback : String(v));
const textAlign = (a: Record<string, unknown>) => (a.textAlign ? { style: `text-align: ${str(a.textAlign)}` } : {});
const cellAlign = (a: Record<string, unknown>) => (a.align === 'left' || a.align === 'right' || a.align === 'center' ? { style: `text-align: ${a.align}` } : {});

function cell(tag: string, a: Record<string, unknown>): Spec {
  return [tag, { colspan: a.colspan ?? 1, rowspan: a.rowspan ?? 1, colwidth: a.colwidth ?? null, ...cellAlign(a) }, 0];
}

/** The table's columns as Tiptap sizes them (its first row's cells and their stored widths). */
function table(node: StoredNode): Spec {
  const row = childrenOf(node)[0];
  if (!row) return ['table', {}, ['tbody', {}, 0]];
  let total = 0;
  let fixed = true;
  const cols: Spec[] = [];
  for (const c of childrenOf(row)) {
    const a = attrsOf(c);
    const span = Number(a.colspan ?? 1) || 1;
    const widths = Array.isArray(a.colwidth) ? a.colwidth : null;
    for (let j = 0; j < span; j++) {
      const width = widths ? (widths[j] as number | undefined) : undefined;
      total += width || CELL_MIN_WIDTH;
      if (!width) fixed = false;
      cols.push(['col', { style: width ? `width: ${Math.max(width, CELL_MIN_WIDTH)}px` : `min-width: ${CELL_MIN_WIDTH}px` }]);
    }
  }
  return ['table', { style: fixed ? `width: ${total}px` : `min-width: ${total}px` }, ['colgroup', {}, ...cols], ['tbody', {}, 0]];
}

function figure(a: Record<string, unknown>): Spec {
  const align = FIGURE_ALIGNS.includes(str(a.align)) ? str(a.align) : 'left';
  const width = SAFE_WIDTH.test(str(a.width)) ? str(a.width) : '100%';
  const src = str(a.src);
  const title = str(a.title);
  const img: Spec = ['img', { src: isSafeImageSrc(src) ? src : '', alt: str(a.alt), title, style: 'max-width:100%;border-radius:6px' }];
  const caption: Spec[] = title ? [['figcaption', { class: 'text-center text-sm text-slate-400' }, title]] : [];
  return ['figure', { 'data-align': align, 'data-width': width, style: `width:${width};${FIGURE_ALIGN_STYLE[align]}`, class: 'my-2' }, img, ...caption];
}

function fileAttachment(a: Record<string, unknown>): Spec {
  const src = str(a.src);
  const fileName = str(a.fileName, 'file');
  const mimeType = str(a.mimeType);
  const fileSize = Number(a.fileSize ?? 0);
  return [
    'div',
    { 'data-file-attachment': '', 'data-file-name': fileName, 'data-mime-type': mimeType, 'data-file-size': String(a.fileSize ?? 0), class: 'my-2 inline-flex items-center gap-2 rounded-md border border-space-600 bg-space-800 px-3 py-2' },
    ['span', { 'aria-hidden': 'true', class: 'text-xs font-semibold text-slate-400' }, 'FICHIER'],
    ['a', { href: isSafeLinkHref(src) ? src : '', download: fileName, rel: 'noopener noreferrer', class: 'text-nebula-400 underline' }, fileName],
    ['span', { class: 'text-xs text-slate-400' }, `${mimeType || 'fichier'} · ${formatFileSize(fileSize || 0)}`],
  ];
}

function youtube(a: Record<string, unknown>): Spec {
  const src = str(a.src);
  if (!isYoutubeEmbedUrl(src)) return ['div', { 'data-youtube-video': '', class: 'my-2 text-sm text-slate-400 italic' }, 'Vidéo YouTube invalide'];
  const width = SAFE_WIDTH.test(str(a.width)) ? str(a.width) : YOUTUBE_DEFAULT_WIDTH;
  const frame: Spec = ['iframe', { src, width, style: `width:${width};aspect-ratio:16/9;border:0`, allowfullscreen: 'true', sandbox: 'allow-scripts allow-same-origin allow-presentation', referrerpolicy: 'strict-origin-when-cross-origin', title: 'YouTube' }];
  return ['div', { 'data-youtube-video': '', class: 'my-2' }, frame];
}

/** Each node kind the editor stores, as its `renderHTML` draws it. */
function nodeSpec(node: StoredNode): Spec | null {
  const a = attrsOf(node);
  switch (node.type) {
    case 'paragraph':
      return ['p', textAlign(a), 0];
    case 'heading': {
      const level = Number(a.level ?? 1);
      return [`h${level >= 1 && level <= 6 ? Math.floor(level) : 1}`, textAlign(a), 0];
    }
    case 'blockquote':
      return ['blockquote', {}, 0];
    case 'bulletList':
      return ['ul', {}, 0];
    case 'orderedList': {
      const start = a.start ?? 1;
      return ['ol', { start: start !== 1 ? start : null, type: a.type && a.type !== '1' ? a.type : null }, 0];
    }
    case 'listItem':
      return ['li', {}, 0];
    case 'taskList':
      return ['ul', { 'data-type': 'taskList' }, 0];
    case 'taskItem':
      return ['li', { 'data-checked': a.checked ?? false, 'data-type': 'taskItem' }, ['label', {}, ['input', { type: 'checkbox', checked: a.checked ? 'checked' : null }], ['span', {}]], ['div', {}, 0]];
    case 'codeBlock':
      return ['pre', {}, ['code', { class: a.language ? `language-${str(a.language)}` : null }, 0]];
    case 'horizontalRule':
      return ['hr', {}];
    case 'hardBreak':
      return ['br', {}];
    case 'table':
      return table(node);
    case 'tableRow':
      return ['tr', {}, 0];
    case 'tableHeader':
      return cell('th', a);
    case 'tableCell':
      return cell('td', a);
    case 'figure':
      return figure(a);
    case 'fileAttachment':
      return fileAttachment(a);
    case 'youtube':
      return youtube(a);
    case 'mermaid':
      // Stored and shown as its code, never as rendered markup.
      return ['div', { 'data-mermaid': '', 'data-diagram-type': a.diagramType ?? 'generic' }, ['pre', {}, str(a.code)]];
    default:
      return null;
  }
}

/** The marks in the order the editor's schema nests them (outermost first). */
const MARK_RANK = ['conceptLink', 'link', 'bold', 'code', 'italic', 'strike', 'underline', 'highlight', 'pendingConceptLink'];

function markSpec(mark: StoredMark): Spec | null {
  const a = mark.attrs;
  switch (mark.type) {
    case 'conceptLink':
      return ['a', { 'data-concept-link': '', class: 'concept-link text-nebula-400 underline decoration-dotted', href: CONCEPT_HREF.test(str(a.href)) ? a.href : null, title: a.title ?? null }, 0];
    case 'link':
      return ['a', { href: isSafeLinkHref(str(a.href)) ? a.href : '', target: a.target ?? null, rel: a.rel === undefined ? LINK_REL : a.rel, class: a.class ?? null, title: a.title ?? null }, 0];
    case 'bold':
      return ['strong', {}, 0];
    case 'code':
      return ['code', {}, 0];
    case 'italic':
      return ['em', {}, 0];
    case 'strike':
      return ['s', {}, 0];
    case 'underline':
      return ['u', {}, 0];
    case 'highlight':
      return ['mark', a.color ? { 'data-color': a.color, style: `background-color: ${str(a.color)}; color: inherit` } : {}, 0];
    case 'pendingConceptLink':
      return ['span', { 'data-pending-concept': '', name: a.name ?? '' }, 0];
    default:
      return null;
  }
}

function marksOf(node: StoredNode): StoredMark[] {
  if (!Array.isArray(node.marks)) return [];
  const marks: StoredMark[] = [];
  for (const m of node.marks as unknown[]) {
    const type = m && typeof m === 'object' ? (m as { type?: unknown }).type : undefined;
    if (typeof type !== 'string' || !MARK_RANK.includes(type) || marks.some((x) => x.type === type)) continue;
    const attrs = (m as { attrs?: unknown }).attrs;
    marks.push({ type, attrs: attrs && typeof attrs === 'object' ? (attrs as Record<string, unknown>) : {} });
  }
  return marks.sort((x, y) => MARK_RANK.indexOf(x.type) - MARK_RANK.indexOf(y.type));
}

const sameMark = (x: StoredMark, y: StoredMark) => x.type === y.type && JSON.stringify(x.attrs) === JSON.stringify(y.attrs);

/** Builds `spec`; answers the element and where its content goes. */
function build(doc: Document, spec: Spec): { dom: Element; content: Element | null } {
  const [tag, attrs, ...children] = spec;
  const dom = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== null && value !== undefined) dom.setAttribute(name, String(value));
  let content: Element | null = null;
  for (const child of children) {
    if (child === 0) content = dom;
    else if (typeof child === 'string') dom.appendChild(doc.createTextNode(child));
    else {
      const inner = build(doc, child);
      dom.appendChild(inner.dom);
      content ??= inner.content;
    }
  }
  return { dom, content };
}

/** The nodes of `nodes` into `parent`; marks shared by neighbouring inline nodes stay one element, as in the editor. */
function appendNodes(doc: Document, parent: Element | DocumentFragment, nodes: StoredNode[]): void {
  const active: { mark: StoredMark; outside: Element | DocumentFragment }[] = [];
  let top = parent;
  for (const node of nodes) {
    const marks = marksOf(node);
    let keep = 0;
    while (keep < active.length && keep < marks.length && sameMark(marks[keep]!, active[keep]!.mark)) keep++;
    while (active.length > keep) top = active.pop()!.outside;
    for (const mark of marks.slice(keep)) {
      const spec = markSpec(mark);
      if (!spec) continue;
      const { dom, content } = build(doc, spec);
      active.push({ mark, outside: top });
      top.appendChild(dom);
      top = content ?? dom;
    }
    top.appendChild(renderNode(doc, node));
  }
}

function renderNode(doc: Document, node: StoredNode): Node {
  if (node.type === 'text') return doc.createTextNode(str(node.text));
  const spec = nodeSpec(node);
  if (!spec) {
    // A node this renderer does not know: its content, plainly.
    const box = doc.createElement(childrenOf(node).length ? 'div' : 'span');
    box.setAttribute('data-unknown-node', str(node.type));
    if (typeof node.text === 'string') box.textContent = node.text;
    appendNodes(doc, box, childrenOf(node));
    return box;
  }
  const { dom, content } = build(doc, spec);
  if (content) appendNodes(doc, content, childrenOf(node));
  return dom;
}

/** A stored document (`{type: 'doc', content}`) as the editor would draw it, into a fragment of `doc`. */
export function renderStoredDocument(stored: StoredNode, doc: Document): DocumentFragment {
  const fragment = doc.createDocumentFragment();
  appendNodes(doc, fragment, childrenOf(stored));
  return fragment;
}
