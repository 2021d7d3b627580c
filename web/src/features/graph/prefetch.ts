/**
 * The graph's data (the stars and the links) asked for as soon as /graph or /galaxy is
 * chosen, while the page's code is still loading (the route's `lazy`, then its `loader` on
 * each later visit), so the first picture comes sooner: on a slow device the page's code
 * and the app's start took seconds before the page itself asked.
 * Light on purpose: part of the first bundle, no layout, no drawing.
 */
import { graphApi, type GraphEdge, type GraphNode } from '../../api/graph';
import { storedToken } from '../../lib/token-store';

/**
 * The two answers, each on its own: the galaxy draws its stars before the links arrive.
 * The links' answer is read only when asked (`edges` answers what reads it, once its head
 * has come, or fails as the call does): on a slow phone, parsing the 46,000 links came
 * before the app's code and held the galaxy's first frame back by a third of a second.
 */
export interface GraphParts {
  nodes: Promise<GraphNode[]>;
  edges: Promise<() => Promise<GraphEdge[]>>;
}

/** A prefetched answer is used only by a page opened within this time (then let go). */
const FRESH_MS = 10_000;
let pending: (GraphParts & { at: number }) | null = null;

/**
 * Asks before the page took the answers are one: the first load asks three times (boot.ts
 * on /galaxy, the route's lazy and its loader). On a slow phone the route asks only once the
 * app's code has run, a second or more after boot.ts, whose answers had often come by
 * then: asked again, the stars and the links came twice (seen in a trace at 4x CPU), and
 * the page waited for the second copy.
 */
export function prefetchGraph(): null {
  if (!storedToken() || pending) return null;
  const entry = { nodes: graphApi.nodes(), edges: graphApi.edgesThenRead(), at: Date.now() };
  // The page asks again and shows its own error.
  entry.nodes.catch(() => undefined);
  entry.edges.catch(() => undefined);
  pending = entry;
  setTimeout(() => pending === entry && (pending = null), FRESH_MS);
  return null;
}

/** The prefetched stars and links, once, if recent; else asked for now. */
export function graphParts(signal: AbortSignal): GraphParts {
  const entry = pending;
  pending = null;
  if (entry && Date.now() - entry.at < FRESH_MS) return entry;
  return { nodes: graphApi.nodes(signal), edges: graphApi.edgesThenRead(signal) };
}

/** Both at once: the knowledge graph needs the two to draw anything. */
export async function graphData(signal: AbortSignal): Promise<{ nodes: GraphNode[]; edges: GraphEdge[] }> {
  const { nodes, edges } = graphParts(signal);
  const [n, readEdges] = await Promise.all([nodes, edges]);
  return { nodes: n, edges: await readEdges() };
}
