/**
 * What the import screen and the import API agree on (spec document 3 §2.6, §5): the
 * source modes, the validation messages, the size limits, and how pasted text or Markdown
 * becomes the new concept's rich document.
 */
import { markdownToDoc } from './markdown';
import { isRichDoc, type RichDoc } from './richtext';

export const IMPORT_MODES = ['text', 'markdown', 'url'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** The format of a `content` field: pasted text, Markdown, or a document (from a URL's article). */
export const CONTENT_FORMATS = ['text', 'markdown', 'doc'] as const;
export type ContentFormat = (typeof CONTENT_FORMATS)[number];

export const IMPORT_MESSAGES = {
  titleRequired: 'Le titre est requis',
  urlRequired: "L'URL est requise",
  contentRequired: 'Le contenu est requis',
  importFailed: "Erreur lors de l'importation. Veuillez réessayer.",
  createFailed: 'Erreur lors de la création du concept. Veuillez réessayer.',
} as const;

/** Characters of pasted text or Markdown (the request body itself is capped at 1 MB). */
export const IMPORT_CONTENT_MAX_CHARS = 900_000;
export const IMPORT_URL_MAX_CHARS = 2048;

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
