/**
 * The FSRS optimizer off the page's thread: fsrs-browser (fsrs-rs in
 * WebAssembly) trains parameters on the person's review items, then the log loss of the
 * parameters in use and of the trained ones is computed on the same items
 * (@domain/fsrs-params). One message in, one out; the page never freezes meanwhile.
 * Single-threaded on purpose: fsrs-browser's thread pool needs a cross-origin-isolated
 * page, which would forbid the editor's video embeds.
 */
import init, { Fsrs } from 'fsrs-browser';
import { DEFAULT_FSRS_PARAMS, logLoss, type OptimizerItems } from '@domain/fsrs-params';

export interface OptimizeRequest {
  type: 'optimize';
  items: OptimizerItems;
  /** The parameters in use now (null: the defaults), for the 'before' loss. */
  current: number[] | null;
}

export type OptimizeAnswer = { ok: true; params: number[]; before: number; after: number } | { ok: false; error: string };

/** Parameters rounded as Anki shows them; enough precision for scheduling. */
const round = (w: number) => Math.round(w * 10_000) / 10_000;

self.addEventListener('message', async ({ data }: MessageEvent<OptimizeRequest>) => {
  if (data?.type !== 'optimize') return;
  let answer: OptimizeAnswer;
  try {
    await init();
    const { ratings, deltas, lengths } = data.items;
    const trained = new Fsrs().computeParameters(new Uint32Array(ratings), new Uint32Array(deltas), new Uint32Array(lengths), null, true);
    const params = Array.from(trained, round);
    answer = { ok: true, params, before: logLoss(data.items, data.current ?? DEFAULT_FSRS_PARAMS), after: logLoss(data.items, params) };
  } catch (err) {
    answer = { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  self.postMessage(answer);
});
