/** Runs the FSRS optimizer (fsrs-optimizer.worker.ts) in its own Web Worker, once; an abort ends the worker at once. */
import type { OptimizeAnswer, OptimizeRequest } from './fsrs-optimizer.worker';

export function runOptimizer(request: OptimizeRequest, signal?: AbortSignal): Promise<OptimizeAnswer> {
  const worker = new Worker(new URL('./fsrs-optimizer.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<OptimizeAnswer>((resolve) => {
    signal?.addEventListener('abort', () => resolve({ ok: false, error: 'aborted' }), { once: true });
    worker.onmessage = (event: MessageEvent<OptimizeAnswer>) => resolve(event.data);
    worker.onerror = (event) => resolve({ ok: false, error: event.message || 'worker error' });
    worker.postMessage(request);
  }).finally(() => worker.terminate());
}

/** A log loss as the page shows it: four decimals, French style. */
export const lossText = (value: number) => value.toLocaleString('fr-FR', { minimumFractionDigits: 4, maximumFractionDigits: 4 });
