/**
 * The galaxy's and the knowledge graph's data (spec document 3 §7): every concept as a
 * placed star, and every link. Both views read these two calls on the app's own origin.
 */
import type { InferResponseType } from 'hono/client';
import { api, call, withSignal } from './client';

const stars = api.api.concepts['all-for-graph'].$get;
const links = api.api.links['all-for-graph'].$get;

export type GraphNode = InferResponseType<typeof stars, 200>[number];
export type GraphEdge = InferResponseType<typeof links, 200>[number];

export const graphApi = {
  nodes: (signal?: AbortSignal) => call(stars(undefined, withSignal(signal))),
  edges: (signal?: AbortSignal) => call(links(undefined, withSignal(signal))),
  /** Both at once: the views need the two to draw anything. */
  all: (signal?: AbortSignal) => Promise.all([graphApi.nodes(signal), graphApi.edges(signal)]).then(([nodes, edges]) => ({ nodes, edges })),
};
