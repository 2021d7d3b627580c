/**
 * The retention helper's simulations off the page's thread: the 20 desired retentions
 * simulated over the person's collection for a year (@domain/retention-sim), one message
 * in, one out, with the time the simulations took.
 */
import { recommendedRange, retentionCurve, type RetentionPoint, type SimCollection } from '@domain/retention-sim';

export interface SimulateRequest {
  type: 'simulate';
  collection: SimCollection;
}

export type SimulateAnswer = { ok: true; points: RetentionPoint[]; range: { from: number; to: number; best: number } | null; ms: number } | { ok: false; error: string };

self.addEventListener('message', ({ data }: MessageEvent<SimulateRequest>) => {
  if (data?.type !== 'simulate') return;
  let answer: SimulateAnswer;
  try {
    const start = performance.now();
    const points = retentionCurve(data.collection);
    answer = { ok: true, points, range: recommendedRange(points), ms: performance.now() - start };
  } catch (err) {
    answer = { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  self.postMessage(answer);
});
