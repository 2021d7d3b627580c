import { describe, expect, it } from 'vitest';
import { call, env, signUp, type TestUser } from './helpers';
import { at, createCard, insertConcept, insertConstellation } from './study-fixtures';

const DAY = 86_400_000;
const session = (user: TestUser, json: unknown, headers: Record<string, string> = {}) => call('POST', '/api/study-sessions', { token: user.token, json, headers });
const next = (user: TestUser, id: number) => call('GET', `/api/study-sessions/${id}/next-flashcard`, { token: user.token });
const answer = (user: TestUser, id: number, cardId: number, rating: number) =>
  call('POST', `/api/study-sessions/${id}/flashcards/${cardId}/review`, { token: user.token, json: { rating } });

/** Answers every card the session serves, in order, with the given ratings; returns the card ids seen. */
async function runThrough(user: TestUser, id: number, ratings: number[]) {
  const seen: number[] = [];
  for (const rating of ratings) {
    const card = await next(user, id);
    expect(card.status).toBe(200);
    seen.push(card.body.id);
    expect((await answer(user, id, card.body.id, rating)).status).toBe(200);
  }
  return seen;
}

describe('creating a study session', () => {
  it("orders a concept session: due studied cards (most overdue first), then new cards; not-due cards only with 'Réviser en avance'", async () => {
    const user = await signUp('order');
    const conceptId = await insertConcept(user, 'Ordre');
    const now = Date.now();
    const fresh1 = await createCard(user, conceptId, 'nouvelle 1', now - 10 * DAY);
    const dueLate = await createCard(user, conceptId, 'due tard', now - 10 * DAY);
    const dueEarly = await createCard(user, conceptId, 'due tôt', now - 10 * DAY);
    const notDue = await createCard(user, conceptId, 'pas due', now - 10 * DAY);
    const fresh2 = await createCard(user, conceptId, 'nouvelle 2', now - 10 * DAY);
    // Again puts a card due within minutes: dueEarly answered earlier than dueLate.
    await call('POST', `/api/flashcards/${dueEarly.id}/review`, { token: user.token, json: { rating: 1 }, headers: at(now - 9 * DAY) });
    await call('POST', `/api/flashcards/${dueLate.id}/review`, { token: user.token, json: { rating: 1 }, headers: at(now - 8 * DAY) });
    await call('POST', `/api/flashcards/${notDue.id}/review`, { token: user.token, json: { rating: 4 }, headers: at(now) });

    const created = await session(user, { method_type: 'FLASHCARDS', concept_ids: [conceptId] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ method_type: 'FLASHCARDS', total_cards: 4, cards_reviewed: 0, average_rating: null, ended_at: null });
    // Facile graduates each card, so none comes back in the session.
    const seen = await runThrough(user, created.body.id, [4, 4, 4, 4]);
    expect(seen).toEqual([dueEarly.id, dueLate.id, fresh1.id, fresh2.id]);
    expect((await next(user, created.body.id)).status).toBe(404);

    // Now only cards not yet due remain: the session is refused with an offer to review ahead, which takes them.
    const refused = await session(user, { method_type: 'FLASHCARDS', concept_ids: [conceptId] });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'nothing_due_review_ahead', detail: 'Aucune carte à réviser maintenant dans cette sélection. Vous pouvez réviser en avance.' });
    const ahead = await session(user, { method_type: 'FLASHCARDS', concept_ids: [conceptId], review_ahead: true });
    expect(ahead.status).toBe(201);
    expect(ahead.body.total_cards).toBe(5);
    expect((await next(user, ahead.body.id)).status).toBe(200);
  });

  it('builds a session from a constellation, and from concept ids and a constellation together', async () => {
    const user = await signUp('constel');
    const a = await insertConcept(user, 'A');
    const b = await insertConcept(user, 'B');
    const outside = await insertConcept(user, 'Hors');
    await createCard(user, a, 'qa');
    await createCard(user, b, 'qb');
    await createCard(user, outside, 'qc');
    const constellationId = await insertConstellation(user, 'Biologie', [a, b]);
    const fromConstellation = await session(user, { method_type: 'FLASHCARDS', constellation_id: constellationId });
    expect(fromConstellation.status).toBe(201);
    expect(fromConstellation.body.total_cards).toBe(2);
    const both = await session(user, { method_type: 'FLASHCARDS', constellation_id: constellationId, concept_ids: [outside, a] });
    expect(both.body.total_cards).toBe(3);
  });

  it('without a selection, takes up to 50 due cards, most overdue first', async () => {
    const user = await signUp('duesess');
    const conceptId = await insertConcept(user, 'Beaucoup');
    const now = Date.now();
    const values = Array.from({ length: 60 }, (_, i) => `(${user.id}, ${conceptId}, 'q${i}', 'a', ${now - (i + 1) * 60_000}, 2, 5, 5, ${now - 10 * DAY}, ${now}, ${now})`).join(',');
    await env.DB.prepare(`INSERT INTO flashcards (user_id, concept_id, question, answer, due, state, stability, difficulty, last_review, created_at, updated_at) VALUES ${values}`).run();
    const created = await session(user, { method_type: 'FLASHCARDS' });
    expect(created.status).toBe(201);
    expect(created.body.total_cards).toBe(50);
    const first = await next(user, created.body.id);
    expect(first.body.question).toBe('q59');
    const dueOnly = await session(user, { method_type: 'FLASHCARDS', due_only: true });
    expect(dueOnly.body.total_cards).toBe(50);
  });

  it('says so when nothing is due or nothing is selected, and creates no session', async () => {
    const user = await signUp('empty');
    const nothingDue = await session(user, { method_type: 'FLASHCARDS' });
    expect(nothingDue.status).toBe(422);
    expect(nothingDue.body.detail).toBe('Aucune carte due pour révision trouvée !');
    const emptyList = await session(user, { method_type: 'FLASHCARDS', concept_ids: [] });
    expect(emptyList.status).toBe(422);
    expect(emptyList.body.detail).toBe('Veuillez sélectionner au moins un concept ou une constellation contenant des concepts.');
    const emptyConstellation = await session(user, { method_type: 'FLASHCARDS', constellation_id: await insertConstellation(user, 'Vide', []) });
    expect(emptyConstellation.body.detail).toBe('Veuillez sélectionner au moins un concept ou une constellation contenant des concepts.');
    const noCards = await session(user, { method_type: 'FLASHCARDS', concept_ids: [await insertConcept(user, 'Sans cartes')] });
    expect(noCards.status).toBe(422);
    for (const json of [{}, { method_type: 'SLEEPING' }, { method_type: 'FLASHCARDS', concept_ids: ['x'] }]) {
      expect((await session(user, json)).status).toBe(422);
    }
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM study_sessions WHERE user_id = ?').bind(user.id).first<{ n: number }>();
    expect(count!.n).toBe(0);
  });

  it('accepts the other methods with their concept set', async () => {
    const user = await signUp('methods');
    const conceptId = await insertConcept(user, 'Feynman');
    for (const method_type of ['BLURTING', 'FEYNMAN', 'CORNELL', 'COMPOSITE']) {
      const steps = method_type === 'COMPOSITE' ? { steps: ['BLURTING', 'FEYNMAN'] } : {};
      const res = await session(user, { method_type, concept_ids: [conceptId], ...steps });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ method_type, total_cards: 0, steps: method_type === 'COMPOSITE' ? ['BLURTING', 'FEYNMAN'] : null });
    }
    expect((await session(user, { method_type: 'FEYNMAN' })).status).toBe(422);
  });
});

describe('the study loop', () => {
  it("brings a card rated 'À nouveau' back later in the same session, and shows each rating's interval", async () => {
    const user = await signUp('lapse');
    const conceptId = await insertConcept(user, 'Rappel');
    const t0 = Date.now();
    const a = await createCard(user, conceptId, 'a', t0);
    const b = await createCard(user, conceptId, 'b', t0);
    const { body } = await session(user, { method_type: 'FLASHCARDS', concept_ids: [conceptId] }, at(t0));
    const nextAt = (time: number) => call('GET', `/api/study-sessions/${body.id}/next-flashcard`, { token: user.token, headers: at(time, false) });
    const answerAt = (cardId: number, rating: number, time: number) =>
      call('POST', `/api/study-sessions/${body.id}/flashcards/${cardId}/review`, { token: user.token, json: { rating }, headers: at(time, false) });
    const first = await nextAt(t0);
    expect(first.body.id).toBe(a.id);
    expect(Object.fromEntries(Object.entries(first.body.previews).map(([k, v]) => [k, (v as { interval: string }).interval]))).toMatchObject({ '1': '1 min', '3': '10 min' });
    expect(first.body.previews['4'].interval).toMatch(/^\d+ j$/);
    await answerAt(a.id, 1, t0 + 1000);
    expect((await nextAt(t0 + 2000)).body.id).toBe(b.id);
    await answerAt(b.id, 4, t0 + 3000);
    // Only the failed card is left: it comes back (learn-ahead), passes on its learning steps, then the session is done.
    expect((await nextAt(t0 + 4000)).body.id).toBe(a.id);
    await answerAt(a.id, 3, t0 + 5000);
    expect((await nextAt(t0 + 6000)).body.id).toBe(a.id);
    await answerAt(a.id, 3, t0 + 7000);
    expect((await nextAt(t0 + 8000)).status).toBe(404);
    // Counted once, with its latest rating.
    expect((await call('GET', `/api/study-sessions/${body.id}`, { token: user.token })).body).toMatchObject({ total_cards: 2, cards_reviewed: 2 });
  });

  it('takes at most 20 new cards a day, due cards first, counting new cards already introduced today', async () => {
    const user = await signUp('newcap');
    const conceptId = await insertConcept(user, 'Plein');
    const now = Date.now();
    const values = Array.from({ length: 25 }, (_, i) => `(${user.id}, ${conceptId}, 'n${i}', 'a', ${now - DAY}, 0, ${now}, ${now})`).join(',');
    await env.DB.prepare(`INSERT INTO flashcards (user_id, concept_id, question, answer, due, state, created_at, updated_at) VALUES ${values}`).run();
    const due = await env.DB.prepare(
      `INSERT INTO flashcards (user_id, concept_id, question, answer, due, state, stability, difficulty, last_review, created_at, updated_at) VALUES (?, ?, 'due', 'a', ?, 2, 3, 5, ?, ?, ?) RETURNING id`,
    ).bind(user.id, conceptId, now - DAY, now - 4 * DAY, now, now).first<{ id: number }>();
    const first = await session(user, { method_type: 'FLASHCARDS', concept_ids: [conceptId] });
    expect(first.body.total_cards).toBe(21);
    expect((await next(user, first.body.id)).body.id).toBe(due!.id);
    // Introduce 3 new cards today: the next session offers 17 new ones.
    for (let i = 0; i < 4; i++) {
      const card = await next(user, first.body.id);
      await answer(user, first.body.id, card.body.id, 4);
    }
    const second = await session(user, { method_type: 'FLASHCARDS', concept_ids: [conceptId] });
    expect(second.body.total_cards).toBe(17);
  });

  it("takes the person's own new_cards_per_day from their preferences", async () => {
    const user = await signUp('ownCap');
    const conceptId = await insertConcept(user, 'Mesuré');
    for (let i = 0; i < 6; i++) await createCard(user, conceptId, `q${i}`);
    const prefs = await call('GET', '/api/users/me/preferences', { token: user.token });
    expect((await call('PUT', '/api/users/me/preferences', { token: user.token, json: { ...prefs.body, new_cards_per_day: 4 } })).status).toBe(200);
    expect((await session(user, { method_type: 'FLASHCARDS', concept_ids: [conceptId] })).body.total_cards).toBe(4);
    expect((await call('PUT', '/api/users/me/preferences', { token: user.token, json: { ...prefs.body, new_cards_per_day: 0 } })).status).toBe(200);
    expect((await session(user, { method_type: 'FLASHCARDS', concept_ids: [conceptId] })).status).toBe(422);
  });
});

describe('running a study session', () => {
  it('counts a card answered twice once, with its latest rating, and logs both answers', async () => {
    const user = await signUp('twice');
    const conceptId = await insertConcept(user, 'Deux fois');
    const c1 = await createCard(user, conceptId, 'un');
    const c2 = await createCard(user, conceptId, 'deux');
    const { body } = await session(user, { method_type: 'FLASHCARDS', concept_ids: [conceptId] });
    let res = await answer(user, body.id, c1.id, 1);
    expect(res.body).toMatchObject({ total_cards: 2, cards_reviewed: 1, average_rating: 1 });
    res = await answer(user, body.id, c1.id, 4);
    expect(res.body).toMatchObject({ total_cards: 2, cards_reviewed: 1, average_rating: 4 });
    expect(res.body.flashcard.reps).toBe(2);
    res = await answer(user, body.id, c2.id, 3);
    expect(res.body).toMatchObject({ cards_reviewed: 2, average_rating: 3.5 });
    // c2 is on a learning step (Bon on a new card: 10 min): it comes back in this session; Facile graduates it.
    expect((await next(user, body.id)).body.id).toBe(c2.id);
    res = await answer(user, body.id, c2.id, 4);
    expect(res.body).toMatchObject({ cards_reviewed: 2, average_rating: 4 });
    const logs = await env.DB.prepare('SELECT COUNT(*) AS n FROM review_logs WHERE session_id = ?').bind(body.id).first<{ n: number }>();
    expect(logs!.n).toBe(4);
    expect((await next(user, body.id)).status).toBe(404);

    // Undo in the session takes back the latest answer; the earlier rating counts again.
    const undo = await call('POST', `/api/study-sessions/${body.id}/flashcards/${c1.id}/review/undo`, { token: user.token });
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ cards_reviewed: 2, average_rating: 2.5 });
    expect(undo.body.flashcard.reps).toBe(1);
    await call('POST', `/api/study-sessions/${body.id}/flashcards/${c1.id}/review/undo`, { token: user.token });
    const after = await call('GET', `/api/study-sessions/${body.id}`, { token: user.token });
    expect(after.body).toMatchObject({ cards_reviewed: 1, average_rating: 4 });
    expect((await next(user, body.id)).body.id).toBe(c1.id);
  });

  it('refuses a card that is not in the session, and a rating outside 1–4', async () => {
    const user = await signUp('outside');
    const conceptId = await insertConcept(user, 'Dedans');
    const inside = await createCard(user, conceptId, 'dedans');
    const { body } = await session(user, { method_type: 'FLASHCARDS', concept_ids: [conceptId] });
    const outsideCard = await createCard(user, await insertConcept(user, 'Dehors'), 'dehors');
    expect((await answer(user, body.id, outsideCard.id, 3)).status).toBe(404);
    expect((await answer(user, body.id, inside.id, 7)).status).toBe(422);
    expect((await call('POST', `/api/study-sessions/${body.id}/flashcards/${inside.id}/review/undo`, { token: user.token })).status).toBe(404);
    const current = await call('GET', `/api/study-sessions/${body.id}`, { token: user.token });
    expect(current.body.cards_reviewed).toBe(0);
  });

  it('ends once (idempotent), then serves no card and takes no answer; the summary numbers hold', async () => {
    const user = await signUp('end');
    const conceptId = await insertConcept(user, 'Fin');
    const cards = [await createCard(user, conceptId, 'a'), await createCard(user, conceptId, 'b'), await createCard(user, conceptId, 'c')];
    const started = Date.now();
    const { body } = await session(user, { method_type: 'FLASHCARDS', concept_ids: [conceptId] }, at(started));
    await runThrough(user, body.id, [4, 2]);
    const end = await call('PUT', `/api/study-sessions/${body.id}/end`, { token: user.token, headers: at(started + 60_000) });
    expect(end.status).toBe(200);
    expect(end.body).toEqual({
      id: body.id,
      method_type: 'FLASHCARDS',
      total_cards: 3,
      cards_reviewed: 2,
      average_rating: 3,
      started_at: new Date(started).toISOString(),
      ended_at: new Date(started + 60_000).toISOString(),
      steps: null,
    });
    const again = await call('PUT', `/api/study-sessions/${body.id}/end`, { token: user.token });
    expect(again.body.ended_at).toBe(new Date(started + 60_000).toISOString());
    expect((await next(user, body.id)).status).toBe(404);
    expect((await answer(user, body.id, cards[2]!.id, 3)).status).toBe(409);
  });

  it('answers 404 for another person’s session on every route', async () => {
    const owner = await signUp('sessowner');
    const other = await signUp('sessother');
    const conceptId = await insertConcept(owner, 'À moi');
    const card = await createCard(owner, conceptId, 'q');
    const { body } = await session(owner, { method_type: 'FLASHCARDS', concept_ids: [conceptId] });
    const attempts: [string, string, unknown?][] = [
      ['GET', `/api/study-sessions/${body.id}`],
      ['GET', `/api/study-sessions/${body.id}/next-flashcard`],
      ['POST', `/api/study-sessions/${body.id}/flashcards/${card.id}/review`, { rating: 3 }],
      ['POST', `/api/study-sessions/${body.id}/flashcards/${card.id}/review/undo`],
      ['PUT', `/api/study-sessions/${body.id}/end`],
    ];
    for (const [method, path, json] of attempts) expect((await call(method, path, { token: other.token, json })).status, path).toBe(404);
    // Nor may a session be built from someone else's concept or constellation.
    expect((await session(other, { method_type: 'FLASHCARDS', concept_ids: [conceptId] })).status).toBe(404);
    expect((await session(other, { method_type: 'FLASHCARDS', constellation_id: await insertConstellation(owner, 'Privée', [conceptId]) })).status).toBe(404);
    const mine = await call('GET', `/api/study-sessions/${body.id}`, { token: owner.token });
    expect(mine.body).toMatchObject({ cards_reviewed: 0, ended_at: null });
  });
});
