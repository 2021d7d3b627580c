/**
 * A year of reviews restored from a JSON backup (the app's own import): 120 cards, 5
 * answers each at growing gaps, some lapses — 600 reviews, enough for the FSRS optimizer.
 */
import { expect } from 'vitest';
import type { Account } from '../support/client';

const DAY = 86_400_000;

export async function restoreYearOfReviews(base: string, account: Account): Promise<void> {
  const start = Date.UTC(2025, 0, 6, 9);
  const backup = { format_version: 1, concepts: [{ uid: 'c1', title: 'Vocabulaire', created_at: start, updated_at: start }], flashcards: [] as object[], reviews: [] as object[] };
  const gaps = [0, 1, 4, 11, 30];
  for (let c = 0; c < 120; c++) {
    let at = start + (c % 20) * DAY;
    backup.flashcards.push({ uid: `f${c}`, concept_uid: 'c1', question: `Mot ${c}`, answer: `Sens ${c}`, due: at + 60 * DAY, stability: 30, difficulty: 5, elapsed_days: 30, scheduled_days: 30, learning_steps: 0, reps: 5, lapses: 0, state: 2, last_review: at + 46 * DAY, created_at: start, updated_at: start });
    gaps.forEach((gap, i) => {
      at += gap * DAY;
      const rating = i === 3 && c % 4 === 0 ? 1 : i === 4 && c % 7 === 0 ? 1 : 3;
      backup.reviews.push({ uid: `r${c}-${i}`, flashcard_uid: `f${c}`, rating, due: at + DAY, stability: 2, difficulty: 5, elapsed_days: gap, last_elapsed_days: 0, scheduled_days: 1, learning_steps: 0, state: 2, reviewed_at: at, card_before: {} });
    });
  }
  const form = new FormData();
  form.set('file', new File([JSON.stringify(backup)], 'backup.json', { type: 'application/json' }));
  const restored = await fetch(`${base}/api/export-import/import/json?merge=true`, { method: 'POST', headers: { authorization: `Bearer ${account.token}` }, body: form });
  expect(restored.status).toBe(200);
}
