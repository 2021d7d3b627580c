/** Parent/child hierarchy calls (spec document 3 'Explore hierarchy'); types come from the Worker's routes. */
import type { InferResponseType } from 'hono/client';
import { api, call, withSignal } from './client';

const concepts = api.api.concepts;
const concept = concepts[':id{[0-9]+}'];

export type HierarchyItem = InferResponseType<typeof concepts.roots.$get, 200>[number];

const param = (id: number) => ({ param: { id: String(id) } });

export const hierarchyApi = {
  roots: (signal?: AbortSignal) => call(concepts.roots.$get({}, withSignal(signal))),
  children: (id: number, signal?: AbortSignal) => call(concept.children.$get(param(id), withSignal(signal))),
  ancestry: (id: number, signal?: AbortSignal) => call(concept.ancestry.$get(param(id), withSignal(signal))),
};
