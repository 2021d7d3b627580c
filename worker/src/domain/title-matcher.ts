/**
 * The one title matcher: how concept titles are folded, stored, sorted,
 * filtered and found inside texts. Import's concept detection, the concept page's
 * auto-links (GET /api/concepts/{id}/linked-titles), `[[` suggestions, wiki links, the
 * concept list's title filter and sort, and the quick switcher all use it, so they agree.
 *
 * Folding: lower case, Latin-type accents removed ('ÉNERGIE' is 'energie'), typographic
 * apostrophes as "'", whitespace runs as one space. `concepts.title_key` stores a title's
 * fold (titleKey), so 'Énergie' sorts beside 'Energie' and 'ENERGIE' finds it.
 *
 * Finding titles in a text: any case and any accent, whole words only, longest titles
 * first with overlaps resolved. Words are maximal runs of letters, digits, combining marks
 * and underscore; everything else separates them. So a French elision needs no rule of its
 * own: in "l'énergie" the apostrophe ends the word "l", and "énergie" is a whole word that
 * 'Énergie' matches. Between the words of a title, and before/after them (a title like
 * "C++"), the text must hold the same separators as the title, whitespace runs and
 * apostrophe forms aside.
 *
 * Speed: titles are indexed by their first folded word; the text is tokenised once and each
 * token only tries the few titles starting with it. Without the titles at hand,
 * titleCandidates() lists every key a title found in the text could have, so the database
 * can pick the titles out of its title_key index.
 */

/** Combining diacritical marks (U+0300–U+036F): what NFD splits off Latin, Greek and Cyrillic letters. */
const DIACRITICS = /[\u0300-\u036f]/g;
const APOSTROPHES = /[\u2019\u2018\u02bc`]/g;
// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/**
 * A text folded for matching: lower case without accents, apostrophes as "'", whitespace
 * runs as one space. Only the Latin-type combining marks go: the vowel signs of Indic
 * scripts are letters' meaning, not accents.
 */
export function foldText(text: string): string {
  const lower = ASCII.test(text) ? text.toLowerCase() : text.toLowerCase().normalize('NFD').replace(DIACRITICS, '').normalize('NFC');
  return lower.replace(APOSTROPHES, "'").replace(/\s+/g, ' ');
}

/** A title's key, as `concepts.title_key` stores it: the trimmed title folded. */
export function titleKey(title: string): string {
  return foldText(title.trim());
}

/** Same as titleKey: the comparison key of a title (same key twice in the index is one title). */
export const normaliseTitle = titleKey;

/** Titles of more words than this are not looked for inside texts (keeps the candidate set small). */
export const MAX_TITLE_WORDS = 8;
/** Punctuation a title may start or end with ('C++', '.NET'), at most this many characters. */
const MAX_EDGE = 3;

export interface TitleRef {
  id: number;
  title: string;
}

export interface TitleMatch {
  id: number;
  /** Offsets in the searched text (UTF-16 code units, as String.slice takes them). */
  from: number;
  to: number;
}

interface IndexedTitle {
  id: number;
  /** The normalised title (normaliseTitle's form): one title per key. */
  key: string;
  words: string[];
  /** Separators between consecutive words, normalised; `gaps.length === words.length - 1`. */
  gaps: string[];
  prefix: string;
  suffix: string;
  /** Normalised length, to rank longer titles first. */
  length: number;
}

export interface TitleIndex {
  byFirstWord: Map<string, IndexedTitle[]>;
  /** Every indexed title's normalised form (normaliseTitle), e.g. to tell whether a title exists. */
  keys: Set<string>;
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;

/** A word folded (lower case without accents): 'Énergie' → 'energie'. */
export function normaliseWord(word: string): string {
  return ASCII.test(word) ? word.toLowerCase() : foldText(word);
}

/** Separators compare folded: whitespace runs as one space, typographic apostrophes as "'". */
function normaliseGap(gap: string): string {
  if (gap === ' ' || gap === '') return gap;
  return foldText(gap);
}

interface Token {
  word: string;
  from: number;
  to: number;
}

// Whether a code point is a word character. Unicode property tests are slow per call, so
// each non-ASCII code point is tested once per process.
const wordCodes = new Map<number, boolean>();
function isWordCode(code: number): boolean {
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
  let known = wordCodes.get(code);
  if (known === undefined) {
    known = WORD_CHAR.test(String.fromCodePoint(code));
    wordCodes.set(code, known);
  }
  return known;
}

/**
 * The words of a text with their offsets, in one pass over its characters. Each distinct
 * word is normalised once (a text repeats its words; `seen` may be shared across calls).
 */
function tokenise(text: string, seen = new Map<string, string>()): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    let code = text.codePointAt(i)!;
    if (!isWordCode(code)) {
      i += code > 0xffff ? 2 : 1;
      continue;
    }
    const from = i;
    do {
      i += code > 0xffff ? 2 : 1;
      code = i < n ? text.codePointAt(i)! : 32;
    } while (isWordCode(code));
    const raw = text.slice(from, i);
    let word = seen.get(raw);
    if (word === undefined) {
      word = normaliseWord(raw);
      seen.set(raw, word);
    }
    tokens.push({ word, from, to: i });
  }
  return tokens;
}

function indexTitle(ref: TitleRef, seen: Map<string, string>): IndexedTitle | null {
  const title = ref.title.trim();
  const tokens = tokenise(title, seen);
  if (tokens.length === 0) return null;
  const words = tokens.map((t) => t.word);
  const gaps = tokens.slice(1).map((t, i) => normaliseGap(title.slice(tokens[i]!.to, t.from)));
  const prefix = normaliseGap(title.slice(0, tokens[0]!.from));
  const suffix = normaliseGap(title.slice(tokens[tokens.length - 1]!.to));
  // The pieces, normalised one by one, put together: the title's normalised form (its key).
  const key = prefix + words.map((w, i) => (i ? gaps[i - 1] + w : w)).join('') + suffix;
  return { id: ref.id, key, words, gaps, prefix, suffix, length: key.length };
}

/** Builds the index once per set of titles; `excludeId` leaves a concept out (its own page). */
export function buildTitleIndex(titles: readonly TitleRef[], excludeId: number | null = null): TitleIndex {
  const byFirstWord = new Map<string, IndexedTitle[]>();
  const seen = new Set<string>();
  const words = new Map<string, string>();
  for (const ref of titles) {
    if (ref.id === excludeId) continue;
    const indexed = indexTitle(ref, words);
    if (!indexed || seen.has(indexed.key)) continue;
    seen.add(indexed.key);
    const list = byFirstWord.get(indexed.words[0]!) ?? [];
    list.push(indexed);
    byFirstWord.set(indexed.words[0]!, list);
  }
  return { byFirstWord, keys: seen };
}

/** Where the title starting at token `at` ends (exclusive char offset), or -1 when it is not there. */
function matchAt(text: string, tokens: Token[], at: number, title: IndexedTitle): number {
  const last = at + title.words.length - 1;
  if (last >= tokens.length) return -1;
  for (let k = 1; k < title.words.length; k += 1) {
    if (tokens[at + k]!.word !== title.words[k]) return -1;
    if (normaliseGap(text.slice(tokens[at + k - 1]!.to, tokens[at + k]!.from)) !== title.gaps[k - 1]) return -1;
  }
  const from = tokens[at]!.from - title.prefix.length;
  const to = tokens[last]!.to + title.suffix.length;
  if (title.prefix && (from < 0 || normaliseGap(text.slice(from, tokens[at]!.from)) !== title.prefix)) return -1;
  if (title.suffix && normaliseGap(text.slice(tokens[last]!.to, to)) !== title.suffix) return -1;
  return to;
}

/**
 * Every occurrence of an indexed title in `text`, in text order. Where occurrences
 * overlap, the longer title wins (then the earlier one).
 */
export function matchTitles(index: TitleIndex, text: string): TitleMatch[] {
  if (index.byFirstWord.size === 0 || !text) return [];
  const tokens = tokenise(text);
  const found: Candidate[] = [];
  for (let at = 0; at < tokens.length; at += 1) {
    const titles = index.byFirstWord.get(tokens[at]!.word);
    if (!titles) continue;
    for (const title of titles) {
      const to = matchAt(text, tokens, at, title);
      if (to >= 0) found.push({ title, at, to });
    }
  }
  return resolveOverlaps(found, tokens);
}

interface Candidate {
  title: IndexedTitle;
  /** Index of the first token. */
  at: number;
  to: number;
}

/** Longer titles claim their words first (then earlier ones); the rest keep what is left. */
function resolveOverlaps(found: Candidate[], tokens: Token[]): TitleMatch[] {
  found.sort((a, b) => b.title.length - a.title.length || a.at - b.at);
  const taken = new Uint8Array(tokens.length);
  const kept: TitleMatch[] = [];
  for (const { title, at, to } of found) {
    const last = at + title.words.length - 1;
    let free = true;
    for (let k = at; k <= last && free; k += 1) free = taken[k] === 0;
    if (!free) continue;
    taken.fill(1, at, last + 1);
    kept.push({ id: title.id, from: tokens[at]!.from - title.prefix.length, to });
  }
  return kept.sort((a, b) => a.from - b.from);
}

/** The ids of the titles found, each once, in order of first occurrence. */
export function foundTitleIds(index: TitleIndex, text: string): number[] {
  return [...new Set(matchTitles(index, text).map((m) => m.id))];
}

const isSpace = (ch: string) => /\s/.test(ch);

/** The punctuation run (no space, no word character) right before `at`, at most MAX_EDGE characters. */
function edgeBefore(text: string, at: number, floor: number): string {
  let from = at;
  while (from > floor && at - from < MAX_EDGE && !isSpace(text[from - 1]!)) from -= 1;
  return text.slice(from, at);
}

/** The punctuation run right after `at`, up to `ceiling`, at most MAX_EDGE characters. */
function edgeAfter(text: string, at: number, ceiling: number): string {
  let to = at;
  while (to < ceiling && to - at < MAX_EDGE && !isSpace(text[to]!)) to += 1;
  return text.slice(at, to);
}

/**
 * Every key (titleKey form) a title found in `text` could have: each run of 1..maxWords
 * whole words, folded, with or without the punctuation right before and after it. A
 * title occurs in the text only if its key is one of these; matchTitles() then decides.
 */
export function titleCandidates(text: string, maxWords = MAX_TITLE_WORDS): Set<string> {
  const tokens = tokenise(text);
  const candidates = new Set<string>();
  const gaps = tokens.map((t, i) => (i === 0 ? '' : normaliseGap(text.slice(tokens[i - 1]!.to, t.from))));
  for (let i = 0; i < tokens.length; i += 1) {
    const pre = edgeBefore(text, tokens[i]!.from, i === 0 ? 0 : tokens[i - 1]!.to);
    let core = '';
    for (let j = i; j < Math.min(tokens.length, i + maxWords); j += 1) {
      core = j === i ? tokens[j]!.word : core + gaps[j] + tokens[j]!.word;
      candidates.add(core);
      const post = edgeAfter(text, tokens[j]!.to, j + 1 < tokens.length ? tokens[j + 1]!.from : text.length);
      for (let p = 0; p <= pre.length; p += 1) {
        for (let q = 0; q <= post.length; q += 1) {
          if (p || q) candidates.add(normaliseGap(pre.slice(pre.length - p)) + core + normaliseGap(post.slice(0, q)));
        }
      }
    }
  }
  return candidates;
}
