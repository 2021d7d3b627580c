/**
 * Markdown ↔ the editor's rich document (ProseMirror JSON, node and mark names of
 * web/src/editor/extensions.ts). Parsing is markdown-it's (CommonMark + GFM tables and
 * strikethrough, raw HTML off so it stays text); this module only maps its token stream
 * onto the editor's schema. Task items (`- [ ]`, `- [x]`) become a task list; images
 * become block `figure` nodes; unsafe link or image addresses are dropped (safe-url.ts).
 *
 * The reverse, `docToMarkdown`, lives in markdown-export.ts and is re-exported here.
 */
import MarkdownIt, { type Token } from 'markdown-it';
import { cellContent, figureNode, inlineToBlocks, linkMark, listItemContent, mergeText, textNode, type Mark } from './doc-builder';
import { diagramTypeOf } from './mermaid-charts';
import type { RichDoc, RichNode } from './richtext';

export { docToMarkdown } from './markdown-export';

/**
 * `linkify`: a bare address (https://…, www.…, name@host) becomes a link, as GitHub's
 * Markdown (GFM's autolink extension), Obsidian and Logseq make it — a note written there
 * keeps its links here. Strict CommonMark leaves bare addresses as text; of its 19
 * Autolinks examples, 11 come out as the spec writes them and the 8 others on purpose
 * (4 bare addresses linked, 4 schemes a link may not carry kept as text): unit
 * markdown-commonmark checks each.
 */
const parser = new MarkdownIt('default', { html: false, linkify: true, typographer: false });

/** Markdown text → a rich document (an empty document for blank text). Never throws on malformed input. */
export function markdownToDoc(markdown: string): RichDoc {
  const tokens = parser.parse(markdown, {});
  return { type: 'doc', content: convertBlocks(tokens) };
}

/** Index of the token closing the one opened at `open` (same level, nesting -1). */
function closingIndex(tokens: Token[], open: number): number {
  const level = tokens[open]!.level;
  for (let i = open + 1; i < tokens.length; i += 1) {
    if (tokens[i]!.nesting === -1 && tokens[i]!.level === level) return i;
  }
  return tokens.length;
}

function convertBlocks(tokens: Token[]): RichNode[] {
  const out: RichNode[] = [];
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i]!;
    if (token.nesting === 1) {
      const end = closingIndex(tokens, i);
      out.push(...container(token, tokens.slice(i + 1, end)));
      i = end + 1;
    } else {
      out.push(...leaf(token));
      i += 1;
    }
  }
  return out;
}

function inlineOf(inner: Token[]): RichNode[] {
  const inline = inner.find((t) => t.type === 'inline');
  return inline ? inlineNodes(inline.children ?? []) : [];
}

function container(open: Token, inner: Token[]): RichNode[] {
  switch (open.type) {
    case 'paragraph_open':
      return inlineToBlocks(inlineOf(inner));
    case 'heading_open':
      return inlineToBlocks(inlineOf(inner), { type: 'heading', attrs: { level: Number(open.tag.slice(1)) } });
    case 'bullet_list_open':
      return [asTaskList(convertBlocks(inner)) ?? { type: 'bulletList', content: convertBlocks(inner) }];
    case 'ordered_list_open':
      return [{ type: 'orderedList', attrs: { start: Number(open.attrGet('start') ?? 1) }, content: convertBlocks(inner) }];
    case 'list_item_open':
      return [{ type: 'listItem', content: listItemContent(convertBlocks(inner)) }];
    case 'blockquote_open':
      return [{ type: 'blockquote', content: cellContent(convertBlocks(inner)) }];
    case 'table_open':
      return [{ type: 'table', content: convertBlocks(inner) }];
    case 'tr_open':
      return [{ type: 'tableRow', content: convertBlocks(inner) }];
    case 'th_open':
    case 'td_open':
      return [{ type: open.type === 'th_open' ? 'tableHeader' : 'tableCell', content: cellContent(inlineToBlocks(inlineOf(inner))) }];
    default:
      // thead, tbody and anything a plugin might add: their children stand for them.
      return convertBlocks(inner);
  }
}

function leaf(token: Token): RichNode[] {
  switch (token.type) {
    case 'fence':
    case 'code_block': {
      const code = token.content.replace(/\n$/, '');
      const language = token.info.trim().split(/\s+/)[0] || null;
      if (language === 'mermaid') return [{ type: 'mermaid', attrs: { code, diagramType: diagramTypeOf(code) } }];
      return [{ type: 'codeBlock', attrs: { language }, ...(code ? { content: [{ type: 'text', text: code }] } : {}) }];
    }
    case 'hr':
      return [{ type: 'horizontalRule' }];
    case 'inline':
      return inlineToBlocks(inlineNodes(token.children ?? []));
    default:
      return [];
  }
}

const MARK_OF: Record<string, string> = { strong: 'bold', em: 'italic', s: 'strike' };
// An unsafe link still opens and closes; this stand-in keeps the stack balanced and is never emitted.
const NO_LINK: Mark = { type: 'no-link' };

function inlineNodes(children: Token[]): RichNode[] {
  const marks: Mark[] = [];
  const out: (RichNode | null)[] = [];
  const active = () => marks.filter((m) => m !== NO_LINK);
  const close = (type: string) => {
    const at = marks.map((m) => m.type).lastIndexOf(type);
    if (at >= 0) marks.splice(at, 1);
  };
  for (const token of children) {
    const [name, phase] = token.type.split(/_(open|close)$/);
    if (name && MARK_OF[name] && phase) {
      if (phase === 'open') marks.push({ type: MARK_OF[name]! });
      else close(MARK_OF[name]!);
      continue;
    }
    switch (token.type) {
      case 'text':
      case 'html_inline':
        out.push(textNode(token.content, active()));
        break;
      case 'softbreak':
        out.push(textNode(' ', active()));
        break;
      case 'hardbreak':
        out.push({ type: 'hardBreak' });
        break;
      case 'code_inline':
        out.push(textNode(token.content, [...active(), { type: 'code' }]));
        break;
      case 'link_open':
        marks.push(linkMark(token.attrGet('href')) ?? NO_LINK);
        break;
      case 'link_close':
        marks.splice(marks.findLastIndex((m) => m.type === 'link' || m === NO_LINK), 1);
        break;
      case 'image': {
        // The alt text is the plain text of the image's description, not its Markdown.
        const alt = (token.children ?? []).map((c) => (c.type === 'softbreak' ? ' ' : c.content)).join('');
        const figure = figureNode(token.attrGet('src'), alt, token.attrGet('title') ?? '');
        const link = active().find((m) => m.type === 'link');
        // A figure cannot carry a link: a linked image is followed by its alt text, linked.
        out.push(figure ?? textNode(alt, active()), ...(figure && link ? [textNode(alt || String(link.attrs!.href), active())] : []));
        break;
      }
    }
  }
  return mergeText(out.filter((n): n is RichNode => n !== null));
}

const TASK_PREFIX = /^\[([ xX])\]\s+/;

/** A bullet list whose every item starts with `[ ]` or `[x]` is a task list (GitHub's convention). */
function asTaskList(items: RichNode[]): RichNode | null {
  const firstText = (item: RichNode) => item.content?.[0]?.content?.[0];
  const allTasks = items.length > 0 && items.every((item) => {
    const text = firstText(item);
    return text?.type === 'text' && TASK_PREFIX.test(text.text ?? '');
  });
  if (!allTasks) return null;
  return {
    type: 'taskList',
    content: items.map((item) => {
      const [paragraph, ...rest] = item.content ?? [];
      const [first, ...others] = paragraph!.content ?? [];
      const checked = TASK_PREFIX.exec(first!.text ?? '')![1] !== ' ';
      const remaining = (first!.text ?? '').replace(TASK_PREFIX, '');
      const inline = remaining ? [{ ...first!, text: remaining }, ...others] : others;
      const taskParagraph: RichNode = inline.length ? { type: 'paragraph', content: inline } : { type: 'paragraph' };
      return { type: 'taskItem', attrs: { checked }, content: [taskParagraph, ...rest] };
    }),
  };
}
