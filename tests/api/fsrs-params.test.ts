/**
 * A person's own FSRS parameters: read with the defaults and the review count,
 * saved only when valid (422 otherwise, nothing saved), forgotten on DELETE, never another
 * person's; answers are scheduled with them; the review log comes back as optimizer items.
 */
import { describe, expect, it } from 'vitest';
import { default_w } from 'ts-fsrs';
import { refreshMastery } from '../../worker/src/services/mastery-refresh';
import { call, env, signUp } from './helpers';

/** A learner whose first 'Easy' lasts far longer than the defaults say. */
const OWN = [...default_w];
OWN[3] = 80;

async function firstEasyInterval(token: string): Promise<number> {
  const concept = await call('POST', '/api/concepts', { token, json: { title: 'Paramètres' } });
  const card = await call('POST', `/api/concepts/${concept.body.id}/flashcards`, { token, json: { question: 'Q', answer: 'A' } });
  const answer = await call('POST', `/api/flashcards/${card.body.id}/review`, { token, json: { rating: 4 } });
  expect(answer.status).toBe(200);
  return Date.parse(answer.body.flashcard?.due ?? answer.body.due) - Date.now();
}

describe('FSRS parameters of one person', () => {
  it('answers the defaults, the review count and the minimum to someone who never optimized', async () => {
    const ada = await signUp('fsrs');
    const res = await call('GET', '/api/users/me/fsrs-params', { token: ada.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ params: null, defaults: [...default_w], review_count: 0, min_reviews: 400 });
  });

  it('saves valid parameters, refuses wrong ones with 422 and keeps what was saved, forgets them on DELETE', async () => {
    const ada = await signUp('fsrs');
    const bob = await signUp('fsrs');
    expect((await call('PUT', '/api/users/me/fsrs-params', { token: ada.token, json: { params: OWN } })).status).toBe(200);
    for (const params of [OWN.slice(0, 19), [...OWN.slice(0, 20), 7], [...OWN.slice(0, 3), -1, ...OWN.slice(4)], 'w']) {
      const refused = await call('PUT', '/api/users/me/fsrs-params', { token: ada.token, json: { params } });
      expect(refused.status).toBe(422);
    }
    expect((await call('GET', '/api/users/me/fsrs-params', { token: ada.token })).body.params).toEqual(OWN);
    // Another person keeps the defaults.
    expect((await call('GET', '/api/users/me/fsrs-params', { token: bob.token })).body.params).toBeNull();
    expect((await call('DELETE', '/api/users/me/fsrs-params', { token: ada.token })).status).toBe(204);
    expect((await call('GET', '/api/users/me/fsrs-params', { token: ada.token })).body.params).toBeNull();
    expect((await call('GET', '/api/users/me/fsrs-params')).status).toBe(401);
  });

  it('schedules answers with the saved parameters', async () => {
    const withDefaults = await signUp('fsrs');
    const withOwn = await signUp('fsrs');
    await call('PUT', '/api/users/me/fsrs-params', { token: withOwn.token, json: { params: OWN } });
    const [a, b] = [await firstEasyInterval(withDefaults.token), await firstEasyInterval(withOwn.token)];
    expect(b).toBeGreaterThan(a * 3);
  });

  it("measures mastery by the person's own forgetting curve: after an answer, an undo and the nightly refresh", async () => {
    const steeper = [...default_w];
    steeper[20] = 0.8; // FSRS's steepest decay: recall four weeks ahead is lower than by the defaults
    const masteryAfterGood = async (params: number[] | null) => {
      const person = await signUp('fsrs');
      if (params) expect((await call('PUT', '/api/users/me/fsrs-params', { token: person.token, json: { params } })).status).toBe(200);
      const concept = await call('POST', '/api/concepts', { token: person.token, json: { title: 'Courbe' } });
      const cards = [];
      for (const q of ['Q1', 'Q2']) cards.push((await call('POST', `/api/concepts/${concept.body.id}/flashcards`, { token: person.token, json: { question: q, answer: 'A' } })).body.id);
      for (const id of cards) expect((await call('POST', `/api/flashcards/${id}/review`, { token: person.token, json: { rating: 3 } })).status).toBe(200);
      const read = async () => (await env.DB.prepare('SELECT mastery_level FROM concepts WHERE id = ?').bind(concept.body.id).first<{ mastery_level: number }>())!.mastery_level;
      const afterAnswers = await read();
      expect((await call('POST', `/api/flashcards/${cards[1]}/review/undo`, { token: person.token })).status).toBe(200);
      const afterUndo = await read();
      await env.DB.prepare('UPDATE concepts SET mastery_level = NULL WHERE id = ?').bind(concept.body.id).run();
      await refreshMastery(env, Date.now(), person.id);
      return { afterAnswers, afterUndo, refreshed: await read() };
    };
    const defaults = await masteryAfterGood(null);
    const own = await masteryAfterGood(steeper);
    expect(own.afterAnswers).toBeLessThan(defaults.afterAnswers - 0.05);
    expect(own.afterUndo).toBeLessThan(defaults.afterUndo - 0.02);
    expect(own.refreshed).toBeCloseTo(own.afterUndo, 2);
    expect(defaults.refreshed).toBeCloseTo(defaults.afterUndo, 2);
  });

  it('hands the review log to the optimizer as items: one per answer after a card’s first', async () => {
    const ada = await signUp('fsrs');
    const concept = await call('POST', '/api/concepts', { token: ada.token, json: { title: 'Historique' } });
    const card = await call('POST', `/api/concepts/${concept.body.id}/flashcards`, { token: ada.token, json: { question: 'Q', answer: 'A' } });
    for (const rating of [1, 3, 3]) expect((await call('POST', `/api/flashcards/${card.body.id}/review`, { token: ada.token, json: { rating } })).status).toBe(200);
    const history = await call('GET', '/api/users/me/review-history', { token: ada.token });
    expect(history.status).toBe(200);
    expect(history.body).toEqual({ review_count: 3, ratings: [1, 3, 1, 3, 3], deltas: [0, 0, 0, 0, 0], lengths: [2, 3] });
    expect((await call('GET', '/api/users/me/fsrs-params', { token: ada.token })).body.review_count).toBe(3);
  });
});
