/**
 * The workload tools through the API: load balancing and easy days on an answer,
 * sibling burying, leeches, the review order, and suspend / bury / reschedule / forget by
 * hand with their undo.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, type Preferences } from '../../worker/src/domain/preferences';
import { reviewCard, STATE, type StoredCard } from '../../worker/src/domain/fsrs';
import { balancedInterval, EASY_DAY_CAPACITY, fuzzRange, weekdayIndex } from '../../worker/src/domain/workload';
import { addDays, studyDayBounds, studyDayKey, studyDayStart } from '../../worker/src/domain/study-day';
import { call, env, signUp, type TestUser } from './helpers';
import { at, createCard, insertConcept, insertLoad, setCardState, setPreferences } from './study-fixtures';

const DAY = 86_400_000;
const T0 = Date.parse('2026-03-02T09:00:00Z'); // a Monday, 09:00 UTC (the test people count in UTC)

/** A card that has been in review for a while: stability 30 days, last answered 30 days before T0, due at T0. */
const REVIEWED: StoredCard = { due: T0, stability: 30, difficulty: 5, elapsedDays: 30, scheduledDays: 30, learningSteps: 0, reps: 5, lapses: 0, state: STATE.Review, lastReview: T0 - 30 * DAY };

const dayOf = (iso: string) => studyDayKey(Date.parse(iso), 'UTC');

describe('load balancing', () => {
  async function reviewedCard(prefix: string) {
    const user = await signUp(prefix);
    const conceptId = await insertConcept(user, 'Charge');
    const card = await createCard(user, conceptId, 'Capitale du Pérou ?', T0 - 40 * DAY);
    await setCardState(card.id, REVIEWED);
    const plain = reviewCard(REVIEWED, T0, 3, { fuzz: false });
    const range = fuzzRange(plain.card.scheduledDays, plain.log.elapsedDays)!;
    const today = studyDayKey(T0, 'UTC');
    const dayStart = (d: number) => studyDayStart(addDays(today, d), 'UTC');
    return { user, conceptId, card, range, today, dayStart };
  }

  it('puts the answer on the least loaded day of the fuzz range, and gives the same day after an undo', async () => {
    const { user, conceptId, card, range, today, dayStart } = await reviewedCard('balance');
    expect(range.max - range.min).toBeGreaterThanOrEqual(2);
    // Every day of the range is crowded but one near its end.
    const quiet = range.max - 1;
    for (let d = range.min; d <= range.max; d += 1) await insertLoad(user, conceptId, dayStart(d) + 3_600_000, d === quiet ? 1 : 6, T0 - DAY);
    const first = await call('POST', `/api/flashcards/${card.id}/review`, { token: user.token, json: { rating: 3 }, headers: at(T0) });
    expect(first.status).toBe(200);
    expect(dayOf(first.body.flashcard.due)).toBe(addDays(today, quiet));
    expect(first.body.flashcard.scheduled_days).toBe(quiet);

    expect((await call('POST', `/api/flashcards/${card.id}/review/undo`, { token: user.token, headers: at(T0 + 1000) })).status).toBe(200);
    const again = await call('POST', `/api/flashcards/${card.id}/review`, { token: user.token, json: { rating: 3 }, headers: at(T0) });
    expect(again.body.flashcard.due).toBe(first.body.flashcard.due);
  });

  it('avoids a reduced easy day that holds fewer cards, and leaves fuzz alone when balancing is off', async () => {
    const { user, conceptId, card, range, today, dayStart } = await reviewedCard('easydays');
    const quiet = range.max - 1;
    for (let d = range.min; d <= range.max; d += 1) await insertLoad(user, conceptId, dayStart(d) + 3_600_000, d === quiet ? 2 : 3, T0 - DAY);
    // The quiet day's weekday made minimum: balancing goes elsewhere.
    const weekday = (new Date(`${addDays(today, quiet)}T00:00:00Z`).getUTCDay() + 6) % 7;
    const easyDays = [...DEFAULT_PREFERENCES.easy_days] as Preferences['easy_days'];
    easyDays[weekday] = 'minimum';
    await setPreferences(user, { easy_days: easyDays });
    const res = await call('POST', `/api/flashcards/${card.id}/review`, { token: user.token, json: { rating: 3 }, headers: at(T0) });
    const day = Date.parse(res.body.flashcard.due);
    expect(dayOf(res.body.flashcard.due)).not.toBe(addDays(today, quiet));
    expect(res.body.flashcard.scheduled_days).toBeGreaterThanOrEqual(range.min);
    expect(res.body.flashcard.scheduled_days).toBeLessThanOrEqual(range.max);
    expect(day).toBe(T0 + res.body.flashcard.scheduled_days * DAY);
  });
});

describe('load balancing against the loads as they stand', () => {
  /** A card in review state REVIEWED (all share one fuzz range at T0). */
  async function reviewedCards(user: TestUser, conceptId: number, count: number) {
    const ids: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const card = await createCard(user, conceptId, `Question ${i} ?`, T0 - 40 * DAY);
      await setCardState(card.id, REVIEWED);
      ids.push(card.id);
    }
    return ids;
  }
  const plain = reviewCard(REVIEWED, T0, 3, { fuzz: false });
  const range = fuzzRange(plain.card.scheduledDays, plain.log.elapsedDays)!;
  const today = studyDayKey(T0, 'UTC');
  const dayStart = (d: number) => studyDayStart(addDays(today, d), 'UTC');
  const answer = async (user: TestUser, id: number) => {
    const res = await call('POST', `/api/flashcards/${id}/review`, { token: user.token, json: { rating: 3 }, headers: at(T0) });
    expect(res.status).toBe(200);
    return res.body.flashcard as { due: string; scheduled_days: number };
  };

  it('counts what other writes did since the last answer: cards moved onto a day by hand, cards suspended', async () => {
    const user = await signUp('balancefresh');
    const conceptId = await insertConcept(user, 'Fraîcheur');
    const [first, second, ...later] = await reviewedCards(user, conceptId, 4);
    // The second day of the range holds three cards rescheduled there by hand, the quiet day one card, every other day three.
    const quiet = range.max - 1;
    const moved = await reviewedCards(user, conceptId, 3);
    const reschedule = async (id: number, days: number) =>
      expect((await call('POST', `/api/flashcards/${id}/reschedule`, { token: user.token, headers: at(T0), json: { days } })).status).toBe(200);
    for (const id of moved) await reschedule(id, range.min + 1);
    for (let d = range.min; d <= range.max; d += 1) if (d !== range.min + 1) await insertLoad(user, conceptId, dayStart(d) + 3_600_000, d === quiet ? 1 : 3, T0 - DAY);
    expect((await answer(user, first!)).scheduled_days).toBe(quiet);

    // Since: two more cards rescheduled by hand onto the quiet day, and the three cards of the second day suspended.
    for (const id of later) await reschedule(id, quiet);
    for (const id of moved) expect((await call('POST', `/api/flashcards/${id}/suspend`, { token: user.token, headers: at(T0 + 1000) })).status).toBe(200);
    const next = await answer(user, second!);
    expect(next.scheduled_days).toBe(range.min + 1);
    expect(dayOf(next.due)).toBe(addDays(today, range.min + 1));
  });

  it('picks the day balancedInterval picks for the loads and easy days of each answer, ties included', async () => {
    const user = await signUp('balanceparity');
    const conceptId = await insertConcept(user, 'Parité');
    const answeredConcept = await insertConcept(user, 'Parité, cartes répondues');
    const days = range.max - range.min + 1;
    const loads = Array.from({ length: days }, () => 0);
    const levels = ['normal', 'reduced', 'minimum'] as const;
    const cards = await reviewedCards(user, answeredConcept, 8);
    const picked: number[] = [];
    for (const [trial, id] of cards.entries()) {
      // Small loads so that ties are common; every easy-day mix, all-minimum weeks included.
      for (let i = 0; i < days; i += 1) {
        const added = (trial * 7 + i * 3) % (trial % 3 === 0 ? 2 : 4);
        if (added) await insertLoad(user, conceptId, dayStart(range.min + i) + 3_600_000, added, T0 - DAY);
        loads[i]! += added;
      }
      const easyDays = Array.from({ length: 7 }, (_, w) => (trial === 5 ? 'minimum' : levels[(trial + w * (trial + 1)) % 3]!)) as Preferences['easy_days'];
      await setPreferences(user, { easy_days: easyDays });
      const capacities = loads.map((_, i) => EASY_DAY_CAPACITY[easyDays[weekdayIndex(addDays(today, range.min + i))]!]);
      const expected = balancedInterval({ range, interval: plain.card.scheduledDays, loads, capacities });
      const card = await answer(user, id);
      expect({ trial, day: card.scheduled_days }).toEqual({ trial, day: expected });
      expect(Date.parse(card.due)).toBe(T0 + expected * DAY);
      loads[expected - range.min]! += 1;
      picked.push(expected);
    }
    // The review log keeps each interval picked; the concept's next review is its cards' earliest due date.
    const logged = await env.DB.prepare('SELECT scheduled_days FROM review_logs WHERE user_id = ? ORDER BY id').bind(user.id).all<{ scheduled_days: number }>();
    expect(logged.results.map((r) => r.scheduled_days)).toEqual(picked);
    const concept = await env.DB.prepare('SELECT next_review_at FROM concepts WHERE id = ?').bind(answeredConcept).first<{ next_review_at: number }>();
    expect(concept!.next_review_at).toBe(T0 + Math.min(...picked) * DAY);
  });
});

describe('burying siblings', () => {
  it("keeps a concept's other card out of today's session once one was answered; undo brings it back", async () => {
    const user = await signUp('bury');
    await setPreferences(user, { bury_siblings: true });
    const conceptId = await insertConcept(user, 'Vocabulaire');
    const front = await createCard(user, conceptId, 'chat → ?', T0 - DAY);
    const back = await createCard(user, conceptId, '? → cat', T0 - DAY);
    const session = await call('POST', '/api/study-sessions', { token: user.token, json: { method_type: 'FLASHCARDS', concept_ids: [conceptId] }, headers: at(T0) });
    expect(session.body.total_cards).toBe(2);
    const sid = session.body.id;
    const shown = await call('GET', `/api/study-sessions/${sid}/next-flashcard`, { token: user.token, headers: at(T0) });
    expect(shown.body.id).toBe(front.id);
    await call('POST', `/api/study-sessions/${sid}/flashcards/${front.id}/review`, { token: user.token, json: { rating: 4 }, headers: at(T0) });

    // The reverse is buried until the next study day starts: the session has nothing left.
    const sibling = await call('GET', `/api/flashcards/${back.id}`, { token: user.token, headers: at(T0) });
    expect(sibling.body.buried_until).toBe(new Date(studyDayBounds(T0, 'UTC').end).toISOString());
    expect((await call('GET', `/api/study-sessions/${sid}/next-flashcard`, { token: user.token, headers: at(T0 + 1000) })).status).toBe(404);
    expect((await call('GET', '/api/flashcards/due', { token: user.token, headers: at(T0 + 1000) })).body.map((c: { id: number }) => c.id)).not.toContain(back.id);
    // Tomorrow it is due again.
    expect((await call('GET', '/api/flashcards/due', { token: user.token, headers: at(T0 + DAY) })).body.map((c: { id: number }) => c.id)).toContain(back.id);

    // Undoing the answer unburies it, and the session shows it again.
    await call('POST', `/api/study-sessions/${sid}/flashcards/${front.id}/review/undo`, { token: user.token, headers: at(T0 + 2000) });
    expect((await call('GET', `/api/flashcards/${back.id}`, { token: user.token })).body.buried_until).toBeNull();
    expect((await call('GET', `/api/study-sessions/${sid}/next-flashcard`, { token: user.token, headers: at(T0 + 3000) })).body.id).toBe(front.id);
  });

  it('buries nothing with the preference off (the default, as Anki)', async () => {
    const user = await signUp('nobury');
    const conceptId = await insertConcept(user, 'Vocabulaire');
    const front = await createCard(user, conceptId, 'chien → ?', T0 - DAY);
    const back = await createCard(user, conceptId, '? → dog', T0 - DAY);
    await call('POST', `/api/flashcards/${front.id}/review`, { token: user.token, json: { rating: 4 }, headers: at(T0) });
    expect((await call('GET', `/api/flashcards/${back.id}`, { token: user.token })).body.buried_until).toBeNull();
  });
});

describe('leeches', () => {
  async function lapsingCard(prefix: string, changes: Partial<Preferences>) {
    const user = await signUp(prefix);
    await setPreferences(user, { leech_threshold: 3, ...changes });
    const conceptId = await insertConcept(user, 'Difficile');
    const card = await createCard(user, conceptId, 'Date de la bataille de Marignan ?', T0 - 40 * DAY);
    await env.DB.prepare("UPDATE flashcards SET tags = '[\"histoire\"]' WHERE id = ?").bind(card.id).run();
    await setCardState(card.id, { ...REVIEWED, lapses: 2 });
    return { user, card };
  }

  it("tags a card that reaches the threshold 'sangsue' and suspends it; it shows in the leech list; undo takes both back", async () => {
    const { user, card } = await lapsingCard('leech', {});
    const res = await call('POST', `/api/flashcards/${card.id}/review`, { token: user.token, json: { rating: 1 }, headers: at(T0) });
    expect(res.body.flashcard).toMatchObject({ lapses: 3, suspended: true, tags: ['histoire', 'sangsue'] });
    const leeches = await call('GET', '/api/flashcards/leeches', { token: user.token });
    expect(leeches.body.map((c: { id: number }) => c.id)).toEqual([card.id]);
    // Suspended: not due, even once its relearning step is.
    expect((await call('GET', '/api/flashcards/due', { token: user.token, headers: at(T0 + DAY) })).body).toEqual([]);

    const undone = await call('POST', `/api/flashcards/${card.id}/review/undo`, { token: user.token, headers: at(T0 + 1000) });
    expect(undone.body.flashcard).toMatchObject({ lapses: 2, suspended: false, tags: ['histoire'] });
    expect((await call('GET', '/api/flashcards/leeches', { token: user.token })).body).toEqual([]);
  });

  it('only tags it when the leech action says so, and unsuspending from the list clears the tag', async () => {
    const { user, card } = await lapsingCard('leechtag', { leech_action: 'tag' });
    const res = await call('POST', `/api/flashcards/${card.id}/review`, { token: user.token, json: { rating: 1 }, headers: at(T0) });
    expect(res.body.flashcard).toMatchObject({ suspended: false, tags: ['histoire', 'sangsue'] });
    const cleared = await call('POST', `/api/flashcards/${card.id}/unsuspend`, { token: user.token, headers: at(T0 + 1000) });
    expect(cleared.body.flashcard).toMatchObject({ suspended: false, tags: ['histoire'] });
    expect((await call('GET', '/api/flashcards/leeches', { token: user.token })).body).toEqual([]);
  });
});

describe('review order', () => {
  it('with more due than a session takes, the retrievability order takes the cards most likely forgotten', async () => {
    const user = await signUp('order');
    const conceptId = await insertConcept(user, 'Arriéré');
    // 60 stable cards long overdue, then one fragile card barely overdue.
    await env.DB.prepare(
      `INSERT INTO flashcards (user_id, concept_id, question, answer, due, stability, state, last_review, created_at, updated_at)
       SELECT ?1, ?2, 'solide', 'solide', ?3 - value * 3600000, 300, 2, ?3 - 100 * 86400000, ?3, ?3 FROM json_each(?4)`,
    )
      .bind(user.id, conceptId, T0 - 20 * DAY, JSON.stringify(Array.from({ length: 60 }, (_, i) => i)))
      .run();
    const fragile = await createCard(user, conceptId, 'fragile', T0 - 10 * DAY);
    await setCardState(fragile.id, { ...REVIEWED, due: T0 - DAY, stability: 1, lastReview: T0 - 3 * DAY });

    const byDue = await call('POST', '/api/study-sessions', { token: user.token, json: { method_type: 'FLASHCARDS' }, headers: at(T0) });
    expect(byDue.body.total_cards).toBe(50);
    expect((await call('GET', `/api/study-sessions/${byDue.body.id}/next-flashcard`, { token: user.token, headers: at(T0) })).body.id).not.toBe(fragile.id);
    await call('PUT', `/api/study-sessions/${byDue.body.id}/end`, { token: user.token, headers: at(T0) });

    await setPreferences(user, { review_order: 'retrievability' });
    const byRecall = await call('POST', '/api/study-sessions', { token: user.token, json: { method_type: 'FLASHCARDS' }, headers: at(T0) });
    expect((await call('GET', `/api/study-sessions/${byRecall.body.id}/next-flashcard`, { token: user.token, headers: at(T0) })).body.id).toBe(fragile.id);
  });
});

describe('suspend, bury, reschedule and forget by hand', () => {
  async function dueCard(prefix: string) {
    const user = await signUp(prefix);
    const conceptId = await insertConcept(user, 'Main');
    const card = await createCard(user, conceptId, 'Symbole du fer ?', T0 - 40 * DAY);
    await setCardState(card.id, REVIEWED);
    return { user, card };
  }
  const dueIds = async (user: TestUser, time: number) => (await call('GET', '/api/flashcards/due', { token: user.token, headers: at(time) })).body.map((c: { id: number }) => c.id);
  const act = (user: TestUser, id: number, action: string, time: number, json?: unknown) => call('POST', `/api/flashcards/${id}/${action}`, { token: user.token, headers: at(time), json });

  it('suspends a card out of the due list until it is unsuspended; undo takes a suspension back', async () => {
    const { user, card } = await dueCard('suspend');
    expect((await act(user, card.id, 'suspend', T0)).body.flashcard.suspended).toBe(true);
    expect(await dueIds(user, T0 + DAY)).toEqual([]);
    const undone = await act(user, card.id, 'actions/undo', T0 + 1000);
    expect(undone.body).toMatchObject({ action: 'suspend', flashcard: { suspended: false } });
    expect(await dueIds(user, T0 + 2000)).toEqual([card.id]);
    expect((await act(user, card.id, 'actions/undo', T0 + 3000)).body.code).toBe('nothing_to_undo');
  });

  it('buries a card until the next study day; unbury and undo bring it back', async () => {
    const { user, card } = await dueCard('buryhand');
    const buried = await act(user, card.id, 'bury', T0);
    expect(buried.body.flashcard.buried_until).toBe(new Date(studyDayBounds(T0, 'UTC').end).toISOString());
    expect(await dueIds(user, T0 + 1000)).toEqual([]);
    expect(await dueIds(user, studyDayBounds(T0, 'UTC').end)).toEqual([card.id]);
    expect((await act(user, card.id, 'unbury', T0 + 1000)).body.flashcard.buried_until).toBeNull();
    expect((await act(user, card.id, 'actions/undo', T0 + 2000)).body.flashcard.buried_until).not.toBeNull();
    expect((await act(user, card.id, 'actions/undo', T0 + 3000)).body.flashcard.buried_until).toBeNull();
  });

  it('reschedules a card to the start of a study day, keeping its memory; undo puts the due date back', async () => {
    const { user, card } = await dueCard('reschedule');
    const res = await act(user, card.id, 'reschedule', T0, { days: 5 });
    expect(res.body.flashcard).toMatchObject({ due: new Date(studyDayStart(addDays(studyDayKey(T0, 'UTC'), 5), 'UTC')).toISOString(), stability: 30, state: 'Review' });
    expect(await dueIds(user, T0 + DAY)).toEqual([]);
    expect((await act(user, card.id, 'actions/undo', T0 + 1000)).body.flashcard.due).toBe(new Date(T0).toISOString());
    for (const days of [-1, 1.5, 40_000, 'demain']) {
      const bad = await act(user, card.id, 'reschedule', T0 + 2000, { days });
      expect(bad.status).toBe(422);
      expect(JSON.stringify(bad.body.detail)).toContain('Le nombre de jours doit être un entier de 0 à 36500.');
    }
    expect((await call('GET', `/api/flashcards/${card.id}`, { token: user.token })).body.due).toBe(new Date(T0).toISOString());
  });

  it("forgets a card ('Oublier'): new again with its history kept; undo restores its memory", async () => {
    const { user, card } = await dueCard('forget');
    const res = await act(user, card.id, 'forget', T0);
    expect(res.body.flashcard).toMatchObject({ state: 'New', reps: 0, lapses: 0, stability: 0, last_review: null });
    const undone = await act(user, card.id, 'actions/undo', T0 + 1000);
    expect(undone.body.flashcard).toMatchObject({ state: 'Review', reps: 5, stability: 30, due: new Date(T0).toISOString() });
  });

  it('refuses to undo an action once the card was answered since', async () => {
    const { user, card } = await dueCard('undolate');
    await act(user, card.id, 'bury', T0);
    await call('POST', `/api/flashcards/${card.id}/review`, { token: user.token, json: { rating: 3 }, headers: at(T0 + 1000) });
    const res = await act(user, card.id, 'actions/undo', T0 + 2000);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('card_changed');
  });

  it("answers 404 for another person's card, and changes nothing", async () => {
    const { user, card } = await dueCard('owner');
    const other = await signUp('intruder');
    for (const action of ['suspend', 'unsuspend', 'bury', 'unbury', 'forget', 'actions/undo']) {
      const res = await act(other, card.id, action, T0);
      expect(res.status).toBe(404);
    }
    expect((await act(other, card.id, 'reschedule', T0, { days: 3 })).status).toBe(404);
    await act(user, card.id, 'suspend', T0);
    expect((await act(other, card.id, 'actions/undo', T0 + 1000)).status).toBe(404);
    const mine = await call('GET', `/api/flashcards/${card.id}`, { token: user.token });
    expect(mine.body).toMatchObject({ suspended: true, state: 'Review', due: new Date(T0).toISOString() });
  });
});
