/**
 * Concept calls (spec document 1 §3, §7). Every read accepts an AbortSignal so a debounced
 * search or a left page cancels what it no longer needs. Types come from the Worker's routes.
 */
import type { InferRequestType, InferResponseType } from 'hono/client';
import type { JSONContent } from '@tiptap/core';
import type { RichDoc } from '@domain/richtext';
import { api, ApiRequestError, call, callEmpty, readJson, withSignal } from './client';
import { compact } from './query';

const concepts = api.api.concepts;
const concept = concepts[':id{[0-9]+}'];

type ConceptAnswer = InferResponseType<typeof concept.$get, 200>;
/**
 * Content and notes travel as the server's `RichDoc | string | null`; hc's JSON typing
 * flattens that recursive node type, so the page sees them as the editor's document type.
 */
type RichText = JSONContent | string | null;
export type Concept = Omit<ConceptAnswer, 'content' | 'notes'> & { content: RichText; notes: RichText };
type WriteBody = InferRequestType<typeof concepts.$post>['json'];
export type ConceptWrite = Omit<WriteBody, 'content' | 'notes'> & { content?: RichText | RichDoc; notes?: RichText | RichDoc };
export type ConceptPage = InferResponseType<typeof concepts.$get, 200>;
export type ConceptSummary = ConceptPage['concepts'][number];
export type TagRef = ConceptSummary['tags'][number];
export type ConstellationRef = ConceptSummary['constellations'][number];
export type ConceptRef = InferResponseType<typeof concepts.minimal.$get, 200>[number];
export type ConceptPreview = InferResponseType<typeof concept.preview.$get, 200>;
export type ConceptImage = InferResponseType<typeof concept.images.$get, 200>['images'][number];
export type SortField = NonNullable<ConceptQuery['sort_by']>;
export type SortOrder = NonNullable<ConceptQuery['sort_order']>;

type ListQuery = InferRequestType<typeof concepts.$get>['query'];
/** A list request: page and sort always given, filters optional. */
export type ConceptQuery = ListQuery & Required<Pick<ListQuery, 'skip' | 'limit' | 'sort_by' | 'sort_order'>>;

const asConcept = (answer: ConceptAnswer) => answer as Concept;
/** The server validates the document's shape (zod, 422); the editor's type is looser than RichDoc. */
const asBody = (body: ConceptWrite) => body as WriteBody;
const param = (id: number) => ({ param: { id: String(id) } });

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

type ConflictAnswer = { code?: string; detail?: unknown; content?: Concept['content']; content_version?: number };

/** PUT of a concept; a 409 `content_conflict` comes back with the current content to merge with. */
async function update(id: number, body: ConceptWrite): Promise<Concept> {
  let res: Awaited<ReturnType<typeof concept.$put>>;
  try {
    res = await concept.$put({ ...param(id), json: asBody(body) });
  } catch {
    throw new ApiRequestError(0, null);
  }
  // The 409 is thrown by the route's service, so hc's status union does not name it.
  if ((res.status as number) === 409) {
    const answer = (await (res as unknown as Response).json().catch(() => null)) as ConflictAnswer | null;
    if (answer?.code === 'content_conflict') throw new ContentConflictError(answer.detail, answer.content ?? null, answer.content_version ?? 0);
    throw new ApiRequestError(409, answer?.detail ?? null);
  }
  return readJson<ConceptAnswer>(res).then(asConcept);
}

export const conceptsApi = {
  list: (query: ConceptQuery, signal?: AbortSignal) => call(concepts.$get({ query: compact(query) }, withSignal(signal))),
  get: (id: number, signal?: AbortSignal) => call(concept.$get(param(id), withSignal(signal))).then(asConcept),
  create: (body: ConceptWrite) => call(concepts.$post({ json: asBody(body) })).then(asConcept),
  update,
  remove: (id: number) => callEmpty(concept.$delete(param(id))),
  search: (q: string, limit: number, signal?: AbortSignal) => call(concepts.search.$get({ query: compact({ q, limit }) }, withSignal(signal))),
  /** The most recently edited concepts, newest first. */
  /** The person's uploaded images the concept's document shows (what an occlusion card may be drawn over). */
  images: (id: number, signal?: AbortSignal) => call(concept.images.$get(param(id), withSignal(signal))),
  recent: (limit: number, signal?: AbortSignal) => call(concepts.recent.$get({ query: compact({ limit }) }, withSignal(signal))),
  suggested: (limit: number, excludeConstellationId: number, signal?: AbortSignal) =>
    call(concepts.suggested.$get({ query: compact({ limit, exclude_constellation_id: excludeConstellationId }) }, withSignal(signal))),
  preview: (id: number, signal?: AbortSignal) => call(concept.preview.$get(param(id), withSignal(signal))),
  /** The other concepts whose title occurs in this one's text, with the spellings the text uses. */
  linkedTitles: (id: number, signal?: AbortSignal) => call(concept['linked-titles'].$get(param(id), withSignal(signal))),
};
