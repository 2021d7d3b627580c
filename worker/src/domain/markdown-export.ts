/**
 * The editor's rich document → Markdown (GFM: tables, strikethrough, task lists), the
 * inverse of markdownToDoc for every node it produces, so Markdown → document →
 * Markdown → document gives the same document. Nodes without a Markdown form keep their
 * text (a YouTube video or an attached file as a link; highlight and underline as plain text).
 */
import type { RichNode } from './richtext';

type Mark = NonNullable<RichNode['marks']>[number];

export function docToMarkdown(doc: RichNode | null | undefined): string {
  if (!doc) return '';
  return blocks(doc.content ?? []).trim() + '\n';
}

const attr = (node: RichNode, name: string): unknown => (node.attrs ?? {})[name];
const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function blocks(nodes: RichNode[]): string {
  return nodes.map(block).filter((text) => text !== null).join('\n\n');
}

/** Indents every line after the first (continuation of a list item). */
function indent(text: string, by: string): string {
  return text.split('\n').map((line, i) => (i === 0 || line === '' ? line : by + line)).join('\n');
}

function block(node: RichNode): string | null {
  const children = node.content ?? [];
  switch (node.type) {
    case 'paragraph':
      return inline(children);
    case 'heading':
      return `${'#'.repeat(Math.min(6, Math.max(1, Number(attr(node, 'level')) || 1)))} ${inline(children)}`;
    case 'blockquote':
      return blocks(children).split('\n').map((line) => (line ? `> ${line}` : '>')).join('\n');
    case 'bulletList':
      return children.map((item) => `- ${indent(blocks(item.content ?? []), '  ')}`).join('\n');
    case 'orderedList': {
      const start = Number(attr(node, 'start')) || 1;
      return children.map((item, i) => {
        const marker = `${start + i}. `;
        return marker + indent(blocks(item.content ?? []), ' '.repeat(marker.length));
      }).join('\n');
    }
    case 'taskList':
      return children.map((item) => `- [${attr(item, 'checked') ? 'x' : ' '}] ${indent(blocks(item.content ?? []), '  ')}`).join('\n');
    case 'codeBlock':
      return fenced(children.map((c) => c.text ?? '').join(''), str(attr(node, 'language')));
    case 'mermaid':
      return fenced(str(attr(node, 'code')), 'mermaid');
    case 'horizontalRule':
      return '---';
    case 'figure':
      return image(node);
    case 'youtube':
    case 'fileAttachment':
      return `[${escapeText(str(attr(node, 'fileName')) || str(attr(node, 'src')))}](${destination(str(attr(node, 'src')))})`;
    case 'table':
      return table(children);
    default:
      return children.length ? blocks(children) : null;
  }
}

function fenced(code: string, language: string): string {
  const longest = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${code}\n${fence}`;
}

function image(node: RichNode): string {
  const title = str(attr(node, 'title'));
  return `![${escapeText(str(attr(node, 'alt')))}](${destination(str(attr(node, 'src')))}${title ? ` "${title.replace(/"/g, '\\"')}"` : ''})`;
}

/** GFM table: the first row is the header row (Markdown has no header-less table). */
function table(rows: RichNode[]): string {
  const cells = rows.map((row) => (row.content ?? []).map((cell) => inline((cell.content ?? []).flatMap((b) => b.content ?? [])).replace(/\|/g, '\\|').replace(/\n/g, ' ')));
  const width = Math.max(1, ...cells.map((r) => r.length));
  const line = (r: string[]) => `| ${Array.from({ length: width }, (_, i) => r[i] ?? '').join(' | ')} |`;
  const [head = [], ...body] = cells;
  return [line(head), `| ${Array(width).fill('---').join(' | ')} |`, ...body.map(line)].join('\n');
}

/** `<…>` keeps spaces and parentheses of an address from ending it early. */
function destination(url: string): string {
  return /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
}

/** Backslash-escapes what Markdown would read as syntax inside text. */
function escapeText(text: string): string {
  return text.replace(/[\\`*_[\]~|<>]/g, '\\$&');
}

/** At the start of a line these would open a block (heading, quote, list, rule). */
function escapeLineStart(text: string): string {
  return text.replace(/^(\s*)([#>+-]|\d+[.)])(?=\s|$)/gm, (_, space: string, marker: string) => `${space}${marker.replace(/([#>+\-.)])$/, '\\$1')}`);
}

const DELIMITER: Record<string, string> = { bold: '**', italic: '*', strike: '~~' };

function inline(nodes: RichNode[]): string {
  let out = '';
  let open: Mark[] = [];
  const closeFrom = (index: number) => {
    for (let i = open.length - 1; i >= index; i -= 1) out += closing(open[i]!);
    open = open.slice(0, index);
  };
  for (const node of nodes) {
    if (node.type === 'hardBreak') {
      closeFrom(0);
      out += '\\\n';
      continue;
    }
    if (node.type !== 'text') continue;
    const marks = (node.marks ?? []).filter((m) => isLink(m) || isPending(m) || (m.type && DELIMITER[m.type]));
    // Keep the longest prefix of open marks still present, close the rest, open the new ones.
    let keep = 0;
    while (keep < open.length && marks.some((m) => sameMark(m, open[keep]!))) keep += 1;
    closeFrom(keep);
    for (const mark of marks) {
      if (open.some((m) => sameMark(m, mark))) continue;
      out += opening(mark);
      open.push(mark);
    }
    const code = node.marks?.some((m) => m.type === 'code');
    out += code ? codeSpan(node.text ?? '') : escapeText(node.text ?? '');
  }
  closeFrom(0);
  return escapeLineStart(out);
}

const sameMark = (a: Mark, b: Mark) => a.type === b.type && JSON.stringify(a.attrs ?? {}) === JSON.stringify(b.attrs ?? {});
const isLink = (mark: Mark) => mark.type === 'link' || mark.type === 'conceptLink';
/** A placeholder for a concept not created yet is written back as the `[[name]]` it was typed as. */
const isPending = (mark: Mark) => mark.type === 'pendingConceptLink';
const opening = (mark: Mark) => (isLink(mark) ? '[' : isPending(mark) ? '[[' : DELIMITER[mark.type ?? '']!);
const closing = (mark: Mark) => (isLink(mark) ? `](${destination(str(mark.attrs?.href))})` : isPending(mark) ? ']]' : DELIMITER[mark.type ?? '']!);

function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const ticks = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${text}${pad}${ticks}`;
}
