/**
 * Calls of the knowledge-base screens. They go through `apiJson` (bearer token, 401
 * handling, ApiRequestError with the server's detail); every read accepts an AbortSignal
 * so a debounced search or a left page cancels what it no longer needs.
 */
import { ApiRequestError, apiJson, authFetch, readJson } from '../../api/client';
import type { Concept, ConceptPage, ConceptPreview, ConceptRef, ConceptSummary, ConceptWrite, Constellation, NoteMention, SortField, SortOrder, Tag } from './types';

export interface ConceptQuery {
  skip: number;
  limit: number;
  search?: string;
  content_search?: string;
  tag_name?: string;
  constellation_id?: number;
  sort_by: SortField;
  sort_order: SortOrder;
}

export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** DELETE answers 204 with no body, which `apiJson` would fail to parse. */
async function apiDelete(path: string, body?: unknown): Promise<void> {
  let res: Response;
  try {
    res = await authFetch(path, body === undefined ? { method: 'DELETE' } : json('DELETE', body));
  } catch {
    throw new ApiRequestError(0, null);
  }
  if (!res.ok) await readJson(res);
}

const json = (method: string, body: unknown, signal?: AbortSignal): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
  signal,
});

/** A list answer may be a plain array or {concepts, total_items} (spec document 1 §7). */
function asPage(answer: ConceptPage | ConceptSummary[]): ConceptPage {
  return Array.isArray(answer) ? { concepts: answer, total_items: answer.length } : answer;
}

/** A content write refused because the concept changed elsewhere since it was read (409 `content_conflict`). */
export class ContentConflictError extends ApiRequestError {
  constructor(
    detail: unknown,
    readonly content: Concept['content'],
    readonly contentVersion: number,
  ) {
    super(409, detail);
  }
}

/** PUT of a concept; a 409 `content_conflict` comes back with the current content to merge with. */
async function updateConcept(id: number, body: ConceptWrite): Promise<Concept> {
  let res: Response;
  try {
    res = await authFetch(`/api/concepts/${id}`, json('PUT', body));
  } catch {
    throw new ApiRequestError(0, null);
  }
  if (res.status === 409) {
    const answer = (await res.json().catch(() => null)) as { code?: string; detail?: unknown; content?: Concept['content']; content_version?: number } | null;
    if (answer?.code === 'content_conflict') throw new ContentConflictError(answer.detail, answer.content ?? null, answer.content_version ?? 0);
    throw new ApiRequestError(409, answer?.detail ?? null);
  }
  return readJson(res) as Promise<Concept>;
}

export const conceptsApi = {
  list: async (query: ConceptQuery, signal?: AbortSignal) =>
    asPage(await apiJson<ConceptPage | ConceptSummary[]>(`/api/concepts${queryString({ ...query })}`, { signal })),
  get: (id: number, signal?: AbortSignal) => apiJson<Concept>(`/api/concepts/${id}`, { signal }),
  create: (body: ConceptWrite) => apiJson<Concept>('/api/concepts', json('POST', body)),
  update: updateConcept,
  remove: (id: number) => apiDelete(`/api/concepts/${id}`),
  minimal: (signal?: AbortSignal) => apiJson<ConceptRef[]>('/api/concepts/minimal', { signal }),
  search: (q: string, limit: number, signal?: AbortSignal) => apiJson<ConceptRef[]>(`/api/concepts/search${queryString({ q, limit })}`, { signal }),
  suggested: (limit: number, excludeConstellationId: number, signal?: AbortSignal) =>
    apiJson<ConceptSummary[]>(`/api/concepts/suggested${queryString({ limit, exclude_constellation_id: excludeConstellationId })}`, { signal }),
  preview: (id: number, signal?: AbortSignal) => apiJson<ConceptPreview>(`/api/concepts/${id}/preview`, { signal }),
  mentions: (id: number, signal?: AbortSignal) => apiJson<NoteMention[]>(`/api/notes/concepts/${id}/mentions`, { signal }),
  roots: (signal?: AbortSignal) => apiJson<HierarchyItem[]>('/api/concepts/roots', { signal }),
  children: (id: number, signal?: AbortSignal) => apiJson<HierarchyItem[]>(`/api/concepts/${id}/children`, { signal }),
  ancestry: (id: number, signal?: AbortSignal) => apiJson<ConceptRef[]>(`/api/concepts/${id}/ancestry`, { signal }),
};

export interface HierarchyItem {
  id: number;
  title: string;
  excerpt: string | null;
}

export const tagsApi = {
  list: (signal?: AbortSignal) => apiJson<Tag[]>('/api/tags', { signal }),
  concepts: (tag: string, signal?: AbortSignal) => apiJson<ConceptSummary[]>(`/api/tags/${encodeURIComponent(tag)}/concepts`, { signal }),
};

export interface ConstellationWrite {
  name: string;
  description: string | null;
  color: string;
  icon: string | null;
}

export const constellationsApi = {
  list: (signal?: AbortSignal) => apiJson<Constellation[]>('/api/constellations', { signal }),
  get: (id: number, signal?: AbortSignal) => apiJson<Constellation>(`/api/constellations/${id}`, { signal }),
  create: (body: ConstellationWrite) => apiJson<Constellation>('/api/constellations', json('POST', body)),
  update: (id: number, body: ConstellationWrite) => apiJson<Constellation>(`/api/constellations/${id}`, json('PUT', body)),
  remove: (id: number) => apiDelete(`/api/constellations/${id}`),
  addConcepts: (id: number, conceptIds: number[]) => apiJson<Constellation>(`/api/constellations/${id}/concepts`, json('POST', { concept_ids: conceptIds })),
  removeConcepts: (id: number, conceptIds: number[]) => apiDelete(`/api/constellations/${id}/concepts`, { concept_ids: conceptIds }),
  concepts: (id: number, signal?: AbortSignal) => apiJson<ConceptSummary[]>(`/api/constellations/${id}/concepts`, { signal }),
  conceptsPage: (id: number, query: { skip: number; limit: number; sort_by: SortField; sort_order: SortOrder }, signal?: AbortSignal) =>
    apiJson<ConceptPage>(`/api/constellations/${id}/concepts-list${queryString({ ...query })}`, { signal }),
};
