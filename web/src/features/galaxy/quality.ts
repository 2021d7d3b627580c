/**
 * The galaxy's quality, adapted to the frame time the scene measures so that it keeps 30
 * frames a second on a slow device (a phone, a busy machine, software GL). Pure: the scene
 * feeds it the time between two drawn frames and applies the step it answers.
 *
 * Steps go down when the recent frames are over the budget, as many at once as the frames
 * are slow (each step takes about a third off a frame's work: one and a half times the
 * budget, one step; three times, three). Frames are judged by the time they span rather
 * than by their count (a quarter of a second of them, at least three): a phone that draws
 * the full picture in a quarter of a second is at a step it can hold well within a second,
 * before the person's first drag, and frames just over the budget are judged over eight or
 * so. They come back up one at a time only after a longer run of frames well within it
 * (hysteresis), so the picture does not flicker between two steps. A step up that had to be
 * taken back makes the next try wait twice as long. Changes are instant, never animated.
 */

export interface GalaxyQuality {
  /** Share of the device's pixel ratio the canvas is drawn at. */
  pixelScale: number;
  /** Share of the full stars drawn with their glow, the biggest first; the others are plain points. */
  glowShare: number;
  /** At most this many star names. */
  labels: number;
  /** The links are drawn. */
  links: boolean;
  /**
   * Share of the stars without a glow drawn, the biggest first. Software GL pays for every
   * point, however small: at the lightest step, 20,000 plain points were most of a frame.
   */
  starShare: number;
  /** Share of the sky's far stars and dust drawn (a seeded random part): thinned before the stars, as it is all decoration and every star is a concept. */
  skyShare: number;
}

/** From the full picture (0) to the lightest; each step costs fewer pixels, glows, names or points than the one before. */
export const QUALITY_STEPS: readonly GalaxyQuality[] = [
  { pixelScale: 1, glowShare: 1, labels: 150, links: true, starShare: 1, skyShare: 1 },
  { pixelScale: 0.75, glowShare: 1, labels: 100, links: true, starShare: 1, skyShare: 1 },
  { pixelScale: 0.5, glowShare: 0.5, labels: 60, links: false, starShare: 1, skyShare: 1 },
  { pixelScale: 0.5, glowShare: 0.2, labels: 30, links: false, starShare: 1, skyShare: 0.5 },
  { pixelScale: 0.35, glowShare: 0.05, labels: 15, links: false, starShare: 0.5, skyShare: 0.25 },
];

/**
 * What one step down divides a frame's time by, about: measured at 4x CPU in software GL,
 * frames of 150 ms at the full picture took 50-67 two steps down and 33-50 three down.
 */
const STEP_GAIN = 1.5;
/** 30 frames a second: a frame may take this long. */
export const FRAME_BUDGET_MS = 1000 / 30;
/** Quality comes back up only while frames take less than this. */
export const HEADROOM_MS = 20;
/** The newest frames are judged together for a step down once they span this long... */
export const DOWN_WINDOW_MS = 250;
/** ...but never fewer than this many (one slow frame is no judgement: a hidden tab, a garbage collection). */
export const MIN_JUDGED = 3;
/** Frames judged together before a step up, at first; doubled each time a step up is taken back. */
export const UP_WINDOW = 60;
const MAX_UP_WINDOW = UP_WINDOW * 8;

export interface QualityState {
  step: number;
  /** Frame times since the last change, newest last. */
  frames: number[];
  /** Frames needed within the headroom before the next step up. */
  upWindow: number;
  /** The last change was a step up (a step down within `upWindow` frames of it doubles `upWindow`). */
  cameUp: boolean;
}

export const initialQuality = (): QualityState => ({ step: 0, frames: [], upWindow: UP_WINDOW, cameUp: false });

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The newest frames that span DOWN_WINDOW_MS, at least MIN_JUDGED of them; null while there are not enough. */
function judgedFrames(frames: readonly number[]): number[] | null {
  let span = 0;
  for (let count = 1; count <= frames.length; count++) {
    span += frames[frames.length - count]!;
    if (count >= MIN_JUDGED && span >= DOWN_WINDOW_MS) return frames.slice(-count);
  }
  return null;
}

/** The state after one more frame of `frameMs`. */
export function observeFrame(state: QualityState, frameMs: number): QualityState {
  const frames = [...state.frames, frameMs].slice(-state.upWindow);
  const judged = judgedFrames(frames);
  const slow = judged ? median(judged) : 0;
  if (slow > FRAME_BUDGET_MS && state.step < QUALITY_STEPS.length - 1) {
    // A step up taken back before another up-window has passed: the next try waits longer.
    const tookBack = state.cameUp && state.frames.length < state.upWindow;
    const upWindow = tookBack ? Math.min(state.upWindow * 2, MAX_UP_WINDOW) : state.upWindow;
    const down = Math.max(1, Math.round(Math.log(slow / FRAME_BUDGET_MS) / Math.log(STEP_GAIN)));
    return { step: Math.min(state.step + down, QUALITY_STEPS.length - 1), frames: [], upWindow, cameUp: false };
  }
  if (frames.length >= state.upWindow && state.step > 0 && median(frames) < HEADROOM_MS) {
    return { step: state.step - 1, frames: [], upWindow: state.upWindow, cameUp: true };
  }
  return { ...state, frames };
}

/** The quality of a state's step. */
export const qualityOf = (state: QualityState): GalaxyQuality => QUALITY_STEPS[state.step]!;
