/**
 * Global search (spec document 3 §2.2, §7 GET /search): a typed query, one page of each
 * kind of result (or of one kind, when a tab turns its page) and the totals, read in one
 * round trip.
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
  const results = await d1.batch(types.flatMap((t) => [searchPage(d1, t, userId, match, skip, limit), searchTotal(d1, t, userId, match)]));
  types.forEach((t, i) => {
    const total = (results[2 * i + 1]!.results[0] as { total: number }).total;
    hits[t] = { rows: results[2 * i]!.results as never, total };
  });
  return hits;
}
