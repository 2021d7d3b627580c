import { describe, expect, it } from 'vitest';
import { layoutGalaxy, starSize, GALAXY_Z_OFFSET, type GalaxyConcept, type GalaxyEdge } from '../../worker/src/domain/galaxy-layout';
import {
  GALAXY_FALLBACK_PALETTE,
  GRAPH_BUCKET_COLORS,
  MASTERY_GRADIENT,
  MASTERY_LEVELS,
  graphBucket,
  graphBucketColor,
  graphMastery,
  graphTitle,
  masteryGradientColor,
  starColor,
} from '../../worker/src/domain/galaxy-colors';

/** 600 concepts in 6 constellations (plus 100 loose ones) with links inside each constellation. */
function knowledgeBase() {
  const concepts: GalaxyConcept[] = [];
  for (let i = 0; i < 700; i++) concepts.push({ id: 1000 + i * 3, constellationId: i < 600 ? 50 + (i % 6) * 7 : null, cards: i % 5 });
  const edges: GalaxyEdge[] = [];
  for (let i = 6; i < 600; i++) edges.push([concepts[i]!.id, concepts[i - 6]!.id]);
  return { concepts, edges };
}

const dist = (a: { x: number; y: number; z: number }, b: { x: number; y: number; z: number }) => Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

describe('galaxy layout', () => {
  it('gives the same coordinates for the same data, whatever the input order', () => {
    const { concepts, edges } = knowledgeBase();
    const first = layoutGalaxy(concepts, edges);
    const again = layoutGalaxy([...concepts].reverse(), [...edges].reverse());
    expect([...again.entries()].sort((a, b) => a[0] - b[0])).toEqual([...first.entries()].sort((a, b) => a[0] - b[0]));
    expect(new Set([...first.values()].map((p) => `${p.x},${p.y}`)).size).toBe(concepts.length);
  });

  it('moves no other star when a concept is added, even one linked to many', () => {
    const { concepts, edges } = knowledgeBase();
    const before = layoutGalaxy(concepts, edges);
    const added = { id: 99_999, constellationId: 50, cards: 3 };
    const after = layoutGalaxy([...concepts, added], [...edges, ...concepts.slice(0, 30).map((c) => [added.id, c.id] as const)]);
    for (const c of concepts) {
      const [b, a] = [before.get(c.id)!, after.get(c.id)!];
      expect([a.x, a.y, a.z]).toEqual([b.x, b.y, b.z]);
    }
    expect(after.get(added.id)).toBeDefined();
  });

  it('places from an earlier layout exactly as from scratch, when told the first concept whose inputs changed', () => {
    const { concepts, edges } = knowledgeBase();
    const before = layoutGalaxy(concepts, edges);
    // A link between two older concepts and a card: the younger end (index 300) is the first whose place may change.
    const moreEdges = [...edges, [concepts[300]!.id, concepts[10]!.id] as const];
    const moreCards = concepts.map((c, i) => (i === 20 ? { ...c, cards: c.cards + 4 } : c));
    const whole = layoutGalaxy(moreCards, moreEdges);
    const patched = layoutGalaxy(moreCards, moreEdges, { places: before, changedFrom: concepts[300]!.id });
    expect([...patched.entries()]).toEqual([...whole.entries()]);
    expect(whole.get(concepts[10]!.id)!.size).toBeGreaterThan(before.get(concepts[10]!.id)!.size);
    expect(whole.get(concepts[300]!.id)).not.toEqual(before.get(concepts[300]!.id));
  });

  it('gathers the concepts of one constellation together, apart from the others', () => {
    const { concepts } = knowledgeBase();
    const places = layoutGalaxy(concepts, []);
    const members = (k: number) => concepts.filter((c) => c.constellationId === k).map((c) => places.get(c.id)!);
    const groups = [50, 57, 64, 71, 78, 85].map(members);
    const within = groups.map((g) => mean(g.slice(0, 40).flatMap((p, i) => g.slice(i + 1, 40).map((q) => dist(p, q)))));
    const between = groups.flatMap((g, i) => groups.slice(i + 1).map((h) => mean(g.slice(0, 40).map((p, j) => dist(p, h[j]!)))));
    expect(Math.max(...within)).toBeLessThan(mean(between));
    expect(mean(within) * 2).toBeLessThan(mean(between));
  });

  it('puts linked concepts near each other', () => {
    const concepts: GalaxyConcept[] = Array.from({ length: 400 }, (_, i) => ({ id: i + 1, constellationId: null, cards: 0 }));
    const edges: GalaxyEdge[] = Array.from({ length: 200 }, (_, i) => [i + 201, i + 1]);
    const places = layoutGalaxy(concepts, edges);
    const linked = mean(edges.map(([a, b]) => dist(places.get(a)!, places.get(b)!)));
    const unlinked = mean(edges.map(([a], i) => dist(places.get(a)!, places.get(((i * 37) % 200) + 1)!)));
    expect(linked * 2).toBeLessThan(unlinked);
  });

  it('keeps depth within the z offset and grows size with links and cards', () => {
    const { concepts, edges } = knowledgeBase();
    const places = [...layoutGalaxy(concepts, edges).values()];
    expect(Math.max(...places.map((p) => Math.abs(p.z)))).toBeLessThanOrEqual(GALAXY_Z_OFFSET);
    expect(places.every((p) => p.size >= 0 && p.size <= 1)).toBe(true);
    expect(starSize(0, 0)).toBe(0);
    expect(starSize(2, 1)).toBeGreaterThan(starSize(1, 1));
    expect(starSize(1, 2)).toBeGreaterThan(starSize(1, 1));
    expect(starSize(500, 500)).toBe(1);
  });

  it('ignores self-links and links to unknown concepts', () => {
    const places = layoutGalaxy([{ id: 1, constellationId: null, cards: 0 }], [[1, 1], [1, 7]]);
    expect(places.get(1)!.size).toBe(0);
  });
});

describe('exploration colours', () => {
  it('runs the galaxy gradient red → orange → yellow → green → cyan-white → blue', () => {
    expect(masteryGradientColor(0)).toBe(MASTERY_GRADIENT[0]);
    expect(masteryGradientColor(0.4)).toBe(MASTERY_GRADIENT[2]);
    expect(masteryGradientColor(0.8)).toBe(MASTERY_GRADIENT[4]);
    expect(masteryGradientColor(1)).toBe(MASTERY_GRADIENT[5]);
    expect(masteryGradientColor(0.1)).not.toBe(masteryGradientColor(0));
    expect(MASTERY_LEVELS.map((l) => `${l.name} (${l.range})`)).toEqual(['Novice (0-20%)', 'Beginner (20-40%)', 'Intermediate (40-60%)', 'Advanced (60-80%)', 'Master (80-100%)']);
  });

  it.each([
    [0, 0],
    [0.12, 0],
    [0.13, 0.25],
    [0.37, 0.25],
    [0.5, 0.5],
    [0.7, 0.75],
    [0.9, 1],
    [1, 1],
  ])('puts mastery %d in the graph bucket %d', (level, bucket) => {
    expect(graphBucket(level)).toBe(bucket);
  });

  it('gives each graph bucket its colour: red, orange, yellow, green, blue', () => {
    expect([0, 0.25, 0.5, 0.75, 1].map(graphBucketColor)).toEqual([...GRAPH_BUCKET_COLORS]);
  });

  it('applies the fallbacks: mastery 0.5, Sans titre, a palette colour by id', () => {
    for (const missing of [null, undefined, Number.NaN, 'x']) expect(graphMastery(missing)).toBe(0.5);
    expect(graphMastery(3)).toBe(1);
    expect(graphTitle('  ')).toBe('Sans titre');
    expect(graphTitle('Eau')).toBe('Eau');
    expect(starColor({ id: 7, color: '#abcdef' })).toBe('#abcdef');
    expect(starColor({ id: 7, color: 'purple' })).toBe(GALAXY_FALLBACK_PALETTE[1]);
    expect(new Set(Array.from({ length: 12 }, (_, id) => starColor({ id }))).size).toBe(6);
  });
});
