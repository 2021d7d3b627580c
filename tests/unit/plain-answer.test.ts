import { describe, expect, it } from 'vitest';
import { SECTIONS } from '../../worker/src/domain/data-format';
import { isPlainAnswer } from '../../worker/src/services/data-import';

const answer = {
  uid: 'anki-rev-1-2', flashcard_uid: 'anki-card-1', rating: 3, due: 1_700_000_000_000, stability: 2.5, difficulty: 5.1,
  elapsed_days: 0, scheduled_days: 1, learning_steps: 0, state: 2, last_elapsed_days: 0, reviewed_at: 1_700_000_000_000,
  duration_ms: 8000, card_before: { due: 1 },
};
const edges: Record<string, unknown[]> = {
  uid: ['', 'a'.repeat(64), 'a'.repeat(65), 'a b', 'é', 7, null, undefined],
  flashcard_uid: ['x', '', null, 1],
  session_uid: [undefined, null, 's-1', '', 3],
  rating: [0, 1, 4, 5, 2.5, '3', NaN, null],
  due: [0, -1, 8.64e15, 8.64e15 + 2, 1.5, Infinity, NaN, '1'],
  stability: [0, -0.1, 1e9, 1e9 + 1, Infinity, NaN, null],
  difficulty: [0, 100, 100.01, -1, NaN],
  elapsed_days: [0, -1, 1.5, 1e300, Infinity],
  scheduled_days: [0, -1, 0.5],
  learning_steps: [0, -1, 2.2, undefined],
  state: [0, 3, 4, -1, 1.5],
  last_elapsed_days: [0, -1, undefined],
  reviewed_at: [0, -1, 8.64e15, 9e15, 0.5],
  duration_ms: [undefined, null, 0, -1, 1.5],
  card_before: [undefined, null, 'x', { a: 1 }],
};

describe('the hand check of packed answers', () => {
  it('passes only answers the reviews schema accepts, with the same values', () => {
    const zod = SECTIONS.reviews;
    let plain = 0;
    for (const [field, values] of Object.entries(edges)) {
      for (const value of values) {
        const row = { ...answer, [field]: value };
        const parsed = zod.safeParse(row);
        if (isPlainAnswer(row)) {
          plain++;
          expect(parsed.success, `${field} = ${String(value)}`).toBe(true);
          const data = parsed.data as Record<string, unknown>;
          for (const key of Object.keys(data)) expect(row[key as keyof typeof row] ?? null, key).toEqual(data[key] ?? null);
        } else {
          // Stricter than zod only where zod's own message is wanted: a bad value always fails both.
          if (parsed.success) throw new Error(`the hand check refuses ${field} = ${String(value)}, which zod accepts`);
        }
      }
    }
    expect(plain).toBeGreaterThan(20);
    expect([null, [], 'x', 1].some(isPlainAnswer)).toBe(false);
  });
});
