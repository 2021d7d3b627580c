import { describe, expect, it } from 'vitest';
import { keptLayout, layoutStart, MAX_NEW_SHARE, REFINE } from '../../web/src/features/graph/layout-start';

const own = (n: number) => ({ xs: Float32Array.from({ length: n }, (_, i) => 1000 + i), ys: Float32Array.from({ length: n }, (_, i) => 2000 + i) });
const links = (pairs: [number, number][]) => ({ sources: Int32Array.from(pairs, (p) => p[0]), targets: Int32Array.from(pairs, (p) => p[1]) });
const kept = (entries: [number, number, number][]) => ({ userId: 1, ids: entries.map((e) => e[0]), xy: entries.flatMap((e) => [e[1], e[2]]) });

describe('graph layout kept between visits', () => {
  it('lays out anew from the nodes’ own start when nothing was kept', () => {
    const start = layoutStart([10, 11], own(2), links([]), null, 100);
    expect(start).toMatchObject({ alpha: 1, ticks: 100, kept: false });
    expect([...start.xs]).toEqual([1000, 1001]);
  });

  it('starts every node where it was last time, in the order the nodes come now, and only refines', () => {
    const start = layoutStart([12, 10, 11], own(3), links([]), kept([[10, 1, 2], [11, 3, 4], [12, 5, 6]]), 100);
    expect(start).toMatchObject({ alpha: REFINE.alpha, ticks: REFINE.ticks, kept: true });
    expect([...start.xs]).toEqual([5, 1, 3]);
    expect([...start.ys]).toEqual([6, 2, 4]);
    expect(REFINE.ticks).toBeLessThan(100);
  });

  it('starts a concept added since beside the concepts it links to, or at its own start when it links to none', () => {
    const ids = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const before = kept(ids.slice(0, 8).map((id) => [id, id * 100, -id * 100]));
    // 9 links to 1 and 3; 10 links to nothing.
    const start = layoutStart(ids, own(10), links([[8, 0], [2, 8]]), before, 100);
    expect(start.kept).toBe(true);
    expect(Math.abs(start.xs[8]! - 200)).toBeLessThanOrEqual(3);
    expect(Math.abs(start.ys[8]! + 200)).toBeLessThanOrEqual(2);
    expect([start.xs[9], start.ys[9]]).toEqual([1009, 2009]);
  });

  it('lays out anew when too many concepts are new since the kept layout', () => {
    const ids = Array.from({ length: 10 }, (_, i) => i + 1);
    const known = Math.floor(ids.length * (1 - MAX_NEW_SHARE)) - 1;
    const start = layoutStart(ids, own(10), links([]), kept(ids.slice(0, known).map((id) => [id, 0, 0])), 100);
    expect(start).toMatchObject({ alpha: 1, ticks: 100, kept: false });
  });

  it('keeps positions to a tenth of a unit, with the person’s id', () => {
    expect(keptLayout(7, [3, 4], Float32Array.from([1.234, -5.678, 9, 10.05]))).toEqual({ userId: 7, ids: [3, 4], xy: [1.2, -5.7, 9, 10.1] });
  });
});
