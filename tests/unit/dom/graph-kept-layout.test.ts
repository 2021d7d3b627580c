// (tests/unit/dom: browser code, type-checked with the web app's DOM types.)
import { beforeEach, describe, expect, it } from 'vitest';
import type { LayoutProgress } from '../../../web/src/features/graph/graph-constants';
import { keepLayout, readKeptLayout } from '../../../web/src/features/graph/kept-layout';
import { runLayout } from '../../../web/src/features/graph/layout-run';
import { layoutStart } from '../../../web/src/features/graph/layout-start';

/** The browser's localStorage, for the kept layout (node has none). */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

const N = 40;
const ids = Array.from({ length: N }, (_, i) => 500 + i * 3);
const request = (keep: boolean) => ({
  xs: Float32Array.from({ length: N }, (_, i) => Math.cos(i) * 50),
  ys: Float32Array.from({ length: N }, (_, i) => Math.sin(i) * 50),
  sources: Int32Array.from({ length: N - 1 }, (_, i) => i),
  targets: Int32Array.from({ length: N - 1 }, (_, i) => i + 1),
  alpha: 1,
  ticks: 30,
  keep: keep ? { userId: 9, ids: Float64Array.from(ids) } : undefined,
});
const own = { xs: new Float32Array(N), ys: new Float32Array(N) };

describe('the graph layout kept for the next visit', () => {
  beforeEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  });

  it('comes back, on the next visit, where the last layout ended (to a tenth of a unit)', () => {
    const messages: LayoutProgress[] = [];
    runLayout(request(true), (m) => messages.push(m));
    const last = messages.at(-1)!;
    expect(last.done).toBe(true);
    expect(messages.slice(0, -1).every((m) => m.kept === undefined)).toBe(true);
    keepLayout(last.kept!);

    const kept = readKeptLayout(9);
    expect(kept).not.toBeNull();
    const start = layoutStart(ids, own, { sources: new Int32Array(0), targets: new Int32Array(0) }, kept, 100);
    expect(start.kept).toBe(true);
    for (let i = 0; i < N; i++) {
      expect(Math.abs(start.xs[i]! - last.positions[i * 2]!)).toBeLessThanOrEqual(0.05 + 1e-4);
      expect(Math.abs(start.ys[i]! - last.positions[i * 2 + 1]!)).toBeLessThanOrEqual(0.05 + 1e-4);
    }
    // Another person on this browser starts anew.
    expect(readKeptLayout(10)).toBeNull();
  });

  it('is not written out when no one is signed in', () => {
    const messages: LayoutProgress[] = [];
    runLayout(request(false), (m) => messages.push(m));
    expect(messages.at(-1)!.done).toBe(true);
    expect(messages.every((m) => m.kept === undefined)).toBe(true);
  });
});
