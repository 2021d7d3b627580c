/**
 * Finding concept titles inside a text the way a person reads them: case- and
 * accent-insensitive ('energie' is 'Énergie'), whole words only ('atome' is not found in
 * 'atomes'), a longer title winning over a shorter one it contains. Used by the concept
 * page's auto-linking (GET /api/concepts/{id}/linked-titles) and the title keys that sort
 * and filter concepts.
 */

/** Combining diacritical marks (U+0300–U+036F): what NFD splits off Latin, Greek and Cyrillic letters. */
const DIACRITICS = /[\u0300-\u036f]/g;

/**
 * Lower case without accents, as `concepts.title_key` stores titles. Only the Latin-type
 * combining marks go: the vowel signs of Indic scripts are letters' meaning, not accents.
 */
export function normaliseForMatch(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(DIACRITICS, '').normalize('NFC');
}

/** Titles of more words than this are not looked for inside texts (keeps the candidate set small). */
export const MAX_TITLE_WORDS = 8;

const WORD = /[\p{L}\p{N}_][\p{L}\p{N}\p{M}_]*/gu;

/**
 * Every run of 1..maxWords whole words of the text, normalised, spaces collapsed: a title
 * occurs in the text exactly when its key is one of these. Punctuation between the words
 * is kept ('node.js', 'l’atome'), so a title matches as it is written.
 */
export function titleCandidates(text: string, maxWords = MAX_TITLE_WORDS): Set<string> {
  const normal = normaliseForMatch(text).replace(/\s+/g, ' ');
  const words = [...normal.matchAll(WORD)].map((m) => ({ start: m.index!, end: m.index! + m[0].length }));
  const candidates = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    for (let j = i; j < Math.min(words.length, i + maxWords); j++) candidates.add(normal.slice(words[i]!.start, words[j]!.end));
  }
  return candidates;
}

/**
 * The titles that occur in the text as whole words, longest first. A title inside a longer
 * one that also occurs is kept too: the caller decides how to draw overlapping matches.
 */
export function findTitles<T extends { title: string }>(text: string, titles: readonly T[]): T[] {
  const candidates = titleCandidates(text);
  return titles
    .filter((t) => {
      const key = normaliseForMatch(t.title.trim()).replace(/\s+/g, ' ');
      return key !== '' && candidates.has(key);
    })
    .sort((a, b) => b.title.length - a.title.length);
}
