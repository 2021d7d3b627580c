/**
 * The galaxy's and the knowledge graph's data (spec document 3 §7): every concept as a
 * placed star, and every link. Both views read these two calls on the app's own origin.
 */
import type { InferResponseType } from 'hono/client';
import { api, call, callThenRead, withSignal } from './client';

const stars = api.api.concepts['all-for-graph'].$get;
const links = api.api.links['all-for-graph'].$get;

export type GraphNode = InferResponseType<typeof stars, 200>[number];
export type GraphEdge = InferResponseType<typeof links, 200>[number];

/**
 * A star as the views can draw it whatever the server sent (spec document 3 §3, §5): a
 * missing or blank title reads 'Sans titre', a mastery that is not a number is 0.5.
 */
export function drawableStar(node: GraphNode): GraphNode {
  const title = typeof node.title === 'string' && node.title.trim() ? node.title : 'Sans titre';
  const mastery = typeof node.mastery_level === 'number' && Number.isFinite(node.mastery_level) ? node.mastery_level : 0.5;
  return title === node.title && mastery === node.mastery_level ? node : { ...node, title, mastery_level: mastery };
}

export const graphApi = {
  nodes: (signal?: AbortSignal) => call(stars(undefined, withSignal(signal))).then((nodes) => nodes.map(drawableStar)),
  /** The links' answer once its head has come, and what parses it (46,000 links: a long task on a phone) when called. */
  edgesThenRead: (signal?: AbortSignal) => callThenRead(links(undefined, withSignal(signal))),
};
