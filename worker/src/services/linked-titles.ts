/**
 * The concept page's auto-links (spec document 1 §4 concept page): the person's other
 * concepts whose title occurs in this concept's text, found on the server so the page no
 * longer downloads every title. The text's runs of whole words are the candidate keys;
 * the titles index answers which of them are titles.
 */
import { conceptsTitled, conceptText } from '../db/queries/search';
import { notFound } from '../lib/errors';
import { titleCandidates } from '../domain/title-keys';

/** Candidate keys per statement: keeps each bound JSON list well under D1's value size limit. */
const KEYS_PER_STATEMENT = 5_000;

export async function linkedTitles({ d1, userId, conceptId }: { d1: D1Database; userId: number; conceptId: number }) {
  const text = await conceptText(d1, userId, conceptId);
  if (text === null) throw notFound('Concept');
  const keys = [...titleCandidates(text)];
  if (keys.length === 0) return [];
  const chunks: string[][] = [];
  for (let i = 0; i < keys.length; i += KEYS_PER_STATEMENT) chunks.push(keys.slice(i, i + KEYS_PER_STATEMENT));
  const results = await d1.batch<{ id: number; title: string }>(chunks.map((chunk) => conceptsTitled(d1, userId, conceptId, chunk)));
  const found = results.flatMap((r) => r.results).map((r) => ({ id: r.id, title: r.title }));
  // Longest first, as the page draws them: 'Énergie cinétique' wins over 'Énergie'.
  return found.sort((a, b) => b.title.length - a.title.length || a.id - b.id);
}
