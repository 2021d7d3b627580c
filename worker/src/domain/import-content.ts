/**
 * How pasted text, Markdown or an article's document becomes the imported concept's rich
 * document (spec document 3 §2.6). The rules the screen shares live in import-rules.ts.
 */
import type { ContentFormat } from './import-rules';
import { markdownToDoc } from './markdown';
import { isRichDoc, type RichDoc } from './richtext';

/** Pasted text: one paragraph per blank-line-separated block; single newlines stay line breaks. */
export function textToDoc(text: string): RichDoc {
  const blocks = text.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/).map((b) => b.trim()).filter(Boolean);
  return {
    type: 'doc',
    content: blocks.map((block) => ({
      type: 'paragraph',
      content: block.split('\n').flatMap((line, i) => [...(i > 0 ? [{ type: 'hardBreak' }] : []), ...(line ? [{ type: 'text', text: line }] : [])]),
    })),
  };
}

/** The document a piece of imported content stands for. */
export function importedDoc(content: string | RichDoc, format: ContentFormat): RichDoc {
  if (typeof content !== 'string') return content;
  if (format === 'markdown') return markdownToDoc(content);
  if (format === 'doc') {
    try {
      const parsed: unknown = JSON.parse(content);
      if (isRichDoc(parsed)) return parsed;
    } catch {
      // Not a document after all: read it as text.
    }
  }
  return textToDoc(content);
}
