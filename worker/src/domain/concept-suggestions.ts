/**
 * Candidate new concepts in imported content (spec document 3 §2.6 'potential new
 * concepts'): its headings, its bold terms, and multi-word names that recur in its text.
 * A candidate that is already one of the person's concepts is never suggested. Ranked by
 * where it was seen (a heading weighs most) and how often, at most SUGGESTION_LIMIT.
 */
import type { RichNode } from './richtext';
import { normaliseTitle } from './title-matcher';

export const SUGGESTION_LIMIT = 20;
const MAX_WORDS = 6;
const MIN_LENGTH = 3;
const MAX_LENGTH = 80;

const WEIGHT = { heading: 3, bold: 2, name: 1 } as const;

/** Leading words a name starting a sentence carries without being part of it. */
const LEADING_ARTICLES = new Set(['le', 'la', 'les', 'l', 'un', 'une', 'des', 'du', 'de', 'the', 'a', 'an', 'ce', 'cette', 'ces']);
/** Lower-case words allowed inside a name: "Loi de Bernoulli", "Bank of England". */
const PARTICLES = "(?:de|du|des|la|le|et|d'|d’|of|the|and|von|van)";
const CAPITALISED = "\\p{Lu}[\\p{L}\\p{M}\\p{N}'’-]*";
const RECURRING_NAME = new RegExp(`${CAPITALISED}(?:\\s+(?:${PARTICLES}\\s*)?${CAPITALISED}){1,3}`, 'gu');

function textOf(node: RichNode): string {
  if (typeof node.text === 'string') return node.text;
  return (node.content ?? []).map(textOf).join('');
}

/** Cleans a candidate: trims punctuation and leading articles; null when it is not a plausible title. */
function candidateTitle(raw: string): string | null {
  const trimPunctuation = (text: string) => text.replace(/^[\s\p{P}]+|[\s.,;:!?)»"]+$/gu, '');
  let words = trimPunctuation(raw.replace(/\s+/g, ' ')).split(' ');
  while (words.length > 1 && LEADING_ARTICLES.has(normaliseTitle(words[0]!).replace(/['’]$/, ''))) words = words.slice(1);
  const title = trimPunctuation(words.join(' ')).replace(/^[lLdD]['’]/, '');
  words = title.split(' ');
  if (title.length < MIN_LENGTH || title.length > MAX_LENGTH || words.length > MAX_WORDS) return null;
  if (!/\p{L}/u.test(title)) return null;
  return title;
}

/** Headings and bold runs of a document, in order. */
function structuralCandidates(doc: RichNode | null): { title: string; weight: number }[] {
  const out: { title: string; weight: number }[] = [];
  const visit = (node: RichNode) => {
    if (node.type === 'heading') {
      out.push({ title: textOf(node), weight: WEIGHT.heading });
      return;
    }
    let bold = '';
    for (const child of node.content ?? []) {
      if (child.type === 'text' && child.marks?.some((m) => m.type === 'bold')) {
        bold += child.text ?? '';
        continue;
      }
      if (bold) out.push({ title: bold, weight: WEIGHT.bold });
      bold = '';
      visit(child);
    }
    if (bold) out.push({ title: bold, weight: WEIGHT.bold });
  };
  if (doc) visit(doc);
  return out;
}

/** Capitalised multi-word names seen at least twice in the text. */
function recurringNames(text: string): { title: string; weight: number }[] {
  const counts = new Map<string, { title: string; count: number }>();
  for (const match of text.matchAll(RECURRING_NAME)) {
    const title = candidateTitle(match[0]);
    if (!title || !title.includes(' ')) continue;
    const key = normaliseTitle(title);
    const entry = counts.get(key) ?? { title, count: 0 };
    entry.count += 1;
    counts.set(key, entry);
  }
  return [...counts.values()].filter((e) => e.count >= 2).map((e) => ({ title: e.title, weight: WEIGHT.name * e.count }));
}

/**
 * Ranked candidate titles. `isExisting` says whether a normalised title (normaliseTitle)
 * is already one of the person's concepts.
 */
export function suggestConcepts(doc: RichNode | null, text: string, isExisting: (key: string) => boolean): string[] {
  const scores = new Map<string, { title: string; score: number; first: number }>();
  const all = [...structuralCandidates(doc), ...recurringNames(text)];
  all.forEach((candidate, order) => {
    const title = candidateTitle(candidate.title);
    if (!title) return;
    const key = normaliseTitle(title);
    if (isExisting(key)) return;
    const entry = scores.get(key) ?? { title, score: 0, first: order };
    entry.score += candidate.weight;
    scores.set(key, entry);
  });
  return [...scores.values()]
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .slice(0, SUGGESTION_LIMIT)
    .map((e) => e.title);
}
