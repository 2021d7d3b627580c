/**
 * Global search and the quick switcher (GET /api/search, GET /api/search/quick). Types come
 * from the server's routes through hc; snippets arrive as escaped HTML with <mark> only.
 */
import type { InferResponseType } from 'hono/client';
import { api, ApiRequestError, readJson } from './client';

const searchCall = api.api.search.$get;
const quickCall = api.api.search.quick.$get;

export type SearchResponse = InferResponseType<typeof searchCall, 200>;
export type SearchResults = SearchResponse['results'];
export type SearchKind = keyof SearchResults;
export type QuickSearchResponse = InferResponseType<typeof quickCall, 200>;

/** One page of every kind, or of one kind (`type`) when a tab turns its page. */
export async function searchEverything(params: { q: string; skip: number; limit: number; type?: SearchKind }, signal?: AbortSignal): Promise<SearchResponse> {
  const query = { q: params.q, skip: params.skip, limit: params.limit, ...(params.type ? { type: params.type } : {}) };
  let res;
  try {
    res = await searchCall({ query }, { init: { signal } });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiRequestError(0, null);
  }
  return readJson<SearchResponse>(res);
}

export async function quickSearch(q: string, signal?: AbortSignal): Promise<QuickSearchResponse> {
  return readJson<QuickSearchResponse>(await quickCall({ query: { q } }, { init: { signal } }));
}
