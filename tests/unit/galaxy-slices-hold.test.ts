import { describe, expect, it } from 'vitest';
import { inSlices } from '../../web/src/features/galaxy/slices';

/** A piece of work of `count` steps that counts the steps run. */
function counted(count: number) {
  const state = { ran: 0 };
  function* work(): Generator<void, string> {
    for (let i = 0; i < count; i++) {
      state.ran += 1;
      yield;
    }
    return 'done';
  }
  return { state, work: work() };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the galaxy builds its names and links in slices that give way to a drag', () => {
  it('runs no step while the person holds the camera, and finishes once they let go', async () => {
    const { state, work } = counted(50);
    let holding = true;
    const result = inSlices(work, { sliceMs: 1, held: () => holding, gone: () => false });
    await wait(250);
    expect(state.ran).toBe(0);
    holding = false;
    expect(await result).toBe('done');
    expect(state.ran).toBe(50);
  });

  it('stops where it was when the page goes, held or not', async () => {
    const { state, work } = counted(50);
    let gone = false;
    const result = inSlices(work, { sliceMs: 1, held: () => true, gone: () => gone });
    await wait(150);
    gone = true;
    expect(await result).toBeNull();
    expect(state.ran).toBe(0);
  });
});
