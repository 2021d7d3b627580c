/**
 * Where the knowledge graph's layout starts (pure): from the layout this browser kept on the
 * last visit (kept-layout.ts), which the layout worker then only refines for a few ticks,
 * or from the nodes' own start for a full layout.
 */

/** A kept layout: node `ids[i]` sat at (`xy[2i]`, `xy[2i + 1]`). */
export interface KeptLayout {
  userId: number;
  ids: number[];
  xy: number[];
}

/** How a layout starts: positions in node order, the simulation's heat and how many ticks it runs. */
export interface LayoutStart {
  xs: Float32Array;
  ys: Float32Array;
  alpha: number;
  ticks: number;
  /** Whether the start is the kept layout (refined) or a new one. */
  kept: boolean;
}

/** A full layout from the nodes' own start (d3-force's alpha 1, for GRAPH_TICKS ticks). */
export const FULL_LAYOUT = { alpha: 1 };
/** Refining a kept layout: the heat the full layout ended at (1 → about 0.1 in 100 ticks), for a few ticks. */
export const REFINE = { alpha: 0.1, ticks: 25 };
/** More new concepts than this share since the kept layout, and the graph is laid out anew. */
export const MAX_NEW_SHARE = 0.2;

/**
 * Where each node starts: from the kept layout when it covers enough of them (a new concept
 * starts at the middle of its kept neighbours, or at its own start when it has none), else
 * from `own` (the nodes' own start), for a full layout of `fullTicks`.
 */
export function layoutStart(ids: readonly number[], own: { xs: Float32Array; ys: Float32Array }, links: { sources: Int32Array; targets: Int32Array }, kept: KeptLayout | null, fullTicks: number): LayoutStart {
  const full: LayoutStart = { xs: own.xs, ys: own.ys, alpha: FULL_LAYOUT.alpha, ticks: fullTicks, kept: false };
  if (!kept || ids.length === 0) return full;
  const at = new Map(kept.ids.map((id, i) => [id, i]));
  const known = ids.map((id) => at.get(id));
  const fresh = known.filter((k) => k === undefined).length;
  if (fresh / ids.length > MAX_NEW_SHARE) return full;
  const xs = new Float32Array(ids.length);
  const ys = new Float32Array(ids.length);
  known.forEach((k, i) => {
    xs[i] = k === undefined ? NaN : kept.xy[k * 2]!;
    ys[i] = k === undefined ? NaN : kept.xy[k * 2 + 1]!;
  });
  if (fresh > 0) placeNewBesideNeighbours(xs, ys, own, links);
  return { xs, ys, alpha: REFINE.alpha, ticks: REFINE.ticks, kept: true };
}

/** Nodes without a kept position (NaN) start at the middle of their placed neighbours, else at their own start. */
function placeNewBesideNeighbours(xs: Float32Array, ys: Float32Array, own: { xs: Float32Array; ys: Float32Array }, links: { sources: Int32Array; targets: Int32Array }): void {
  const sum = new Map<number, [number, number, number]>();
  const add = (node: number, other: number) => {
    if (!Number.isNaN(xs[node]!) || Number.isNaN(xs[other]!)) return;
    const s = sum.get(node) ?? [0, 0, 0];
    sum.set(node, [s[0] + xs[other]!, s[1] + ys[other]!, s[2] + 1]);
  };
  links.sources.forEach((a, i) => {
    const b = links.targets[i]!;
    add(a, b);
    add(b, a);
  });
  for (let i = 0; i < xs.length; i++) {
    if (!Number.isNaN(xs[i]!)) continue;
    const s = sum.get(i);
    // A small offset from the neighbours' middle: two nodes never start on one point.
    xs[i] = s ? s[0] / s[2] + ((i % 7) - 3) : own.xs[i]!;
    ys[i] = s ? s[1] / s[2] + ((i % 5) - 2) : own.ys[i]!;
  }
}

/** The layout `positions` (x0, y0, x1, …) of nodes `ids` as kept, rounded to a tenth of a unit. */
export function keptLayout(userId: number, ids: ArrayLike<number>, positions: Float32Array): KeptLayout {
  return { userId, ids: Array.from(ids), xy: Array.from(positions, (v) => Math.round(v * 10) / 10) };
}

/** The kept layout written out as stored (JSON), read back by isKeptLayout's checks. */
export function keptLayoutText(userId: number, ids: ArrayLike<number>, positions: Float32Array): string {
  return JSON.stringify(keptLayout(userId, ids, positions));
}

/** Whether a stored value is a kept layout (ids and positions that match). */
export function isKeptLayout(value: unknown): value is KeptLayout {
  const v = value as KeptLayout | null;
  return !!v && typeof v.userId === 'number' && Array.isArray(v.ids) && Array.isArray(v.xy) && v.xy.length === v.ids.length * 2;
}
