/**
 * The knowledge graph's data asked for as soon as /graph is chosen, while the page's code
 * is still loading (the route's `lazy`, then its `loader` on each later visit), so the first picture comes sooner: on a slow
 * device the page's code and the app's start took seconds before the page itself asked.
 * Light on purpose: part of the first bundle, no layout, no drawing.
 */
import { graphApi } from '../../api/graph';
import { storedToken } from '../../lib/token-store';

type GraphData = Awaited<ReturnType<typeof graphApi.all>>;

/** A prefetched answer is used only by a page opened within this time (then let go). */
const FRESH_MS = 10_000;
let pending: { data: Promise<GraphData>; at: number } | null = null;

/** Two asks this close together are one (the route's first load asks twice: lazy and loader). */
const SAME_ASK_MS = 1000;

export function prefetchGraph(): null {
  if (!storedToken() || (pending && Date.now() - pending.at < SAME_ASK_MS)) return null;
  const data = graphApi.all();
  data.catch(() => undefined); // the page asks again and shows its own error
  const entry = { data, at: Date.now() };
  pending = entry;
  setTimeout(() => pending === entry && (pending = null), FRESH_MS);
  return null;
}

/** The prefetched graph, once, if recent; else asked for now. */
export function graphData(signal: AbortSignal): Promise<GraphData> {
  const entry = pending;
  pending = null;
  return entry && Date.now() - entry.at < FRESH_MS ? entry.data : graphApi.all(signal);
}
