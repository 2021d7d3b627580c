/**
 * What the server derives from a daily-note block's text (HTML or a JSON document): its
 * plain text (for search and previews) and the concepts it mentions through `[[Title]]`
 * or concept-link marks.
 */
import { blockToPlainText, isRichDoc, linkedConceptIds, linkedConceptTitles, pendingLinkNames, RICH_DOC_TOO_LARGE, richContentWithinLimits, type RichDoc } from './richtext';
import { extractWikiLinks, titleKey } from './wiki-links';

/** The editor's limit (spec §5 and §9), counted on what the user wrote. */
export const BLOCK_MAX_CHARS = 100_000;
export const BLOCK_TOO_LONG = `Un bloc contient au plus ${BLOCK_MAX_CHARS} caractères.`;
/** What a block's stored text may weigh at most (HTML or JSON around the writing). */
export const BLOCK_MAX_STORED_CHARS = 2_000_000;
/** A daily note's title, written by REST or read from an imported file. */
export const NOTE_TITLE_MAX_CHARS = 500;
export const NOTE_TITLE_TOO_LONG = `Le titre d'une note contient au plus ${NOTE_TITLE_MAX_CHARS} caractères.`;

export interface DerivedBlock {
  plainText: string;
  /** Titles as written, deduplicated case- and accent-insensitively (first spelling kept). */
  titles: string[];
  titleKeys: string[];
  /** Concept ids named by concept-link marks. */
  ids: number[];
}

export function blockDoc(text: string): RichDoc | null {
  if (!text.trim().startsWith('{')) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isRichDoc(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function deriveBlock(text: string): DerivedBlock {
  const plainText = blockToPlainText(text);
  const doc = blockDoc(text);
  const seen = new Set<string>();
  const titles: string[] = [];
  for (const title of [...extractWikiLinks(plainText), ...linkedConceptTitles(doc), ...pendingLinkNames(doc)]) {
    const key = titleKey(title);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    titles.push(title);
  }
  return { plainText, titles, titleKeys: [...seen], ids: linkedConceptIds(doc) };
}

/** Whether a block's written text stays within the editor's character limit. */
export function blockWithinLimit(text: string): boolean {
  if (text.length <= BLOCK_MAX_CHARS) return true;
  return Array.from(blockToPlainText(text)).length <= BLOCK_MAX_CHARS;
}

/**
 * Why a block's text may not be written — by REST, an import or a live room alike — or
 * null when it may. The depth and node limits are checked first, iteratively, so that no
 * recursive walk of the text (its plain text, its links) ever meets a hostile tree.
 */
export function blockTextProblem(text: string): string | null {
  if (text.length > BLOCK_MAX_STORED_CHARS) return BLOCK_TOO_LONG;
  if (!richContentWithinLimits(text)) return RICH_DOC_TOO_LARGE;
  return blockWithinLimit(text) ? null : BLOCK_TOO_LONG;
}
