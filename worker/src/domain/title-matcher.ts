/**
 * Which of a person's concept titles occur in a text: any case and any accent, whole
 * words only, longest titles first with overlaps resolved. Used by import's concept
 * detection and by the concept page's auto-links, so both find the same titles.
 *
 * Words are maximal runs of letters, digits, combining marks and underscore; everything
 * else separates them. So a French elision needs no rule of its own: in "l'énergie" the
 * apostrophe ends the word "l", and "énergie" is a whole word that 'Énergie' matches.
 * Between the words of a title, and before/after them (a title like "C++"), the text must
 * hold the same separators as the title, whitespace runs and apostrophe forms aside.
 *
 * Speed: titles are indexed by their first normalised word; the text is tokenised once
 * and each token only tries the few titles starting with it.
 */

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
}

const WORD = /[\p{L}\p{N}\p{M}_]+/gu;
const COMBINING = /\p{M}/gu;
// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/** Lower case without accents: 'Énergie' → 'energie'. */
export function normaliseWord(word: string): string {
  return ASCII.test(word) ? word.toLowerCase() : word.normalize('NFD').replace(COMBINING, '').toLowerCase();
}

/** Separators compare with whitespace runs collapsed and typographic apostrophes as "'". */
function normaliseGap(gap: string): string {
  return normaliseWord(gap).replace(/\s+/g, ' ').replace(/[\u2019\u2018\u02bc`]/g, "'");
}

/** A title's comparison key (same title twice in the index is one title). */
export function normaliseTitle(title: string): string {
  return normaliseGap(title.trim());
}

interface Token {
  word: string;
  from: number;
  to: number;
}

function tokenise(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(WORD)) tokens.push({ word: normaliseWord(match[0]), from: match.index, to: match.index + match[0].length });
  return tokens;
}

function indexTitle(ref: TitleRef): IndexedTitle | null {
  const title = ref.title.trim();
  const tokens = tokenise(title);
  if (tokens.length === 0) return null;
  const gaps = tokens.slice(1).map((t, i) => normaliseGap(title.slice(tokens[i]!.to, t.from)));
  return {
    id: ref.id,
    words: tokens.map((t) => t.word),
    gaps,
    prefix: normaliseGap(title.slice(0, tokens[0]!.from)),
    suffix: normaliseGap(title.slice(tokens[tokens.length - 1]!.to)),
    length: normaliseTitle(title).length,
  };
}

/** Builds the index once per set of titles; `excludeId` leaves a concept out (its own page). */
export function buildTitleIndex(titles: readonly TitleRef[], excludeId: number | null = null): TitleIndex {
  const byFirstWord = new Map<string, IndexedTitle[]>();
  const seen = new Set<string>();
  for (const ref of titles) {
    const key = normaliseTitle(ref.title);
    if (ref.id === excludeId || !key || seen.has(key)) continue;
    const indexed = indexTitle(ref);
    if (!indexed) continue;
    seen.add(key);
    const list = byFirstWord.get(indexed.words[0]!) ?? [];
    list.push(indexed);
    byFirstWord.set(indexed.words[0]!, list);
  }
  return { byFirstWord };
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
  const candidates: (TitleMatch & { length: number; first: number; last: number })[] = [];
  for (let at = 0; at < tokens.length; at += 1) {
    const titles = index.byFirstWord.get(tokens[at]!.word);
    if (!titles) continue;
    for (const title of titles) {
      const to = matchAt(text, tokens, at, title);
      if (to >= 0) candidates.push({ id: title.id, from: tokens[at]!.from - title.prefix.length, to, length: title.length, first: at, last: at + title.words.length - 1 });
    }
  }
  candidates.sort((a, b) => b.length - a.length || a.from - b.from);
  const kept: TitleMatch[] = [];
  const taken = new Uint8Array(tokens.length);
  for (const c of candidates) {
    if (taken.subarray(c.first, c.last + 1).some((t) => t === 1)) continue;
    taken.fill(1, c.first, c.last + 1);
    kept.push({ id: c.id, from: c.from, to: c.to });
  }
  return kept.sort((a, b) => a.from - b.from);
}

/** The ids of the titles found, each once, in order of first occurrence. */
export function foundTitleIds(index: TitleIndex, text: string): number[] {
  return [...new Set(matchTitles(index, text).map((m) => m.id))];
}
