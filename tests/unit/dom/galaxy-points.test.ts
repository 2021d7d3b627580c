import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import type { GraphNode } from '../../../web/src/api/graph';
import { skyPoints } from '../../../web/src/features/galaxy/backdrop';
import { QUALITY_STEPS } from '../../../web/src/features/galaxy/quality';
import { createStarField, starMaterials } from '../../../web/src/features/galaxy/stars';

/** 3,000 stars near the centre and 1,000 beyond it, of every size. */
function nodes(): GraphNode[] {
  let state = 5;
  const rand = () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  return Array.from({ length: 4_000 }, (_, i) => {
    const r = i < 3_000 ? rand() * 9_000 : 11_000 + rand() * 4_000;
    const a = rand() * Math.PI * 2;
    return { id: i + 1, title: `Concept ${i + 1}`, x: r * Math.cos(a), y: r * Math.sin(a), z: 0, size: rand() } as unknown as GraphNode;
  });
}

const FULL = QUALITY_STEPS[0]!;
const LIGHTEST = QUALITY_STEPS[QUALITY_STEPS.length - 1]!;

/** The points each of the field's sets draws: [glowing, plain full stars, stars beyond]. */
function drawn(field: ReturnType<typeof createStarField>) {
  return (field.group.children as THREE.Points[]).map((p) => ({ start: p.geometry.drawRange.start, count: Math.min(p.geometry.drawRange.count, p.geometry.getAttribute('position').count), sizes: p.geometry.getAttribute('size') }));
}

describe('galaxy points at each quality', () => {
  it('draws every star in the full picture, and half of the plain ones at the lightest step, the biggest first', () => {
    const field = createStarField(nodes(), starMaterials(1));
    field.setDetail(FULL, 1);
    const [glowing, plain, beyond] = drawn(field);
    expect(glowing!.count + plain!.count).toBe(3_000);
    expect(beyond!.count).toBe(1_000);

    field.setDetail(LIGHTEST, 0.35);
    const [lightGlow, lightPlain, lightBeyond] = drawn(field);
    const unlit = 3_000 - lightGlow!.count;
    expect(lightPlain!.count).toBe(Math.round(unlit * LIGHTEST.starShare));
    expect(lightBeyond!.count).toBe(Math.round(1_000 * LIGHTEST.starShare));
    expect(lightPlain!.count).toBeLessThan(unlit);
    // The plain points kept are the biggest of those without a glow.
    const sizes = lightPlain!.sizes;
    const end = lightPlain!.start + lightPlain!.count;
    const smallestKept = Math.min(...Array.from({ length: lightPlain!.count }, (_, i) => sizes.getX(lightPlain!.start + i)));
    const biggestLeft = Math.max(...Array.from({ length: 3_000 - end }, (_, i) => sizes.getX(end + i)));
    expect(smallestKept).toBeGreaterThanOrEqual(biggestLeft);

    // Back to the full picture: every star again.
    field.setDetail(FULL, 1);
    expect(drawn(field)[1]!.count).toBe(plain!.count);
    expect(drawn(field)[2]!.count).toBe(1_000);
  });

  it('thins the far stars and the dust with the stars, and draws them all again in the full picture', () => {
    const scene = new THREE.Scene();
    const sky = skyPoints(scene);
    const counts = () => (scene.children as THREE.Points[]).map((p) => Math.min(p.geometry.drawRange.count, p.geometry.getAttribute('position').count));
    const all = counts();
    expect(all.every((n) => n > 1_000)).toBe(true);
    sky.setShare(LIGHTEST.skyShare);
    expect(counts()).toEqual(all.map((n) => Math.round(n * LIGHTEST.skyShare)));
    sky.setShare(FULL.skyShare);
    expect(counts()).toEqual(all);
  });
});
