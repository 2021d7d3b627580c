/**
 * The concept page's auto-links (spec document 1 §4 concept page): the person's other
 * concepts whose title occurs in this concept's text, found on the server so the page no
 * longer downloads every title. The title matcher lists the keys a title found in the text
 * could have, the titles index answers which of them are titles, and the same matcher
 * import detection uses decides what occurs (whole words, overlaps to the longer title).
 * Each title comes with the spellings it has in the text, so the page marks 'ENERGIE' for
 * 'Énergie' without folding accents itself.
 */
import { conceptsTitled } from '../db/queries/search';
import { conceptText } from '../db/queries/concepts';
import { firstRow, runBatch } from '../db/rows';
import { notFound } from '../lib/errors';
import { buildTitleIndex, matchTitles, titleCandidates } from '../domain/title-matcher';

/** Candidate keys per statement: keeps each bound JSON list well under D1's value size limit. */
const KEYS_PER_STATEMENT = 5_000;

export interface LinkedTitle {
  id: number;
  title: string;
  /** The title as the text writes it, each spelling once, in order of first occurrence. */
  matches: string[];
}

export async function linkedTitles({ d1, userId, conceptId }: { d1: D1Database; userId: number; conceptId: number }): Promise<LinkedTitle[]> {
  const concept = await firstRow(conceptText(d1, userId, conceptId));
  if (!concept) throw notFound('Concept');
  const text = concept.content_text;
  const keys = [...titleCandidates(text)];
  if (keys.length === 0) return [];
  const chunks: string[][] = [];
  for (let i = 0; i < keys.length; i += KEYS_PER_STATEMENT) chunks.push(keys.slice(i, i + KEYS_PER_STATEMENT));
  const reads = chunks.map((chunk) => conceptsTitled(d1, userId, conceptId, chunk));
  const read = await runBatch(d1, reads);
  const rows = reads.flatMap(read);
  const titleById = new Map(rows.map((r) => [r.id, r.title]));
  const found = new Map<number, Set<string>>();
  for (const m of matchTitles(buildTitleIndex(rows, conceptId), text)) {
    const spellings = found.get(m.id) ?? new Set<string>();
    spellings.add(text.slice(m.from, m.to));
    found.set(m.id, spellings);
  }
  // Longest first, as the page draws them: 'Énergie cinétique' wins over 'Énergie'.
  return [...found]
    .map(([id, spellings]) => ({ id, title: titleById.get(id)!, matches: [...spellings] }))
    .sort((a, b) => b.title.length - a.title.length || a.id - b.id);
}
