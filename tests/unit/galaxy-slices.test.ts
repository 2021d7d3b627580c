import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { LabelPicker, type LabelStar, type LabelView } from '../../web/src/features/galaxy/label-picker';
import { linkPositions } from '../../web/src/features/galaxy/link-positions';

/** A deterministic disc of `count` stars of every size. */
function disc(count: number): LabelStar[] {
  let state = 11;
  const rand = () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  return Array.from({ length: count }, (_, i) => {
    const r = Math.sqrt(rand()) * 12_000;
    const a = rand() * Math.PI * 2;
    return { id: 100 + i * 3, x: r * Math.cos(a), y: r * Math.sin(a), z: (rand() - 0.5) * 600, size: Math.round(rand() * 100) / 100 };
  });
}

/** A 60° camera at `eye` looking at the disc's centre. */
function view(eye: [number, number, number]): LabelView {
  const camera = new THREE.PerspectiveCamera(60, 1280 / 800, 10, 150_000);
  camera.position.set(...eye);
  camera.lookAt(0, 0, 0);
  camera.updateMatrixWorld();
  return { eye, viewProjection: new THREE.Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse).elements };
}

/** Runs a generator to its end; answers its steps and what it returned. */
function drain<T>(work: Generator<void, T>): { steps: number; value: T } {
  let steps = 0;
  for (;;) {
    const next = work.next();
    if (next.done) return { steps, value: next.value };
    steps += 1;
  }
}

describe('the galaxy builds its names and links in short steps after the first frame', () => {
  const stars = disc(10_000);

  it('files the stars for the names in many steps, and names the same stars as filing them at once', () => {
    const views = [view([0, -4517, 6603]), view([9_000, 0, 1_000])];
    const atOnce = new LabelPicker(stars);
    const inSteps = new LabelPicker(stars, { inSteps: true });
    const { steps } = drain(inSteps.filing);
    expect(steps).toBeGreaterThanOrEqual(10);
    for (const view of views) {
      const expected = atOnce.pick(view, 150, 21_000).map((s) => s.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(inSteps.pick(view, 150, 21_000).map((s) => s.id)).toEqual(expected);
    }
    // A pick before the filing is done files the rest first.
    const early = new LabelPicker(stars, { inSteps: true });
    early.filing.next();
    expect(early.pick(views[0]!, 150, 21_000).map((s) => s.id)).toEqual(atOnce.pick(views[0]!, 150, 21_000).map((s) => s.id));
  });

  it('writes each link between two known stars once, in order, in many steps, and leaves out links to an unknown star', () => {
    const edges = Array.from({ length: 46_000 }, (_, i) => ({ concept_id: stars[(i * 7) % stars.length]!.id, target_concept_id: stars[(i * 13 + 5) % stars.length]!.id }));
    edges.splice(1_000, 0, { concept_id: 1, target_concept_id: stars[0]!.id }, { concept_id: stars[0]!.id, target_concept_id: 2 });
    const { steps, value: positions } = drain(linkPositions(stars, edges));
    expect(steps).toBeGreaterThanOrEqual(20);
    const byId = new Map(stars.map((s) => [s.id, s]));
    const expected = edges.flatMap((e) => {
      const a = byId.get(e.concept_id);
      const b = byId.get(e.target_concept_id);
      return a && b ? [a.x, a.y, a.z, b.x, b.y, b.z] : [];
    });
    expect(positions.length).toBe(46_000 * 6);
    expect(Array.from(positions)).toEqual(Array.from(new Float32Array(expected)));
  });
});
