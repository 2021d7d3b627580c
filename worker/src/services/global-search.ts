/**
 * Global search (spec document 3 §2.2, §7 GET /search): a typed query, one page of each
 * kind of result (or of one kind, when a tab turns its page) and the totals, read in one
 * round trip: each page's rows carry their kind's total, so the index is read once per kind.
 */
import { buildMatchQuery, SEARCH_TYPES, type SearchType } from '../domain/search-query';
import { searchPage, searchTotal, type HitRows } from '../db/queries/search';

export interface GlobalSearchProps {
  d1: D1Database;
  userId: number;
  q: string;
  skip: number;
  limit: number;
  /** Only this kind; every kind when absent. */
  type?: SearchType;
}

export type SearchHits = { [K in SearchType]: { rows: HitRows[K][]; total: number } | null };

export async function globalSearch({ d1, userId, q, skip, limit, type }: GlobalSearchProps): Promise<SearchHits> {
  const types = type ? [type] : [...SEARCH_TYPES];
  const hits: SearchHits = { concepts: null, flashcards: null, notes: null, constellations: null };
  const match = buildMatchQuery(q);
  if (!match) {
    // Only punctuation or FTS syntax: a plain search that finds nothing.
    for (const t of types) hits[t] = { rows: [], total: 0 };
    return hits;
  }
  const pages = await d1.batch<{ total: number }>(types.map((t) => searchPage(d1, t, userId, match, skip, limit)));
  // A page past the last hit has no row to carry its total: those few are counted apart.
  const uncounted = types.filter((_, i) => pages[i]!.results.length === 0 && skip > 0);
  const counts = uncounted.length ? await d1.batch<{ total: number }>(uncounted.map((t) => searchTotal(d1, t, userId, match))) : [];
  types.forEach((t, i) => {
    const rows = pages[i]!.results;
    const counted = uncounted.indexOf(t);
    const total = rows.length ? rows[0]!.total : counted >= 0 ? counts[counted]!.results[0]!.total : 0;
    hits[t] = { rows: rows as never, total };
  });
  return hits;
}
