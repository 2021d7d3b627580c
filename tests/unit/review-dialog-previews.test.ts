import { describe, expect, it } from 'vitest';
import { default_w } from 'ts-fsrs';
import { cardPreviews, type ApiCardState } from '../../web/src/features/flashcards/previews';

const DAY = 86_400_000;
const NOW = Date.parse('2026-06-01T10:00:00Z');

/** A card in review, last seen 10 days ago with a 10-day stability, due now. */
const reviewCard: ApiCardState = {
  due: new Date(NOW).toISOString(),
  stability: 10,
  difficulty: 5,
  elapsed_days: 10,
  scheduled_days: 10,
  learning_steps: 0,
  reps: 4,
  lapses: 0,
  state: 'Review',
  last_review: new Date(NOW - 10 * DAY).toISOString(),
};

const goodDays = (retention?: number, params?: number[]) => (Date.parse(cardPreviews(reviewCard, retention, params, NOW)!['3'].due) - NOW) / DAY;

describe("the review dialog's interval previews", () => {
  it("follow the person's desired retention: a lower retention gives 'Bon' a longer interval", () => {
    expect(goodDays(0.8)).toBeGreaterThan(goodDays(0.9));
    expect(goodDays(0.9)).toBeGreaterThan(goodDays(0.97));
  });

  it('default to 0.90 when the preference is unknown', () => {
    expect(goodDays(undefined)).toBe(goodDays(0.9));
  });

  it("follow the person's own FSRS parameters once saved", () => {
    const own = [...default_w];
    own[8] = 3; // recall makes stability grow faster
    expect(goodDays(0.9, own)).toBeGreaterThan(goodDays(0.9) * 1.3);
  });
});
