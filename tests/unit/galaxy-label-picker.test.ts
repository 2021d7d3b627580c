import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { labelScore, LabelPicker, onScreen, type LabelStar, type LabelView } from '../../web/src/features/galaxy/label-picker';

/** A deterministic galaxy: a disc of 10,000 stars of every size, and a dense cluster of 40. */
function galaxy(): LabelStar[] {
  let state = 7;
  const rand = () => ((state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32);
  const stars: LabelStar[] = [];
  for (let i = 0; i < 10_000; i++) {
    const r = 200 + Math.sqrt(rand()) * 12_000;
    const a = rand() * Math.PI * 2;
    stars.push({ id: i + 1, x: r * Math.cos(a), y: r * Math.sin(a), z: (rand() - 0.5) * 600, size: Math.round(rand() ** 2 * 1000) / 1000 });
  }
  for (let i = 0; i < 40; i++) stars.push({ id: 20_000 + i, x: 3_000 + rand() * 60, y: 2_000 + rand() * 60, z: rand() * 60, size: 0.3 });
  return stars;
}

function view(position: [number, number, number], target: [number, number, number], aspect = 1280 / 800): LabelView {
  const camera = new THREE.PerspectiveCamera(60, aspect, 10, 150_000);
  camera.position.set(...position);
  camera.lookAt(...target);
  camera.updateMatrixWorld();
  const m = new THREE.Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse);
  return { eye: position, viewProjection: m.elements };
}

/** What scoring every star gives (the galaxy's choice before the stars were filed in a grid). */
function everyStar(stars: readonly LabelStar[], v: LabelView, limit: number, maxDistance: number, focusedId: number | null): LabelStar[] {
  return stars
    .map((s, index) => ({ s, index, distance: Math.hypot(s.x - v.eye[0], s.y - v.eye[1], s.z - v.eye[2]) }))
    .filter(({ s, distance }) => distance <= maxDistance && onScreen(v.viewProjection, s.x, s.y, s.z))
    .map((c) => ({ ...c, score: c.s.id === focusedId ? Infinity : labelScore(c.s.size, c.distance) }))
    .sort((a, b) => b.score - a.score || a.distance - b.distance || a.index - b.index)
    .slice(0, limit)
    .map((c) => c.s);
}

const stars = galaxy();
const picker = new LabelPicker(stars);
const VIEWS: Record<string, LabelView> = {
  overview: view([0, -4517, 6603], [0, 0, 0]),
  'close to the cluster': view([3_030, 2_230, 830], [3_030, 2_030, 30]),
  'from the edge, looking across': view([13_000, 0, 300], [0, 0, 0]),
  'from below the disc': view([0, 0, -9_000], [0, 0, 0]),
  'zoomed out': view([0, -12_000, 16_000], [0, 0, 0]),
  'on a phone': view([0, -4517, 6603], [0, 0, 0], 390 / 844),
  'looking away from every star': view([0, 0, 20_000], [0, 0, 40_000]),
};

describe('galaxy label picker', () => {
  for (const [name, v] of Object.entries(VIEWS)) {
    it(`names the same stars, in the same order, as scoring every star: ${name}`, () => {
      for (const limit of [150, 60, 15]) {
        expect(picker.pick(v, limit, 21_000).map((s) => s.id)).toEqual(everyStar(stars, v, limit, 21_000, null).map((s) => s.id));
      }
    });
  }

  it('puts the star flown to first, however small, and leaves it out when it is off screen', () => {
    const small = stars.filter((s) => s.size === 0 && onScreen(VIEWS.overview!.viewProjection, s.x, s.y, s.z))[0]!;
    const picked = picker.pick(VIEWS.overview!, 30, 21_000, small.id);
    expect(picked[0]!.id).toBe(small.id);
    expect(picked.map((s) => s.id)).toEqual(everyStar(stars, VIEWS.overview!, 30, 21_000, small.id).map((s) => s.id));
    const behind = stars.find((s) => !onScreen(VIEWS.overview!.viewProjection, s.x, s.y, s.z))!;
    expect(picker.pick(VIEWS.overview!, 30, 21_000, behind.id).map((s) => s.id)).not.toContain(behind.id);
  });

  it('names no star beyond the distance, and none at all when no name is allowed', () => {
    const v = VIEWS['zoomed out']!;
    expect(picker.pick(v, 150, 5_000)).toEqual([]);
    expect(picker.pick(v, 0, 21_000)).toEqual([]);
    const near = picker.pick(VIEWS.overview!, 150, 7_500);
    expect(near.length).toBeGreaterThan(0);
    for (const s of near) expect(Math.hypot(s.x, s.y + 4517, s.z - 6603)).toBeLessThanOrEqual(7_500);
  });

  it('looks at a small part of the stars to choose, not all of them', () => {
    for (const name of ['overview', 'close to the cluster', 'zoomed out']) {
      picker.pick(VIEWS[name]!, 150, 21_000);
      expect(picker.lastConsidered).toBeLessThan(stars.length / 4);
    }
  });
});
