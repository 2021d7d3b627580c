/**
 * The knowledge graph's force layout, off the main thread (a module Web Worker): it gets
 * typed arrays (start positions, link ends as node indexes) and runs layout-run.ts, posting
 * each set of positions back as a transferred Float32Array, so the page never waits on the
 * simulation.
 */
import type { LayoutRequest } from './graph-constants';
import { runLayout } from './layout-run';

self.onmessage = (event: MessageEvent<LayoutRequest>) => {
  runLayout(event.data, (message) => (self as unknown as Worker).postMessage(message, [message.positions.buffer]));
};
