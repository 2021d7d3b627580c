/**
 * Global search (spec document 3 §2.2, §7 GET /search): a typed query, one page of each
 * kind of result (or of one kind, when a tab turns its page) and the totals, read in one
 * round trip.
 */
import { buildMatchQuery, SEARCH_TYPES, type SearchType } from '../domain/search-query';
import { searchPage, searchTotal, type HitRows } from '../db/queries/search';
import { runBatch } from '../db/rows';

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
  const want = <T extends SearchType>(t: T) => (types.includes(t) ? readsOf(d1, t, { userId, match, skip, limit }) : null);
  const reads = { concepts: want('concepts'), flashcards: want('flashcards'), notes: want('notes'), constellations: want('constellations') };
  const read = await runBatch(d1, Object.values(reads).flatMap((r) => (r ? [r.page, r.total] : [])));
  return {
    concepts: reads.concepts?.hits(read) ?? null,
    flashcards: reads.flashcards?.hits(read) ?? null,
    notes: reads.notes?.hits(read) ?? null,
    constellations: reads.constellations?.hits(read) ?? null,
  };
}

type Reader = Awaited<ReturnType<typeof runBatch>>;

/** A kind's page and total, and the hits their rows make. */
function readsOf<T extends SearchType>(d1: D1Database, type: T, { userId, match, skip, limit }: { userId: number; match: string; skip: number; limit: number }) {
  const page = searchPage(d1, type, userId, match, skip, limit);
  const total = searchTotal(d1, type, userId, match);
  return { page, total, hits: (read: Reader) => ({ rows: read(page), total: read(total)[0]!.total }) };
}
