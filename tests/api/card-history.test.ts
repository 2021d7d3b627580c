/**
 * A card's 'Historique': each answer with what it left the card with (the same interval,
 * stability and difficulty the answer itself returned), the recall probability when it
 * was answered, and the forgetting curve; another person's card is not found.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type TestUser } from './helpers';
import { at, createCard, insertConcept } from './study-fixtures';

const DAY = 86_400_000;
const T0 = Date.parse('2026-03-02T09:00:00Z');
let user: TestUser;
let cardId: number;
const returned: { reviewedAt: number; stability: number; difficulty: number; due: number }[] = [];

async function answer(rating: number, time: number) {
  const res = await call('POST', `/api/flashcards/${cardId}/review`, { token: user.token, json: { rating, duration_ms: 4000 }, headers: at(time, false) });
  expect(res.status).toBe(200);
  const card = res.body.flashcard;
  returned.push({ reviewedAt: time, stability: card.stability, difficulty: card.difficulty, due: Date.parse(card.due) });
  return card;
}

const history = (id: number, token = user.token, time = returned.at(-1)!.reviewedAt + 2 * DAY) => call('GET', `/api/flashcards/${id}/history`, { token, headers: at(time, false) });

beforeAll(async () => {
  user = await signUp('history');
  cardId = (await createCard(user, await insertConcept(user, 'Géographie'), 'Capitale du Pérou ?', T0)).id;
  await answer(3, T0);
  const learnt = await answer(3, T0 + 10 * 60_000);
  await answer(4, Date.parse(learnt.due)); // answered exactly when due
});

describe('GET /api/flashcards/:id/history', () => {
  it('lists every answer, oldest first, with what each one left the card with', async () => {
    const res = await history(cardId);
    expect(res.status).toBe(200);
    expect(res.body.flashcard).toMatchObject({ id: cardId, question: 'Capitale du Pérou ?' });
    expect(res.body.answers.map((a: { rating: number; state: string }) => [a.rating, a.state])).toEqual([
      [3, 'New'],
      [3, 'Learning'],
      [4, 'Review'],
    ]);
    res.body.answers.forEach((a: { reviewed_at: number; interval_days: number; stability: number; difficulty: number; duration_ms: number }, i: number) => {
      const r = returned[i]!;
      expect(a.reviewed_at).toBe(r.reviewedAt);
      expect(a.stability).toBeCloseTo(r.stability, 2);
      expect(a.difficulty).toBeCloseTo(r.difficulty, 2);
      expect(a.interval_days).toBeCloseTo((r.due - r.reviewedAt) / DAY, 3);
      expect(a.duration_ms).toBe(4000);
    });
    expect(res.body.truncated).toBe(false);
  });

  it('gives the recall probability at each answer: none for the first, about the desired 90 % for one answered when due', async () => {
    const [first, , due] = (await history(cardId)).body.answers;
    expect(first.retrievability).toBeNull();
    expect(due.retrievability).toBeCloseTo(0.9, 1); // intervals are whole days: a little over 90 %
  });

  it('draws the forgetting curve of the current memory: 100 % just after the answer, falling, about 90 % when due, today two days on', async () => {
    const curve = (await history(cardId)).body.forgetting_curve;
    expect(curve.points[0]).toEqual({ days: 0, retrievability: 1 });
    const values = curve.points.map((p: { retrievability: number }) => p.retrievability);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(curve.due_days).toBeCloseTo((returned[2]!.due - returned[2]!.reviewedAt) / DAY, 2);
    expect(curve.points.at(-1).days).toBeGreaterThanOrEqual(curve.due_days * 2 - 0.01);
    expect(curve.today_days).toBe(2);
    expect(curve.retrievability_today).toBeGreaterThan(0.9);
  });

  it('drops an undone answer, and has no curve for a card never answered', async () => {
    const other = (await createCard(user, await insertConcept(user, 'Histoire'), 'Date de Marignan ?', T0)).id;
    expect((await call('POST', `/api/flashcards/${other}/review`, { token: user.token, json: { rating: 1 }, headers: at(T0, false) })).status).toBe(200);
    expect((await history(other)).body.answers).toHaveLength(1);
    expect((await call('POST', `/api/flashcards/${other}/review/undo`, { token: user.token, headers: at(T0 + 1000, false) })).status).toBe(200);
    const res = await history(other);
    expect(res.body).toMatchObject({ answers: [], forgetting_curve: null });
  });

  it("refuses another person's card and an unknown one with 404, and a request without a session with 401", async () => {
    const stranger = await signUp('historyother');
    const res = await history(cardId, stranger.token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Carte introuvable.', code: 'not_found' });
    expect((await history(999_999_999)).status).toBe(404);
    expect((await call('GET', `/api/flashcards/${cardId}/history`)).status).toBe(401);
  });
});
