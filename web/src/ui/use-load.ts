/**
 * The one fetch-with-cancel effect of the screens: runs `load(signal)` whenever `deps`
 * change, aborts the run it replaces, and drops whatever an aborted run answers (value or
 * failure), so a slow old answer never overwrites a newer one.
 */
import { useEffect, useState, type DependencyList } from 'react';

export type Loading<T> = { phase: 'loading' } | { phase: 'loaded'; data: T } | { phase: 'error'; error: unknown };

interface LoadOptions {
  /** Keep showing the last answer while the next one loads (paging, re-sorting). */
  keepWhileReloading?: boolean;
}

/** `load` null means there is nothing to load yet (an invalid id, say): the state stays 'loading'. */
export function useLoad<T>(load: ((signal: AbortSignal) => Promise<T>) | null, deps: DependencyList, options: LoadOptions = {}): Loading<T> {
  const [state, setState] = useState<Loading<T>>({ phase: 'loading' });
  const keep = options.keepWhileReloading ?? false;
  useEffect(() => {
    if (!load) return;
    const ctrl = new AbortController();
    setState((s) => (keep && s.phase === 'loaded' ? s : { phase: 'loading' }));
    load(ctrl.signal).then(
      (data) => ctrl.signal.aborted || setState({ phase: 'loaded', data }),
      (error: unknown) => ctrl.signal.aborted || setState({ phase: 'error', error }),
    );
    return () => ctrl.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `deps` are the caller's inputs of `load`
  }, deps);
  return state;
}
