/**
 * The preview excerpt of a concept (spec document 1 §3): its plain text first, else the
 * text found in the content tree, else the content string itself; cut to 150 characters
 * plus an ellipsis; a fixed message when there is nothing to show.
 */
import { contentToPlainText } from './richtext';

export const EXCERPT_LENGTH = 150;
/** How much of a concept's text a concept list carries. */
export const SUMMARY_TEXT_LENGTH = 300;
export const NO_PREVIEW = 'Aucun aperçu disponible.';
export const ELLIPSIS = '...';

export interface ExcerptSource {
  content_text?: string | null;
  content?: unknown;
}

/** Cuts text to `length` characters (whole code points), adding the ellipsis only when something was cut. */
export function cutText(text: string, length: number): string {
  const chars = Array.from(text);
  return chars.length > length ? `${chars.slice(0, length).join('').trimEnd()}${ELLIPSIS}` : text;
}

export function conceptExcerpt(source: ExcerptSource, length = EXCERPT_LENGTH): string {
  const fromText = collapse(source.content_text ?? '');
  const text = fromText || collapse(contentToPlainText(source.content)) || (typeof source.content === 'string' ? collapse(source.content) : '');
  return text ? cutText(text, length) : NO_PREVIEW;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
