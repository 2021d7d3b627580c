/** Runs `task` once the browser is idle, or after `timeoutMs` at the latest (a timeout where there is no requestIdleCallback); returns its cancel. */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, Math.min(timeoutMs, 5_000));
  return () => window.clearTimeout(id);
}
