/**
 * The galaxy's links as the GPU draws them (pure): the segments' ends, computed in steps so
 * that the page can spread them over short tasks.
 */

/** A star as the links see it (a GraphNode). */
export interface LinkedStar {
  id: number;
  x: number;
  y: number;
  z: number;
}

/** A link between two stars (a GraphEdge). */
export interface Link {
  concept_id: number;
  target_concept_id: number;
}

/** Links written per step of `linkPositions`: a fraction of a millisecond of a phone's main thread. */
const LINKS_PER_STEP = 500;

/**
 * The links' segments as the GPU draws them: both ends' x, y, z per link, links to a star
 * not in `nodes` left out. A generator that yields every LINKS_PER_STEP stars or links
 * (46,000 links are a long task on a phone: the caller spreads the steps over short tasks)
 * and returns the positions; no allocation per link.
 */
export function* linkPositions(nodes: readonly LinkedStar[], edges: readonly Link[]): Generator<void, Float32Array> {
  const indexOf = new Map<number, number>();
  const xyz = new Float32Array(nodes.length * 3);
  for (let i = 0; i < nodes.length; i++) {
    if (i > 0 && i % LINKS_PER_STEP === 0) yield;
    const n = nodes[i]!;
    indexOf.set(n.id, i);
    xyz[i * 3] = n.x;
    xyz[i * 3 + 1] = n.y;
    xyz[i * 3 + 2] = n.z;
  }
  const positions = new Float32Array(edges.length * 6);
  let used = 0;
  for (let i = 0; i < edges.length; i++) {
    if (i % LINKS_PER_STEP === 0) yield;
    const e = edges[i]!;
    const a = indexOf.get(e.concept_id);
    const b = indexOf.get(e.target_concept_id);
    if (a === undefined || b === undefined) continue;
    positions[used] = xyz[a * 3]!;
    positions[used + 1] = xyz[a * 3 + 1]!;
    positions[used + 2] = xyz[a * 3 + 2]!;
    positions[used + 3] = xyz[b * 3]!;
    positions[used + 4] = xyz[b * 3 + 1]!;
    positions[used + 5] = xyz[b * 3 + 2]!;
    used += 6;
  }
  return used === positions.length ? positions : positions.subarray(0, used);
}
