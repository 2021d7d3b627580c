/** Constellation calls (spec document 1 §3 'Constellations'); types come from the Worker's routes. */
import type { InferRequestType, InferResponseType } from 'hono/client';
import type { ConceptQuery } from './concepts';
import { api, call, callEmpty, withSignal } from './client';

const constellations = api.api.constellations;
const constellation = constellations[':id{[0-9]+}'];

export type Constellation = InferResponseType<typeof constellation.$get, 200>;
export type ConstellationWrite = InferRequestType<typeof constellations.$post>['json'];
type PageQuery = Pick<ConceptQuery, 'skip' | 'limit' | 'sort_by' | 'sort_order'>;

const param = (id: number) => ({ param: { id: String(id) } });

export const constellationsApi = {
  list: (signal?: AbortSignal) => call(constellations.$get({}, withSignal(signal))),
  get: (id: number, signal?: AbortSignal) => call(constellation.$get(param(id), withSignal(signal))),
  create: (body: ConstellationWrite) => call(constellations.$post({ json: body })),
  update: (id: number, body: ConstellationWrite) => call(constellation.$put({ ...param(id), json: body })),
  remove: (id: number) => callEmpty(constellation.$delete(param(id))),
  addConcepts: (id: number, conceptIds: number[]) => call(constellation.concepts.$post({ ...param(id), json: { concept_ids: conceptIds } })),
  removeConcepts: (id: number, conceptIds: number[]) => callEmpty(constellation.concepts.$delete({ ...param(id), json: { concept_ids: conceptIds } })),
  /** Every member, by title (pickers and the study screens). */
  concepts: (id: number, signal?: AbortSignal) => call(constellation.concepts.$get(param(id), withSignal(signal))),
  conceptsPage: (id: number, query: PageQuery, signal?: AbortSignal) => call(constellation['concepts-list'].$get({ ...param(id), query }, withSignal(signal))),
};
