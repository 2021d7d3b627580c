// (tests/unit/dom: browser code, type-checked with the web app's DOM types.)
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdIdleWork, holdIdleWorkWhileLanding, landed, whenIdle } from '../../../web/src/lib/when-idle';

/** The browser's idle callbacks, fired by hand: `idle()` is the browser becoming idle. */
let idleCallbacks: Map<number, () => void>;
const idle = () => {
  const due = [...idleCallbacks.values()];
  idleCallbacks.clear();
  due.forEach((run) => run());
};

describe('idle work and the holds that put it off', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    idleCallbacks = new Map();
    let next = 1;
    vi.stubGlobal('window', {
      requestIdleCallback: (run: () => void) => {
        idleCallbacks.set(next, run);
        return next++;
      },
      cancelIdleCallback: (id: number) => idleCallbacks.delete(id),
      setTimeout: globalThis.setTimeout,
      clearTimeout: globalThis.clearTimeout,
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('runs once the browser is idle when nothing holds it', () => {
    const task = vi.fn();
    whenIdle(task, 3_000);
    expect(task).not.toHaveBeenCalled();
    idle();
    expect(task).toHaveBeenCalledOnce();
  });

  it('waits while a page holds it (the graph laying out), even when asked before the hold, and runs at the next idle moment after the release', () => {
    const task = vi.fn();
    whenIdle(task, 3_000);
    const release = holdIdleWork();
    idle();
    expect(task).not.toHaveBeenCalled();
    release();
    expect(task).not.toHaveBeenCalled();
    idle();
    expect(task).toHaveBeenCalledOnce();
  });

  it('waits from the start on a page that does heavy work as it opens (the galaxy), until that page has landed', () => {
    holdIdleWorkWhileLanding();
    // Asked for by the app's code before the page's own code has run (the app's worker).
    const task = vi.fn();
    whenIdle(task, 3_000);
    idle();
    expect(task).not.toHaveBeenCalled();
    landed();
    idle();
    expect(task).toHaveBeenCalledOnce();
    // Landing again (the page made again) holds nothing.
    landed();
    const later = vi.fn();
    whenIdle(later, 3_000);
    idle();
    expect(later).toHaveBeenCalledOnce();
  });

  it('is not run when cancelled during the hold, and a hold ends by itself after 30 seconds', () => {
    const cancelled = vi.fn();
    const kept = vi.fn();
    const cancel = whenIdle(cancelled, 3_000);
    whenIdle(kept, 3_000);
    holdIdleWork();
    idle();
    cancel();
    vi.advanceTimersByTime(30_000);
    idle();
    expect(cancelled).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledOnce();
  });
});
