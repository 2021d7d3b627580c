/**
 * Where each concept's star sits in the galaxy (spec document 3 §2.3, §9).
 *
 * The galaxy is a four-armed spiral disc in the x–y plane, about 10,000 units across its
 * arms, seen from +z. Rules, in this order of importance:
 * - Stable: the same data always gives the same coordinates (every "random" choice is a
 *   hash of an id), and adding a concept moves no other star. Concepts are placed in id
 *   order (ids only grow), and a star depends only on its own id, its constellation and the
 *   stars of OLDER concepts it is linked to — so a newer concept can never move an older one.
 * - Clustered: a constellation is a knot on one arm (its arm and place along it are hashes
 *   of the constellation id); concepts without a constellation spread along every arm.
 * - Linked concepts sit together: a star is pulled toward its older linked neighbours,
 *   strongly when they share its constellation, lightly when they do not (so the arms stay).
 * - Depth: a hashed offset of at most GALAXY_Z_OFFSET on z.
 * - Size 0..1 grows with links and flashcards, saturating at SIZE_SATURATION.
 */

export const GALAXY_ARMS = 4;
/** Radius range of the arms; loose stars reach HALO_RADIUS (beyond 10,000 they are drawn as points). */
export const ARM_INNER_RADIUS = 700;
export const ARM_OUTER_RADIUS = 9_500;
export const HALO_RADIUS = 12_500;
/** How far the arms wind (radians from the inner to the outer radius). */
export const ARM_TWIST = 2.8;
export const GALAXY_Z_OFFSET = 400;
export const CLUSTER_SPREAD = 520;
export const SIZE_SATURATION = 40;
/** Share of the way a star moves toward its older linked neighbours. */
const PULL_SAME_CONSTELLATION = 0.7;
const PULL_OTHER = 0.25;
/** At most this many older neighbours count (the oldest first), so hubs stay cheap. */
const MAX_ANCHORS = 8;
const LINK_JITTER = 260;

export interface GalaxyConcept {
  id: number;
  /** The concept's (oldest) constellation, or null. */
  constellationId: number | null;
  cards: number;
}

/** A link or relation between two concepts; direction does not matter here. */
export type GalaxyEdge = readonly [number, number];

export interface StarPlace {
  x: number;
  y: number;
  z: number;
  size: number;
}

/** A 32-bit integer hash of (value, salt) mapped to [0, 1): the layout's only source of chance. */
export function hash01(value: number, salt: number): number {
  let h = Math.imul(value ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 0x27d4eb2f, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return (h >>> 0) / 4_294_967_296;
}

/** A roughly normal value (mean 0, deviation ~1) from three hashes. */
function gauss(value: number, salt: number): number {
  return (hash01(value, salt) + hash01(value, salt + 1) + hash01(value, salt + 2) - 1.5) * 2;
}

/** A point on arm `arm` at radius `r`, pushed `across` units sideways from the arm's curve. */
function armPoint(arm: number, r: number, across: number): [number, number] {
  const angle = (arm / GALAXY_ARMS) * Math.PI * 2 + ARM_TWIST * (r / ARM_OUTER_RADIUS);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return [r * cos - across * sin, r * sin + across * cos];
}

/** Where a concept would sit with no links: its constellation's knot, or anywhere on an arm. */
export function basePlace(concept: GalaxyConcept): [number, number] {
  const k = concept.constellationId;
  if (k !== null) {
    const arm = Math.floor(hash01(k, 11) * GALAXY_ARMS);
    const centre = ARM_INNER_RADIUS + 600 + hash01(k, 12) * (ARM_OUTER_RADIUS - ARM_INNER_RADIUS - 1_600);
    return armPoint(arm, centre + gauss(concept.id, 20) * CLUSTER_SPREAD, gauss(concept.id, 30) * CLUSTER_SPREAD * 0.6);
  }
  const arm = Math.floor(hash01(concept.id, 40) * GALAXY_ARMS);
  // One loose star in ten wanders into the halo; the rest follow the arms, denser inside.
  const outer = hash01(concept.id, 41) < 0.1 ? HALO_RADIUS : ARM_OUTER_RADIUS;
  const r = ARM_INNER_RADIUS * 0.3 + Math.sqrt(hash01(concept.id, 42)) * (outer - ARM_INNER_RADIUS * 0.3);
  return armPoint(arm, r, gauss(concept.id, 43) * (250 + r * 0.07));
}

/** Size 0..1 from the number of links and cards: 0 alone, 1 at SIZE_SATURATION and beyond. */
export function starSize(links: number, cards: number): number {
  return Math.min(1, Math.log1p(Math.max(0, links) + Math.max(0, cards)) / Math.log1p(SIZE_SATURATION));
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * Places every concept; the answer is keyed by concept id. Edges to unknown ids are ignored.
 * Written over typed arrays (neighbour lists in one flat array): it runs on every read of
 * the galaxy, 10,000 concepts and 40,000 links in a few milliseconds.
 * `kept`: an earlier answer, whose places still hold for every concept older than
 * `kept.changedFrom` — the first id whose constellation or older neighbours changed, or
 * which was added or removed (a star depends on nothing younger). Those keep their x, y, z
 * without being placed again; every size is worked out again.
 */
export function layoutGalaxy(
  concepts: readonly GalaxyConcept[],
  edges: readonly GalaxyEdge[],
  kept?: { places: ReadonlyMap<number, StarPlace>; changedFrom: number },
): Map<number, StarPlace> {
  const sorted = [...concepts].sort((p, q) => p.id - q.id);
  const n = sorted.length;
  const index = new Map<number, number>();
  sorted.forEach((c, i) => index.set(c.id, i));
  // For each link, the younger end (larger id, so larger index) and its older neighbour.
  const degree = new Uint32Array(n);
  const young = new Int32Array(edges.length);
  const old = new Int32Array(edges.length);
  let m = 0;
  for (const [a, b] of edges) {
    const ia = index.get(a);
    const ib = index.get(b);
    if (ia === undefined || ib === undefined || ia === ib) continue;
    degree[ia]! += 1;
    degree[ib]! += 1;
    young[m] = Math.max(ia, ib);
    old[m] = Math.min(ia, ib);
    m += 1;
  }
  const start = new Uint32Array(n + 1);
  for (let e = 0; e < m; e++) start[young[e]! + 1]! += 1;
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, n);
  const olderOf = new Int32Array(m);
  for (let e = 0; e < m; e++) olderOf[fill[young[e]!]!++] = old[e]!;

  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const places = new Map<number, StarPlace>();
  const anchors = new Int32Array(MAX_ANCHORS);
  for (let i = 0; i < n; i++) {
    const concept = sorted[i]!;
    const size = Math.round(starSize(degree[i]!, concept.cards) * 1000) / 1000;
    const before = kept && concept.id < kept.changedFrom ? kept.places.get(concept.id) : undefined;
    if (before) {
      xs[i] = before.x;
      ys[i] = before.y;
      places.set(concept.id, before.size === size ? before : { ...before, size });
      continue;
    }
    let [x, y] = basePlace(concept);
    // The oldest MAX_ANCHORS distinct older neighbours (index order is id order): the
    // neighbour list is sorted in place, then read without its repeats.
    const older = olderOf.subarray(start[i]!, start[i + 1]!).sort();
    let count = 0;
    let sameCount = 0;
    for (let e = 0; e < older.length && count < MAX_ANCHORS; e++) {
      const j = older[e]!;
      if (count > 0 && anchors[count - 1] === j) continue;
      anchors[count++] = j;
      if (sorted[j]!.constellationId === concept.constellationId) sameCount += 1;
    }
    if (count) {
      // Pulled toward the anchors of its own constellation when it has any, else toward all.
      const pull = sameCount ? PULL_SAME_CONSTELLATION : PULL_OTHER;
      let cx = 0;
      let cy = 0;
      for (let a = 0; a < count; a++) {
        const j = anchors[a]!;
        if (sameCount && sorted[j]!.constellationId !== concept.constellationId) continue;
        cx += xs[j]!;
        cy += ys[j]!;
      }
      const pulled = sameCount || count;
      x += (cx / pulled - x) * pull + gauss(concept.id, 50) * LINK_JITTER * pull;
      y += (cy / pulled - y) * pull + gauss(concept.id, 60) * LINK_JITTER * pull;
    }
    xs[i] = round1(x);
    ys[i] = round1(y);
    const z = (hash01(concept.id, 70) * 2 - 1) * GALAXY_Z_OFFSET;
    places.set(concept.id, { x: xs[i]!, y: ys[i]!, z: round1(z), size });
  }
  return places;
}
