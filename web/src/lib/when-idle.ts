/**
 * Work that can wait for an idle moment (a page's code loaded ahead, a background fit), and
 * the holds that put it off while a page does heavy work of its own: the knowledge graph
 * holds it while its layout runs, where loading and compiling the daily page's code
 * froze the picture for 100-600 ms on a phone.
 */
let holds = 0;
/** Idle work that came due during a hold: scheduled again once the last hold is released. */
const waiting = new Set<() => void>();
/** A hold never lasts longer than this, whatever happens to the page that took it. */
const MAX_HOLD_MS = 30_000;

/** Puts idle work off until the returned release is called (or MAX_HOLD_MS have passed). */
export function holdIdleWork(): () => void {
  holds += 1;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    window.clearTimeout(timer);
    holds -= 1;
    if (holds > 0) return;
    const due = [...waiting];
    waiting.clear();
    due.forEach((schedule) => schedule());
  };
  const timer = window.setTimeout(release, MAX_HOLD_MS);
  return release;
}

/** The hold of the page a person landed on, while it does its heavy opening work (holdIdleWorkWhileLanding). */
let landing: (() => void) | null = null;

/**
 * Puts idle work off from the very start, when the page a person lands on does heavy work
 * as it opens (boot.ts: the galaxy), until that page calls `landed()` (or MAX_HOLD_MS have
 * passed): work asked for before the page's own code has run (the app's worker, which
 * downloads every screen for offline use) waits too.
 */
export function holdIdleWorkWhileLanding(): void {
  landing ??= holdIdleWork();
}

/** The page landed on has done its heavy opening work: idle work may run. */
export function landed(): void {
  landing?.();
  landing = null;
}

/** Runs `task` once the browser is idle, or after `timeoutMs` at the latest (a timeout where there is no requestIdleCallback), and no hold is on; returns its cancel. */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  let cancelled = false;
  let cancel = () => {};
  const attempt = () => {
    if (cancelled) return;
    if (holds === 0) return task();
    waiting.add(schedule);
    cancel = () => waiting.delete(schedule);
  };
  const schedule = () => {
    cancel = afterIdle(attempt, timeoutMs);
  };
  schedule();
  return () => {
    cancelled = true;
    cancel();
  };
}

function afterIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, Math.min(timeoutMs, 5_000));
  return () => window.clearTimeout(id);
}
