/**
 * Automatic optimisation's triggers: due at 400 reviews, then after 30 days or
 * 1,000 new reviews since the last fit, never when switched off; held back while studying,
 * when the platform asks to save data or the battery runs low; and the server's linear
 * log loss agrees with the item-by-item one the page shows.
 */
import { describe, expect, it } from 'vitest';
import { default_w } from 'ts-fsrs';
import { autoFitDue, autoFitHeldBack, isStudyPath } from '../../worker/src/domain/auto-fit';
import { logLoss, optimizerItems, reviewLogLoss, type ReviewEvent } from '../../worker/src/domain/fsrs-params';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 26, 12);

describe('when the parameters are fitted again by themselves', () => {
  it('waits for 400 reviews before a first fit', () => {
    expect(autoFitDue({ enabled: true, reviewCount: 399, lastFit: null, now: NOW })).toBe(false);
    expect(autoFitDue({ enabled: true, reviewCount: 400, lastFit: null, now: NOW })).toBe(true);
  });

  it('refits after 30 days or 1,000 new reviews since the last fit, whichever comes first', () => {
    const lastFit = { at: NOW - 29 * DAY, reviewCount: 2000 };
    expect(autoFitDue({ enabled: true, reviewCount: 2999, lastFit, now: NOW })).toBe(false);
    expect(autoFitDue({ enabled: true, reviewCount: 3000, lastFit, now: NOW })).toBe(true);
    expect(autoFitDue({ enabled: true, reviewCount: 2001, lastFit: { ...lastFit, at: NOW - 30 * DAY }, now: NOW })).toBe(true);
    expect(autoFitDue({ enabled: true, reviewCount: 2001, lastFit: { ...lastFit, at: NOW - 30 * DAY + 1 }, now: NOW })).toBe(false);
  });

  it('never fits below the minimum, even long after a fit, nor when switched off', () => {
    expect(autoFitDue({ enabled: true, reviewCount: 390, lastFit: { at: NOW - 400 * DAY, reviewCount: 10 }, now: NOW })).toBe(false);
    expect(autoFitDue({ enabled: false, reviewCount: 5000, lastFit: null, now: NOW })).toBe(false);
  });

  it('is held back during a study session, on save-data and on a low battery that is not charging', () => {
    expect(autoFitHeldBack({ studying: false })).toBeNull();
    expect(autoFitHeldBack({ studying: true })).toBe('studying');
    expect(autoFitHeldBack({ studying: false, saveData: true })).toBe('save-data');
    expect(autoFitHeldBack({ studying: false, battery: { charging: false, level: 0.15 } })).toBe('battery');
    expect(autoFitHeldBack({ studying: false, battery: { charging: true, level: 0.15 } })).toBeNull();
    expect(autoFitHeldBack({ studying: false, battery: { charging: false, level: 0.8 } })).toBeNull();
  });

  it('knows the pages where the person studies', () => {
    for (const path of ['/study/session/12', '/study/session', '/study/method/3', '/flashcards', '/concepts/7/flashcards/review']) expect(isStudyPath(path)).toBe(true);
    for (const path of ['/study', '/study/summary/12', '/dashboard', '/concepts/7', '/settings']) expect(isStudyPath(path)).toBe(false);
  });
});

describe("the server's check of a fit", () => {
  it('computes the same log loss as the items the optimizer trains on, in one pass per card', () => {
    const events: ReviewEvent[] = [];
    const ratings = [3, 1, 3, 3, 4, 2, 3, 1, 3, 3];
    for (let card = 1; card <= 6; card++) {
      let at = Date.UTC(2025, 0, card, 9);
      for (let i = 0; i < 2 + card; i++) {
        events.push({ cardId: card, at, rating: ratings[(i + card) % ratings.length]! });
        at += (1 + i * card) * DAY + 3_600_000;
      }
    }
    const shuffled = [...events].reverse();
    for (const params of [default_w, default_w.map((w, i) => (i === 3 ? 40 : w))]) {
      const expected = logLoss(optimizerItems(events, 60), params);
      expect(expected).toBeGreaterThan(0);
      expect(reviewLogLoss(shuffled, params, 60)).toBeCloseTo(expected, 12);
    }
    expect(reviewLogLoss([], default_w)).toBe(0);
  });
});
