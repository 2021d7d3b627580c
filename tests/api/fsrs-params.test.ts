/**
 * A person's own FSRS parameters: read with the defaults and the review count,
 * saved only when valid (422 otherwise, nothing saved), forgotten on DELETE, never another
 * person's; answers are scheduled with them; the review log comes back as optimizer items.
 */
import { describe, expect, it } from 'vitest';
import { default_w } from 'ts-fsrs';
import { refreshMastery } from '../../worker/src/services/mastery-refresh';
import { call, env, signUp, type TestUser } from './helpers';
import { insertConcept, insertLoad, setPreferences } from './study-fixtures';

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
    expect(res.body).toEqual({
      params: null,
      defaults: [...default_w],
      review_count: 0,
      min_reviews: 400,
      fit: { id: 0, at: null, review_count: null, loss_before: null, loss_after: null },
      auto_optimize: true,
      auto_fit_due: false,
    });
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

const DAY = 86_400_000;

/**
 * `cards` cards answered 'Good' at gaps of 0, 10, 40 and 120 days: a memory far steadier
 * than FSRS's defaults predict (420 reviews for 105 cards).
 */
async function steadyLog(person: TestUser, cards = 105): Promise<void> {
  const concept = await insertConcept(person, 'Mémoire');
  const start = Date.UTC(2025, 0, 6, 9);
  await insertLoad(person, concept, start + 400 * DAY, cards, start);
  const ids = (await env.DB.prepare('SELECT id FROM flashcards WHERE user_id = ? ORDER BY id').bind(person.id).all<{ id: number }>()).results.map((r) => r.id);
  const events: [number, number, number][] = [];
  for (const id of ids) {
    let at = start;
    for (const gap of [0, 10, 40, 120]) events.push([id, (at += gap * DAY), 3]);
  }
  await env.DB.prepare(
    `INSERT INTO review_logs (user_id, flashcard_id, rating, state, due, stability, difficulty, elapsed_days, last_elapsed_days, scheduled_days, learning_steps, reviewed_at, card_before)
     SELECT ?1, json_extract(value, '$[0]'), json_extract(value, '$[2]'), 2, 0, 1, 5, 0, 0, 0, 0, json_extract(value, '$[1]'), '{}' FROM json_each(?2)`,
  )
    .bind(person.id, JSON.stringify(events))
    .run();
}

/** Parameters whose first 'Good' lasts far longer than the defaults': better on a steady log. */
const STEADY = default_w.map((w, i) => (i === 2 ? 60 : w));
/** Parameters whose first 'Good' lasts barely a moment: worse on it. */
const SHAKY = default_w.map((w, i) => (i === 2 ? 0.01 : w));

describe('automatic optimisation: fits made by the page', () => {
  it('is due at 400 reviews, saves a better fit with its log losses, then is no longer due', async () => {
    const ada = await signUp('autofit');
    await steadyLog(ada);
    const before = await call('GET', '/api/users/me/fsrs-params', { token: ada.token });
    expect(before.body).toMatchObject({ review_count: 420, auto_fit_due: true, fit: { id: 0, at: null } });
    const saved = await call('POST', '/api/users/me/fsrs-params/fits', { token: ada.token, json: { based_on: 0, params: STEADY } });
    expect(saved.status).toBe(200);
    expect(saved.body.params).toEqual(STEADY);
    expect(saved.body.auto_fit_due).toBe(false);
    expect(saved.body.fit).toMatchObject({ id: 1, review_count: 420 });
    expect(saved.body.fit.loss_after).toBeLessThan(saved.body.fit.loss_before);
    expect(Date.parse(saved.body.fit.at)).toBeGreaterThan(Date.now() - 60_000);
    // Every device now reads the same parameters and the same last fit.
    expect((await call('GET', '/api/users/me/fsrs-params', { token: ada.token })).body).toEqual(saved.body);
  });

  it('refuses with 409 a fit that predicts worse, or one built on an older fit, and changes nothing', async () => {
    const ada = await signUp('autofit');
    await steadyLog(ada);
    const worse = await call('POST', '/api/users/me/fsrs-params/fits', { token: ada.token, json: { based_on: 0, params: SHAKY } });
    expect(worse.status).toBe(409);
    expect(worse.body.code).toBe('no_improvement');
    expect(worse.body.detail).toMatch(/^Ces paramètres ne prédisent pas mieux vos révisions/);
    expect(worse.body.loss_after).toBeGreaterThan(worse.body.loss_before);
    const unchanged = await call('GET', '/api/users/me/fsrs-params', { token: ada.token });
    expect(unchanged.body).toMatchObject({ params: null, fit: { id: 0 }, auto_fit_due: true });

    // One device saves a fit; another, which read the state before it, is refused.
    expect((await call('POST', '/api/users/me/fsrs-params/fits', { token: ada.token, json: { based_on: 0, params: STEADY } })).status).toBe(200);
    const better = STEADY.map((w, i) => (i === 2 ? 80 : w));
    const stale = await call('POST', '/api/users/me/fsrs-params/fits', { token: ada.token, json: { based_on: 0, params: better } });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('stale_fit');
    expect(stale.body.fit.id).toBe(1);
    expect((await call('POST', '/api/users/me/fsrs-params/fits', { token: ada.token, json: { based_on: 0, params: null } })).status).toBe(409);
    expect((await call('GET', '/api/users/me/fsrs-params', { token: ada.token })).body).toMatchObject({ params: STEADY, fit: { id: 1 } });
  });

  it('records a fit that found nothing better, so no device fits again before it is due', async () => {
    const ada = await signUp('autofit');
    await steadyLog(ada);
    const checked = await call('POST', '/api/users/me/fsrs-params/fits', { token: ada.token, json: { based_on: 0, params: null } });
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ params: null, auto_fit_due: false, fit: { id: 1, review_count: 420, loss_before: null, loss_after: null } });
  });

  it('counts a manual save as a fit, and the switch turns the automatic one off', async () => {
    const ada = await signUp('autofit');
    await steadyLog(ada);
    expect((await call('PUT', '/api/users/me/fsrs-params', { token: ada.token, json: { params: STEADY } })).status).toBe(200);
    expect((await call('GET', '/api/users/me/fsrs-params', { token: ada.token })).body).toMatchObject({ auto_fit_due: false, fit: { id: 1, review_count: 420 } });
    const bob = await signUp('autofit');
    await steadyLog(bob);
    await setPreferences(bob, { auto_optimize: false });
    expect((await call('GET', '/api/users/me/fsrs-params', { token: bob.token })).body).toMatchObject({ auto_optimize: false, auto_fit_due: false });
  });

  it("judges a fit on the sender's own log only, and refuses bad bodies with 422", async () => {
    const ada = await signUp('autofit');
    await steadyLog(ada);
    const bob = await signUp('autofit');
    // Bob has no reviews: nothing a fit could predict better.
    const onEmpty = await call('POST', '/api/users/me/fsrs-params/fits', { token: bob.token, json: { based_on: 0, params: STEADY } });
    expect(onEmpty.status).toBe(409);
    expect(onEmpty.body.code).toBe('no_improvement');
    expect((await call('GET', '/api/users/me/fsrs-params', { token: ada.token })).body.fit.id).toBe(0);
    for (const json of [{ params: STEADY }, { based_on: -1, params: STEADY }, { based_on: 1.5, params: null }, { based_on: 0, params: STEADY.slice(1) }, { based_on: 0 }]) {
      const refused = await call('POST', '/api/users/me/fsrs-params/fits', { token: ada.token, json });
      expect(refused.status).toBe(422);
      expect(refused.body.detail.length).toBeGreaterThan(0);
    }
    expect((await call('POST', '/api/users/me/fsrs-params/fits', { json: { based_on: 0, params: null } })).status).toBe(401);
    expect((await call('GET', '/api/users/me/fsrs-params', { token: ada.token })).body).toMatchObject({ params: null, fit: { id: 0 } });
  });
});

describe("the retention helper's input", () => {
  it("hands the page the person's own studied cards, new cards, parameters and preferences — never another's, nor suspended cards", async () => {
    const ada = await signUp('retention');
    const bob = await signUp('retention');
    await steadyLog(ada, 3);
    await steadyLog(bob, 5);
    const concept = await insertConcept(ada, 'Nouvelles');
    for (const q of ['N1', 'N2']) expect((await call('POST', `/api/concepts/${concept}/flashcards`, { token: ada.token, json: { question: q, answer: 'A' } })).status).toBe(201);
    const [first] = (await env.DB.prepare('SELECT id FROM flashcards WHERE user_id = ? AND state = 2 ORDER BY id').bind(ada.id).all<{ id: number }>()).results;
    await env.DB.prepare('UPDATE flashcards SET suspended = 1, last_review = ? WHERE id = ?').bind(Date.now() - 3 * DAY - 1000, first!.id).run();
    await env.DB.prepare('UPDATE flashcards SET last_review = ?, difficulty = 5 WHERE user_id = ? AND state = 2 AND id != ?').bind(Date.now() - 3 * DAY - 1000, ada.id, first!.id).run();
    await setPreferences(ada, { desired_retention: 0.85, new_cards_per_day: 7 });
    await call('PUT', '/api/users/me/fsrs-params', { token: ada.token, json: { params: STEADY } });
    const res = await call('GET', '/api/users/me/retention-helper', { token: ada.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ params: STEADY, desired_retention: 0.85, new_cards_per_day: 7, new_cards: 2, cards: { stability: [10, 10], difficulty: [5, 5], elapsed_days: [3, 3] } });
    const other = await call('GET', '/api/users/me/retention-helper', { token: bob.token });
    expect(other.body).toMatchObject({ params: [...default_w], desired_retention: 0.9, new_cards: 0 });
    expect(other.body.cards.stability).toHaveLength(5);
    expect((await call('GET', '/api/users/me/retention-helper')).status).toBe(401);
  });
});
