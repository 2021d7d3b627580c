/**
 * POST /api/flashcards/reviews: answers given offline, uploaded in one batch,
 * each with its device's client id and the time it was given.
 */
import { describe, expect, it } from 'vitest';
import { newCard, reviewCard, type RatingValue, type StoredCard } from '../../worker/src/domain/fsrs';
import { call, env, signUp, type TestUser } from './helpers';
import { at, createCard, insertConcept } from './study-fixtures';

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
