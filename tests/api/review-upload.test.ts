/**
 * POST /api/flashcards/reviews: answers given offline, uploaded in one batch,
 * each with its device's client id and the time it was given.
 */
import { describe, expect, it } from 'vitest';
import { newCard, reviewCard, STATE, type RatingValue, type StoredCard } from '../../worker/src/domain/fsrs';
import { addDays, studyDayBounds, studyDayKey, studyDayStart } from '../../worker/src/domain/study-day';
import { fuzzRange } from '../../worker/src/domain/workload';
import { call, env, signUp, type TestUser } from './helpers';
import { at, createCard, insertConcept, insertLoad, setCardState, setPreferences } from './study-fixtures';

const T0 = Date.parse('2026-03-02T08:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let counter = 0;
const clientId = () => `dev-${Date.now().toString(36)}-${(counter++).toString(36)}`;
const answer = (flashcardId: number, rating: RatingValue, time: number, id = clientId()) => ({ client_id: id, flashcard_id: flashcardId, rating, reviewed_at: new Date(time).toISOString(), duration_ms: 4000 });

const upload = (user: TestUser, reviews: unknown[], now = T0 + 10 * DAY) => call('POST', '/api/flashcards/reviews', { token: user.token, json: { reviews }, headers: at(now) });

const logOf = (cardId: number) =>
  env.DB.prepare('SELECT uid, rating, reviewed_at, state, stability, card_before FROM review_logs WHERE flashcard_id = ? ORDER BY reviewed_at, id').bind(cardId).all<{ uid: string; rating: number; reviewed_at: number; state: number; stability: number; card_before: string }>();

/** The card as answering online in time order would leave it. */
function inTimeOrder(answers: [RatingValue, number][], created: number): StoredCard {
  return answers.reduce((card, [rating, time]) => reviewCard(card, time, rating, { fuzz: true }).card, newCard(created));
}

async function setup(prefix: string) {
  const user = await signUp(prefix);
  const conceptId = await insertConcept(user, `Hors ligne ${prefix}`);
  const card = await createCard(user, conceptId, 'Capitale du Pérou ?', T0);
  return { user, conceptId, card };
}

describe('uploading answers given offline', () => {
  it('logs each answer with its client id at its own time, in review-time order, and schedules the card as answering online would', async () => {
    const { user, conceptId, card } = await setup('upl');
    // FSRS alone here (with its fuzz); load balancing's day choice has its own test below.
    await setPreferences(user, { load_balancing: false });
    const other = await createCard(user, conceptId, 'Capitale du Chili ?', T0);
    const batch = [answer(card.id, 3, T0 + 2 * DAY), answer(other.id, 1, T0 + HOUR), answer(card.id, 3, T0 + HOUR)];
    const res = await upload(user, batch);
    expect(res.status).toBe(200);
    // Accepted in replay order (review time), whatever order they were queued in.
    expect(res.body.accepted).toEqual([batch[1]!.client_id, batch[2]!.client_id, batch[0]!.client_id]);
    expect(res.body.skipped).toEqual([]);

    const log = (await logOf(card.id)).results;
    expect(log.map((r) => [r.uid, r.reviewed_at])).toEqual([
      [batch[2]!.client_id, T0 + HOUR],
      [batch[0]!.client_id, T0 + 2 * DAY],
    ]);
    const expected = inTimeOrder([[3, T0 + HOUR], [3, T0 + 2 * DAY]], T0);
    const presented = res.body.flashcards.find((f: { id: number }) => f.id === card.id);
    expect(presented).toMatchObject({ due: new Date(expected.due).toISOString(), stability: expected.stability, reps: 2, last_review: new Date(T0 + 2 * DAY).toISOString() });
    const stored = await call('GET', `/api/flashcards/${card.id}`, { token: user.token });
    expect(stored.body).toMatchObject({ due: presented.due, reps: 2 });
    // The concept's next review follows its cards.
    const concept = await env.DB.prepare('SELECT next_review_at FROM concepts WHERE id = ?').bind(conceptId).first<{ next_review_at: number }>();
    expect(concept!.next_review_at).toBe(Math.min(expected.due, Date.parse(res.body.flashcards.find((f: { id: number }) => f.id === other.id).due)));
  });

  it('a replay of the same batch adds nothing, and a batch repeating an id counts it once', async () => {
    const { user, card } = await setup('again');
    const batch = [answer(card.id, 3, T0 + HOUR), answer(card.id, 4, T0 + DAY)];
    expect((await upload(user, batch)).status).toBe(200);
    const first = (await logOf(card.id)).results;
    const after = await call('GET', `/api/flashcards/${card.id}`, { token: user.token });

    const again = await upload(user, [...batch, batch[0]]);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ accepted: [], skipped: [batch[0]!.client_id, batch[1]!.client_id, batch[0]!.client_id] });
    expect((await logOf(card.id)).results).toEqual(first);
    expect((await call('GET', `/api/flashcards/${card.id}`, { token: user.token })).body).toEqual(after.body);
  });

  it('two devices that reviewed one card offline end with both answers in the log in time order, and one state', async () => {
    const { user, card } = await setup('twodev');
    // Device A uploads first an answer given on day 2; device B then uploads one given on day 1.
    const fromA = answer(card.id, 4, T0 + 2 * DAY);
    const fromB = answer(card.id, 1, T0 + DAY);
    expect((await upload(user, [fromA])).status).toBe(200);
    const res = await upload(user, [fromB]);
    expect(res.status).toBe(200);
    expect(res.body.accepted).toEqual([fromB.client_id]);

    const log = (await logOf(card.id)).results;
    expect(log.map((r) => [r.uid, r.rating])).toEqual([
      [fromB.client_id, 1],
      [fromA.client_id, 4],
    ]);
    const expected = inTimeOrder([[1, T0 + DAY], [4, T0 + 2 * DAY]], T0);
    expect(res.body.flashcards[0]).toMatchObject({ due: new Date(expected.due).toISOString(), stability: expected.stability, reps: 2 });
    // A's logged answer was scheduled again from the state B's answer left.
    expect(JSON.parse(log[1]!.card_before)).toEqual(inTimeOrder([[1, T0 + DAY]], T0));
  });

  it('an answer the server logged online whose reply was lost is logged once, when the device sends it again alone or in its offline queue', async () => {
    const { user, conceptId, card } = await setup('lost');
    const id = clientId();
    const online = () => call('POST', `/api/flashcards/${card.id}/review`, { token: user.token, json: { rating: 3, duration_ms: 4000, client_id: id }, headers: at(T0 + HOUR) });
    const first = await online();
    expect(first.status).toBe(200);
    // The reply never came: the device sends the same answer again, then queues it offline with its id.
    const again = await online();
    expect(again.status).toBe(200);
    expect(again.body.review_id).toBe(first.body.review_id);
    expect(again.body.flashcard).toMatchObject({ reps: 1, due: first.body.flashcard.due });
    const res = await upload(user, [answer(card.id, 3, T0 + HOUR, id)]);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accepted: [], skipped: [id] });
    expect((await logOf(card.id)).results.map((r) => [r.uid, r.reviewed_at])).toEqual([[id, T0 + HOUR]]);
    const stored = await call('GET', `/api/flashcards/${card.id}`, { token: user.token });
    expect(stored.body).toMatchObject({ reps: 1, due: first.body.flashcard.due });

    // The id naming another card's answer is refused, nothing written.
    const sibling = await createCard(user, conceptId, 'Capitale du Chili ?', T0);
    const mixed = await call('POST', `/api/flashcards/${sibling.id}/review`, { token: user.token, json: { rating: 3, client_id: id }, headers: at(T0 + 2 * HOUR) });
    expect(mixed.status).toBe(409);
    expect(mixed.body.code).toBe('client_id_conflict');
    expect((await logOf(sibling.id)).results).toEqual([]);
  });

  it('refuses another person\'s card with 404 and writes nothing of the batch', async () => {
    const { user, card } = await setup('mine');
    const { card: theirs } = await setup('theirs');
    const res = await upload(user, [answer(card.id, 3, T0 + HOUR), answer(theirs.id, 3, T0 + HOUR)]);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    expect((await logOf(card.id)).results).toEqual([]);
    expect((await logOf(theirs.id)).results).toEqual([]);
  });

  it('refuses bad input with 422: a missing or short client id, a rating outside 1–4, a date that is not one, an empty or oversized batch', async () => {
    const { user, card } = await setup('bad');
    for (const reviews of [
      [{ ...answer(card.id, 3, T0), client_id: 'x' }],
      [{ ...answer(card.id, 3, T0), client_id: undefined }],
      [{ ...answer(card.id, 3, T0), rating: 5 }],
      [{ ...answer(card.id, 3, T0), reviewed_at: 'hier' }],
      [],
      Array.from({ length: 501 }, (_, i) => answer(card.id, 3, T0 + i)),
    ]) {
      const res = await upload(user, reviews);
      expect(res.status).toBe(422);
    }
    expect((await logOf(card.id)).results).toEqual([]);
  });
});

describe('an uploaded answer decides what an online one would', () => {
  /** In review for a month, due at T0. */
  const REVIEWED: StoredCard = { due: T0, stability: 30, difficulty: 5, elapsedDays: 30, scheduledDays: 30, learningSteps: 0, reps: 5, lapses: 0, state: STATE.Review, lastReview: T0 - 30 * DAY };

  it('load balancing puts it on the quiet day of its fuzz range, the day an online answer gets', async () => {
    const plain = reviewCard(REVIEWED, T0, 3, { fuzz: false });
    const range = fuzzRange(plain.card.scheduledDays, plain.log.elapsedDays)!;
    const quiet = range.max - 1;
    const today = studyDayKey(T0, 'UTC');
    const crowded = async (prefix: string) => {
      const { user, conceptId, card } = await setup(prefix);
      await setCardState(card.id, REVIEWED);
      for (let d = range.min; d <= range.max; d += 1) await insertLoad(user, conceptId, studyDayStart(addDays(today, d), 'UTC') + HOUR, d === quiet ? 1 : 6, T0 - DAY);
      return { user, card };
    };
    const online = await crowded('balon');
    const offline = await crowded('baloff');
    const answered = await call('POST', `/api/flashcards/${online.card.id}/review`, { token: online.user.token, json: { rating: 3 }, headers: at(T0) });
    const uploaded = await upload(offline.user, [answer(offline.card.id, 3, T0)], T0 + HOUR);
    expect(uploaded.status).toBe(200);
    expect(studyDayKey(Date.parse(uploaded.body.flashcards[0].due), 'UTC')).toBe(addDays(today, quiet));
    expect(uploaded.body.flashcards[0]).toMatchObject({ due: answered.body.flashcard.due, scheduled_days: quiet, stability: answered.body.flashcard.stability });
    expect((await logOf(offline.card.id)).results[0]).toMatchObject({ state: STATE.Review });
  });

  it("a lapse that reaches the leech threshold tags and suspends the card; undo takes both back", async () => {
    const { user, card } = await setup('uleech');
    await setPreferences(user, { leech_threshold: 3 });
    await setCardState(card.id, { ...REVIEWED, lapses: 2 });
    const res = await upload(user, [answer(card.id, 1, T0)], T0 + HOUR);
    expect(res.body.flashcards[0]).toMatchObject({ lapses: 3, suspended: true, tags: ['sangsue'] });
    expect((await call('GET', '/api/flashcards/leeches', { token: user.token })).body.map((c: { id: number }) => c.id)).toEqual([card.id]);
    const undone = await call('POST', `/api/flashcards/${card.id}/review/undo`, { token: user.token, headers: at(T0 + 2 * HOUR) });
    expect(undone.body.flashcard).toMatchObject({ lapses: 2, suspended: false, tags: [] });
  });

  it("buries the card's siblings while the answer's study day lasts, not once it is over", async () => {
    const { user, conceptId, card } = await setup('ubury');
    await setPreferences(user, { bury_siblings: true });
    const sibling = await createCard(user, conceptId, 'Pérou : capitale ?', T0 - DAY);
    // Given on day 1, uploaded on day 2: that study day is over, nothing to bury.
    expect((await upload(user, [answer(card.id, 3, T0 + HOUR)], T0 + DAY + HOUR)).status).toBe(200);
    expect((await call('GET', `/api/flashcards/${sibling.id}`, { token: user.token })).body.buried_until).toBeNull();
    // Given this morning, uploaded this afternoon: the sibling waits for tomorrow, as after an answer online.
    expect((await upload(user, [answer(card.id, 4, T0 + DAY + 2 * HOUR)], T0 + DAY + 3 * HOUR)).status).toBe(200);
    expect((await call('GET', `/api/flashcards/${sibling.id}`, { token: user.token })).body.buried_until).toBe(new Date(studyDayBounds(T0 + DAY, 'UTC').end).toISOString());
    // Undo of that answer unburies it.
    await call('POST', `/api/flashcards/${card.id}/review/undo`, { token: user.token, headers: at(T0 + DAY + 4 * HOUR) });
    expect((await call('GET', `/api/flashcards/${sibling.id}`, { token: user.token })).body.buried_until).toBeNull();
  });

  it('undo takes back the latest answer by review time, even when an earlier one was uploaded after it', async () => {
    const { user, card } = await setup('uundo');
    // Answered online at 10:00, then a phone uploads an answer it gave offline at 09:00.
    const online = await call('POST', `/api/flashcards/${card.id}/review`, { token: user.token, json: { rating: 3 }, headers: at(T0 + 2 * HOUR) });
    expect(online.status).toBe(200);
    const offline = answer(card.id, 1, T0 + HOUR);
    expect((await upload(user, [offline], T0 + 3 * HOUR)).status).toBe(200);
    // Undo removes the 10:00 answer: the card is as the 09:00 answer left it.
    const undone = await call('POST', `/api/flashcards/${card.id}/review/undo`, { token: user.token, headers: at(T0 + 4 * HOUR) });
    expect(undone.status).toBe(200);
    expect((await logOf(card.id)).results.map((r) => r.uid)).toEqual([offline.client_id]);
    const expected = inTimeOrder([[1, T0 + HOUR]], T0);
    expect(undone.body.flashcard).toMatchObject({ due: new Date(expected.due).toISOString(), reps: 1, last_review: new Date(T0 + HOUR).toISOString() });
  });
});

describe('cards suspended or buried offline, uploaded with the answers', () => {
  const setAside = (flashcardId: number, action: 'suspend' | 'bury', time: number, id = clientId()) => ({ client_id: id, flashcard_id: flashcardId, action, done_at: new Date(time).toISOString() });
  const uploadAll = (user: TestUser, json: { reviews?: unknown[]; actions?: unknown[] }, now: number) =>
    call('POST', '/api/flashcards/reviews', { token: user.token, json, headers: { ...at(now), 'x-time-zone': 'UTC' } });
  const actionsOf = (cardId: number) => env.DB.prepare('SELECT action, uid FROM flashcard_actions WHERE flashcard_id = ? ORDER BY id').bind(cardId).all<{ action: string; uid: string }>();
  const cardOf = async (user: TestUser, id: number) => (await call('GET', `/api/flashcards/${id}`, { token: user.token })).body;

  it('applies each after the answers, the burial until the end of its own study day; the same batch again adds nothing', async () => {
    const { user, conceptId, card } = await setup('aside');
    const other = await createCard(user, conceptId, 'Capitale du Chili ?', T0);
    const doneAt = T0 + HOUR;
    const batch = { reviews: [answer(card.id, 3, T0 + 30 * 60_000)], actions: [setAside(card.id, 'suspend', doneAt), setAside(other.id, 'bury', doneAt)] };
    const now = doneAt + HOUR;
    const res = await uploadAll(user, batch, now);
    expect(res.status).toBe(200);
    expect(res.body.accepted).toEqual([batch.reviews[0]!.client_id, batch.actions[0]!.client_id, batch.actions[1]!.client_id]);
    const suspended = await cardOf(user, card.id);
    // Answered, then suspended: the answer's scheduling stands.
    expect(suspended).toMatchObject({ suspended: true, reps: 1, last_review: new Date(T0 + 30 * 60_000).toISOString() });
    expect((await cardOf(user, other.id)).buried_until).toBe(new Date(studyDayBounds(doneAt, 'UTC').end).toISOString());

    const again = await uploadAll(user, batch, now + HOUR);
    expect(again.status).toBe(200);
    expect(again.body.accepted).toEqual([]);
    expect(again.body.skipped.sort()).toEqual([batch.reviews[0]!.client_id, ...batch.actions.map((a) => a.client_id)].sort());
    expect((await actionsOf(card.id)).results).toEqual([{ action: 'suspend', uid: batch.actions[0]!.client_id }]);
    expect((await actionsOf(other.id)).results).toHaveLength(1);
    expect((await logOf(card.id)).results).toHaveLength(1);
  });

  it('a retried upload after the person unsuspended online does not suspend the card again; undo takes an uploaded suspension back', async () => {
    const { user, card } = await setup('flip');
    const batch = { actions: [setAside(card.id, 'suspend', T0 + HOUR)] };
    expect((await uploadAll(user, batch, T0 + 2 * HOUR)).status).toBe(200);
    const undone = await call('POST', `/api/flashcards/${card.id}/actions/undo`, { token: user.token, headers: at(T0 + 3 * HOUR) });
    expect(undone.status).toBe(200);
    expect(undone.body.flashcard.suspended).toBe(false);
    // Suspended again and unsuspended by hand; then the device's lost reply makes it upload again.
    expect((await uploadAll(user, { actions: [setAside(card.id, 'suspend', T0 + 4 * HOUR)] }, T0 + 4 * HOUR)).status).toBe(200);
    expect((await call('POST', `/api/flashcards/${card.id}/unsuspend`, { token: user.token, headers: at(T0 + 5 * HOUR) })).status).toBe(200);
    const retried = await uploadAll(user, batch, T0 + 6 * HOUR);
    expect(retried.body.skipped).toEqual([batch.actions[0]!.client_id]);
    expect((await cardOf(user, card.id)).suspended).toBe(false);
  });

  it('a burial whose study day is over by the upload leaves the card shown', async () => {
    const { user, card } = await setup('late');
    const res = await uploadAll(user, { actions: [setAside(card.id, 'bury', T0)] }, T0 + 2 * DAY);
    expect(res.status).toBe(200);
    expect((await cardOf(user, card.id)).buried_until).toBeNull();
  });

  it("refuses another person's card with 404 and writes nothing of the batch, answers included; bad actions get 422", async () => {
    const { user, card } = await setup('asidemine');
    const { card: theirs } = await setup('asidetheirs');
    const res = await uploadAll(user, { reviews: [answer(card.id, 3, T0 + HOUR)], actions: [setAside(theirs.id, 'suspend', T0 + HOUR)] }, T0 + 2 * HOUR);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    expect((await logOf(card.id)).results).toEqual([]);
    expect((await actionsOf(theirs.id)).results).toEqual([]);
    expect((await cardOf(user, card.id)).reps).toBe(0);
    for (const actions of [[{ ...setAside(card.id, 'suspend', T0), action: 'forget' }], [{ ...setAside(card.id, 'bury', T0), done_at: 'hier' }], [{ ...setAside(card.id, 'bury', T0), client_id: 'x' }]]) {
      const bad = await uploadAll(user, { actions }, T0 + HOUR);
      expect(bad.status).toBe(422);
      expect(bad.body.code).toEqual(expect.any(String));
    }
    expect((await actionsOf(card.id)).results).toEqual([]);
  });
});
