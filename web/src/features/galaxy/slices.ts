/**
 * Long work in short tasks that give way to the person: each task runs the work's steps for
 * about `sliceMs`, the page drawing and answering input between two of them, and no step
 * runs while `held()` says the person is moving the camera (a drag gets every frame).
 */
import { nextTask } from '../../lib/next-task';

/** While held, whether the hold is over is asked this often. */
const HOLD_POLL_MS = 100;

export interface Slicing {
  /** Each task runs steps for about this long. */
  sliceMs: number;
  /** No step runs while this answers true. */
  held(): boolean;
  /** The work is given up once this answers true. */
  gone(): boolean;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `work` to its end in slices, and answers what it returns; null when given up meanwhile. */
export async function inSlices<T>(work: Generator<void, T>, { sliceMs, held, gone }: Slicing): Promise<T | null> {
  for (;;) {
    await nextTask();
    while (held() && !gone()) await pause(HOLD_POLL_MS);
    if (gone()) return null;
    const until = performance.now() + sliceMs;
    for (;;) {
      const step = work.next();
      if (step.done) return step.value;
      if (performance.now() >= until) break;
    }
  }
}
