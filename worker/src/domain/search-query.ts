/**
 * Global search (spec document 3 §2.2): what a person types becomes an FTS5
 * MATCH expression, and FTS5 snippets become HTML that is safe to insert.
 *
 * Matching a person expects:
 * - every word must occur (FTS5's implicit AND), in any column of the row;
 * - the last word matches as a prefix, so results follow typing ('énerg' finds 'énergie');
 * - "quoted words" match as an exact phrase; an unclosed quote is a phrase still being typed;
 * - case and accents never matter: the index's tokenizer (unicode61 remove_diacritics 2)
 *   folds both the stored text and these terms;
 * - nothing typed is ever read as FTS syntax: every term is a quoted string made of letters
 *   and digits only, so `"`, `*`, `(`, `-`, NEAR, OR, AND and NOT are plain words or nothing.
 */

export const SEARCH_QUERY_MAX_LENGTH = 500;
/** More words than this add nothing a person would notice and make the query costly. */
export const MAX_TERMS = 20;

/** Words as the tokenizer sees them: letters and digits (their combining marks travel along). */
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;

interface Term {
  words: string[];
  /** A phrase typed inside quotes (closed or still open). */
  quoted: boolean;
  closed: boolean;
}

/** Splits a query into bare words and quoted phrases, in order. */
export function parseSearchTerms(input: string): Term[] {
  const text = input.normalize('NFC');
  const terms: Term[] = [];
  const pieces = text.split('"');
  pieces.forEach((piece, i) => {
    const words = piece.match(WORD) ?? [];
    const quoted = i % 2 === 1;
    if (quoted) {
      if (words.length) terms.push({ words, quoted: true, closed: i < pieces.length - 1 });
    } else {
      for (const word of words) terms.push({ words: [word], quoted: false, closed: false });
    }
  });
  return terms.slice(0, MAX_TERMS);
}

/**
 * The FTS5 MATCH expression for a typed query, or null when it holds no word at all (only
 * punctuation or FTS syntax): such a query simply finds nothing.
 */
export function buildMatchQuery(input: string): string | null {
  const terms = parseSearchTerms(input);
  if (terms.length === 0) return null;
  return terms
    .map((term, i) => {
      const last = i === terms.length - 1;
      // A closed phrase is complete; a bare word or a phrase still being typed grows.
      const prefix = last && !(term.quoted && term.closed);
      return `"${term.words.join(' ')}"${prefix ? '*' : ''}`;
    })
    .join(' ');
}

/** Marks FTS5's snippet() puts around matched words: control characters no text shows. */
export const SNIPPET_OPEN = '\u0001';
export const SNIPPET_CLOSE = '\u0002';
export const SNIPPET_ELLIPSIS = '…';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/**
 * A snippet as HTML: every character of the stored text escaped, matched words wrapped in
 * <mark>. The marks are balanced whatever the text holds (a stray control character in a
 * person's text can neither open a second mark nor leave one open).
 */
export function snippetToHtml(raw: string): string {
  let html = '';
  let open = false;
  for (const part of raw.split(/([\u0001\u0002])/)) {
    if (part === SNIPPET_OPEN) {
      if (!open) html += '<mark>';
      open = true;
    } else if (part === SNIPPET_CLOSE) {
      if (open) html += '</mark>';
      open = false;
    } else {
      html += escapeHtml(part);
    }
  }
  return open ? `${html}</mark>` : html;
}

/** What global search looks through, in the order the results list them. */
export const SEARCH_TYPES = ['concepts', 'flashcards', 'notes', 'constellations'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * `expr` for one person's rows only: every full-text index holds its row's owner in its
 * `user_id` column (migration 0026), so FTS5 intersects the person's rows with the words'
 * inside the index. `columns` limits `expr` to the text columns (an owner id is a number a
 * person may also type); an `expr` already scoped to a column may leave it out.
 */
export function ownedMatch(userId: number, expr: string, columns?: readonly string[]): string {
  if (!Number.isSafeInteger(userId)) throw new Error(`not a user id: ${userId}`);
  const scoped = columns ? `{${columns.join(' ')}} : (${expr})` : `(${expr})`;
  return `user_id : "${userId}" AND ${scoped}`;
}

/**
 * An FTS5 phrase query for the words of a title, in order, on one indexed column (the
 * candidates that may name the title: concepts' `content_text`, note blocks' `plain_text`);
 * null when the title has no word. Only letters and digits reach the query.
 */
export function phraseMatchQuery(text: string, column: string): string | null {
  const words = text.match(/[\p{L}\p{N}]+/gu);
  return words ? `${column} : "${words.slice(0, 20).join(' ')}"` : null;
}
