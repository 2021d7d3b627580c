/**
 * 'Optimiser mes paramètres' on a synthetic review log generated from known parameters:
 * the optimizer (fsrs-browser, run here as the page's Web Worker runs it: single-threaded)
 * finds parameters whose log loss beats the defaults' on that log and comes near the true
 * parameters' own; the items and the loss are checked on small cases.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { default_w, fsrs, generatorParameters } from 'ts-fsrs';
import { seededRandom } from '../../worker/src/domain/retention-sim';
import { DEFAULT_FSRS_PARAMS, fsrsParamsProblem, logLoss, optimizerItems, storedFsrsParams, type ReviewEvent } from '../../worker/src/domain/fsrs-params';

const DAY = 86_400_000;

/** A learner whose memory follows `trueParams`: reviews at the scheduled time give or take, answers drawn from the true recall. */
function syntheticLog(trueParams: number[], cards: number, reviewsPerCard: number, seed: number): ReviewEvent[] {
  const rand = seededRandom(seed);
  const truth = fsrs(generatorParameters({ w: trueParams, enable_fuzz: false }));
  const events: ReviewEvent[] = [];
  for (let card = 1; card <= cards; card++) {
    let at = Date.UTC(2025, 0, 1) + Math.floor(rand() * 30) * DAY;
    let state: { stability: number; difficulty: number } | null = null;
    let gap = 0;
    for (let r = 0; r < reviewsPerCard; r++) {
      let rating: number;
      if (!state) rating = rand() < 0.25 ? 1 : rand() < 0.8 ? 3 : 4;
      else {
        const recall = truth.forgetting_curve(gap, state.stability);
        rating = rand() < recall ? (rand() < 0.85 ? 3 : rand() < 0.5 ? 2 : 4) : 1;
      }
      events.push({ cardId: card, at, rating });
      state = truth.next_state(state, gap, rating);
      // Reviewed when due, or early, or late — so the log holds many points of the curve.
      gap = Math.max(1, Math.round(truth.next_interval(state.stability, gap) * (0.4 + rand() * 2)));
      at += gap * DAY;
    }
  }
  return events;
}

type FsrsModule = { initSync(m: { module: Buffer }): unknown; Fsrs: new () => { computeParameters(r: Uint32Array, d: Uint32Array, l: Uint32Array, p: null, shortTerm: boolean): Float32Array } };
let optimizer: FsrsModule;

beforeAll(async () => {
  // The wasm-bindgen-rayon helper expects a worker scope; the optimizer itself runs on this thread.
  (globalThis as { self?: unknown }).self ??= globalThis;
  const g = globalThis as { addEventListener?: unknown };
  g.addEventListener ??= () => undefined;
  optimizer = (await import('fsrs-browser')) as unknown as FsrsModule;
  const wasm = path.join(path.dirname(createRequire(import.meta.url).resolve('fsrs-browser')), 'fsrs_browser_bg.wasm');
  optimizer.initSync({ module: readFileSync(wasm) });
});

describe('personal FSRS parameters', () => {
  it('learns parameters from a log made with known ones: lower loss than the defaults, near the truth', () => {
    const trueParams = [...default_w];
    // A learner who remembers new cards far longer than the defaults assume, and forgets faster after a lapse.
    trueParams[0] = 1.2;
    trueParams[1] = 4.5;
    trueParams[2] = 12;
    trueParams[3] = 40;
    trueParams[11] = 0.9;
    const events = syntheticLog(trueParams, 500, 7, 42);
    const items = optimizerItems(events);
    expect(items.lengths).toHaveLength(500 * 6);
    const learned = Array.from(new optimizer.Fsrs().computeParameters(new Uint32Array(items.ratings), new Uint32Array(items.deltas), new Uint32Array(items.lengths), null, true));
    expect(fsrsParamsProblem(learned.map((w) => Math.round(w * 1e4) / 1e4))).toBeNull();
    const loss = { defaults: logLoss(items, DEFAULT_FSRS_PARAMS), learned: logLoss(items, learned), truth: logLoss(items, trueParams) };
    expect(loss.learned).toBeLessThan(loss.defaults);
    expect(loss.learned).toBeLessThan(loss.truth * 1.03);
    // The initial stability after 'Good' moved from the default towards the learner's.
    expect(Math.abs(learned[2]! - trueParams[2]!)).toBeLessThan(Math.abs(default_w[2]! - trueParams[2]!));
  }, 120_000);

  it('builds one item per review after a card’s first, counting whole days on the person’s calendar', () => {
    const at = (d: number, h: number) => Date.UTC(2025, 0, d, h);
    const items = optimizerItems(
      [
        { cardId: 7, at: at(3, 9), rating: 3 },
        { cardId: 7, at: at(1, 9), rating: 1 },
        { cardId: 7, at: at(1, 20), rating: 3 },
        { cardId: 8, at: at(1, 9), rating: 3 },
      ],
      0,
    );
    expect(items).toEqual({ ratings: [1, 3, 1, 3, 3], deltas: [0, 0, 0, 0, 2], lengths: [2, 3] });
    // 23:30 and 00:30 UTC are the same day in Los Angeles (UTC−8), not in UTC.
    const late = optimizerItems([{ cardId: 1, at: Date.UTC(2025, 0, 1, 23, 30), rating: 3 }, { cardId: 1, at: Date.UTC(2025, 0, 2, 0, 30), rating: 3 }], -480);
    expect(late.deltas).toEqual([0, 0]);
  });

  it('refuses parameter lists of the wrong length, out of range or not numbers', () => {
    expect(fsrsParamsProblem([...default_w])).toBeNull();
    expect(fsrsParamsProblem(default_w.slice(0, 19))).toMatch(/21 paramètres/);
    expect(fsrsParamsProblem([...default_w.slice(0, 20), 5])).toMatch(/w20/);
    expect(fsrsParamsProblem([...default_w.slice(0, 4), Number.NaN, ...default_w.slice(5)])).toMatch(/w4/);
    expect(storedFsrsParams('not json')).toBeNull();
    expect(storedFsrsParams(JSON.stringify(default_w))).toEqual([...default_w]);
  });
});
