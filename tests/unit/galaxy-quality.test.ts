import { describe, expect, it } from 'vitest';
import {
  DOWN_WINDOW_MS,
  FRAME_BUDGET_MS,
  initialQuality,
  MIN_JUDGED,
  observeFrame,
  qualityOf,
  QUALITY_STEPS,
  UP_WINDOW,
  type QualityState,
} from '../../web/src/features/galaxy/quality';

const run = (state: QualityState, frameMs: number, count: number) => {
  let s = state;
  for (let i = 0; i < count; i++) s = observeFrame(s, frameMs);
  return s;
};
/** How many frames of `frameMs` are judged together: a quarter of a second of them, at least three. */
const judged = (frameMs: number) => Math.max(MIN_JUDGED, Math.ceil(DOWN_WINDOW_MS / frameMs));

describe('galaxy quality controller', () => {
  it('starts with the full picture and keeps it while frames hold 30 fps', () => {
    const s = run(initialQuality(), 30, 500);
    expect(s.step).toBe(0);
    expect(qualityOf(s)).toEqual({ pixelScale: 1, glowShare: 1, labels: 150, links: true, starShare: 1, skyShare: 1 });
  });

  it('steps down once a quarter of a second of frames is slow, down to the lightest and no further', () => {
    // 50 ms frames (one and a half times the budget, one step): the fifth one completes the quarter of a second.
    expect(judged(50)).toBe(5);
    let s = run(initialQuality(), 50, 4);
    expect(s.step).toBe(0);
    s = observeFrame(s, 50);
    expect(s.step).toBe(1);
    s = run(s, 50, 100);
    expect(s.step).toBe(QUALITY_STEPS.length - 1);
    // Frames just over the budget are judged over more of them (eight of 34 ms).
    expect(run(initialQuality(), 34, 7).step).toBe(0);
    expect(run(initialQuality(), 34, 8).step).toBe(1);
  });

  it('gives up pixels, glows, names, links and points step by step, never taking one back on the way down', () => {
    for (let i = 1; i < QUALITY_STEPS.length; i++) {
      const [before, after] = [QUALITY_STEPS[i - 1]!, QUALITY_STEPS[i]!];
      expect(after.pixelScale).toBeLessThanOrEqual(before.pixelScale);
      expect(after.glowShare).toBeLessThanOrEqual(before.glowShare);
      expect(after.starShare).toBeLessThanOrEqual(before.starShare);
      expect(after.skyShare).toBeLessThanOrEqual(before.skyShare);
      // The sky thins before the stars: decoration first, concepts last.
      expect(after.skyShare).toBeLessThanOrEqual(after.starShare);
      expect(after.labels).toBeLessThan(before.labels);
      expect(after.links && !before.links).toBe(false);
    }
  });

  it('drops as far as the frames are slow: a device many times over the budget is at the lightest step within a few frames', () => {
    // Twenty times over (a frame in two thirds of a second): straight down, not one step per window.
    expect(run(initialQuality(), FRAME_BUDGET_MS * 20, 2).step).toBe(0);
    expect(run(initialQuality(), FRAME_BUDGET_MS * 20, 3).step).toBe(QUALITY_STEPS.length - 1);
    // Three times over: three steps at once (each step takes about a third off a frame's work), after three frames.
    expect(run(initialQuality(), FRAME_BUDGET_MS * 3, 2).step).toBe(0);
    expect(run(initialQuality(), FRAME_BUDGET_MS * 3, 3).step).toBe(3);
    // Twice over: two steps.
    expect(run(initialQuality(), FRAME_BUDGET_MS * 2, judged(FRAME_BUDGET_MS * 2)).step).toBe(2);
  });

  it('ignores a single slow frame among fast ones (a hidden tab, a garbage collection)', () => {
    let s = initialQuality();
    for (let i = 0; i < 100; i++) s = observeFrame(s, i % 10 === 0 ? 2_000 : 16);
    expect(s.step).toBe(0);
  });

  it('comes back up only after a long run of fast frames, not between two steps (hysteresis)', () => {
    const low = run(initialQuality(), 60, judged(60) * 2);
    expect(low.step).toBe(2);
    // Frames just under the budget are not enough to come back up: no flicker around 30 fps.
    expect(run(low, FRAME_BUDGET_MS - 1, UP_WINDOW * 4).step).toBe(2);
    // Fast frames are, one step per up-window.
    expect(run(low, 12, UP_WINDOW - 1).step).toBe(2);
    expect(run(low, 12, UP_WINDOW).step).toBe(1);
    expect(run(low, 12, UP_WINDOW * 2).step).toBe(0);
  });

  it('waits twice as long before trying again when a step up had to be taken back', () => {
    let s = run(initialQuality(), 60, judged(60)); // step 1
    s = run(s, 12, UP_WINDOW); // back to 0
    expect(s.step).toBe(0);
    s = run(s, 60, judged(60)); // too slow again: 1, and the next try waits longer
    expect(s.step).toBe(1);
    expect(run(s, 12, UP_WINDOW).step).toBe(1);
    expect(run(s, 12, UP_WINDOW * 2).step).toBe(0);
  });
});
