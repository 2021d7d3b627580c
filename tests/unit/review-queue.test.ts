/**
 * The page's queue of answers given offline (issue 28, web/src/features/flashcards/review-queue.ts):
 * local scheduling, undo, upload oldest first in the server's batch size, retries that
 * never double an answer, and what a logout would lose. The server is played by a fake
 * that applies the domain's replay rule (order, ids already logged skipped).
 */
import { describe, expect, it } from 'vitest';
import { cardColumns, newCard, reviewCard, STATE_NAMES, type RatingValue, type StoredCard } from '@domain/fsrs';
import { replayOrder } from '@domain/review-replay';
import { actionReplayOrder } from '@domain/action-replay';
import { pendingLossText, pendingText, ReviewQueue, UPLOAD_CHUNK, type ApiCard, type SendAnswers } from '../../web/src/features/flashcards/review-queue';
import { memoryClock } from '../../web/src/lib/device-queue';
import type { AnswerStore, QueuedAnswer, QueuedItem } from '../../web/src/lib/queued-answer';
import { OfflineStudySession } from '../../web/src/features/study/offline-session';

const T0 = Date.parse('2026-03-01T09:00:00Z');
const MINUTE = 60_000;
const DAY = 86_400_000;
const scheduling = { desiredRetention: 0.9, params: null };

/** A card as the API sends it, from a stored memory state. */
function apiCard(id: number, card: StoredCard = newCard(T0)): ApiCard {
  const c = cardColumns(card);
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return { ...c, id, due: iso(c.due)!, last_review: iso(c.last_review), state: STATE_NAMES[c.state]! };
}

/** IndexedDB's part, in memory: records by client id, each with its user. */
function memoryStore(records = new Map<string, QueuedItem>()): AnswerStore & { records: Map<string, QueuedItem> } {
  return {
    records,
    all: async (userId) => [...records.values()].filter((a) => a.user_id === userId),
    put: async (answer) => void records.set(answer.client_id, structuredClone(answer)),
    remove: async (ids) => ids.forEach((id) => records.delete(id)),
  };
}

/** The server: logs each batch with the replay rule; `fail` makes a call fail, before or after logging. */
function fakeServer() {
  const logged: { clientId: string; flashcardId: number; reviewedAt: number; rating: RatingValue }[] = [];
  const calls: string[][] = [];
  let fail: ((batch: string[]) => { status: number; afterLogging?: boolean } | null) | null = null;
  const deleted = new Set<number>();
  const actions: { clientId: string; flashcardId: number; action: string }[] = [];
  const send: SendAnswers = async (answers, setAside = []) => {
    const ids = [...answers, ...setAside].map((a) => a.client_id);
    calls.push(ids);
    if ([...answers, ...setAside].some((a) => deleted.has(a.flashcard_id))) throw Object.assign(new Error('Flashcard introuvable'), { status: 404 });
    const failure = fail?.(ids) ?? null;
    if (failure && !failure.afterLogging) throw Object.assign(new Error('failed'), { status: failure.status });
    const known = new Set(logged.map((l) => l.clientId));
    const fresh = replayOrder(
      answers.map((a) => ({ clientId: a.client_id, flashcardId: a.flashcard_id, rating: a.rating, reviewedAt: Date.parse(a.reviewed_at), durationMs: a.duration_ms })),
      known,
    );
    logged.push(...fresh.map((r) => ({ clientId: r.clientId, flashcardId: r.flashcardId, reviewedAt: r.reviewedAt, rating: r.rating })));
    const freshActions = actionReplayOrder(
      setAside.map((a) => ({ clientId: a.client_id, flashcardId: a.flashcard_id, action: a.action, doneAt: Date.parse(a.done_at) })),
      new Set(actions.map((a) => a.clientId)),
    );
    actions.push(...freshActions);
    // The answer is lost on the way back: the device does not know the server logged the batch.
    if (failure) throw Object.assign(new Error('failed'), { status: failure.status });
    const accepted = [...fresh.map((r) => r.clientId), ...freshActions.map((a) => a.clientId)];
    return { accepted, skipped: ids.filter((id) => !accepted.includes(id)) };
  };
  return { send, logged, actions, calls, deleted, failWith: (f: typeof fail) => void (fail = f) };
}

async function queueOf(store = memoryStore(), server = fakeServer(), userId = 7) {
  const queue = new ReviewQueue(userId, store, server.send);
  await queue.ready;
  return { queue, store, server };
}

describe('answering without the server', () => {
  it('schedules the answer on the device with FSRS and the person\'s parameters, and the card is no longer due here', async () => {
    const { queue, store } = await queueOf();
    const card = apiCard(1);
    const answer = await queue.answer(card, { rating: 3, durationMs: 4200, scheduling, now: T0 });
    // A new card answered 'Bon' comes back after FSRS's 10-minute learning step.
    expect(answer.after.due).toBe(T0 + 10 * MINUTE);
    expect(answer).toMatchObject({ flashcard_id: 1, rating: 3, reviewed_at: '2026-03-01T09:00:00.000Z', duration_ms: 4200, user_id: 7 });
    expect(answer.client_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(queue.dueAt(card)).toBe(T0 + 10 * MINUTE);
    expect(queue.dueAt(apiCard(2))).toBe(T0);
    expect([...store.records.values()]).toEqual([answer]);
    expect(queue.state().pending).toBe(1);
  });

  it('a review card answered with the person\'s own parameters gets their interval, not the defaults\'', async () => {
    const reviewed = reviewCard(reviewCard(newCard(T0), T0, 3, { fuzz: false }).card, T0 + DAY, 3, { fuzz: false }).card;
    const own = [...[0.4, 0.9, 2.3, 10.9], 4.93, 0.94, 0.86, 0.01, 1.49, 0.14, 0.94, 2.18, 0.05, 0.34, 1.26, 0.29, 2.61, 0.8, 0.2, 0.1, 0.5];
    const { queue } = await queueOf();
    const withDefaults = await queue.answer(apiCard(1, reviewed), { rating: 3, durationMs: null, scheduling, now: T0 + 5 * DAY });
    const withOwn = await queue.answer(apiCard(2, reviewed), { rating: 3, durationMs: null, scheduling: { desiredRetention: 0.9, params: own }, now: T0 + 5 * DAY });
    expect(withDefaults.after.due).toBe(reviewCard(reviewed, T0 + 5 * DAY, 3, { fuzz: true }).card.due);
    expect(withOwn.after.due).toBe(reviewCard(reviewed, T0 + 5 * DAY, 3, { fuzz: true, params: own }).card.due);
    expect(withOwn.after.stability).not.toBe(withDefaults.after.stability);
  });

  it('a card answered twice offline is scheduled the second time from its state on the device', async () => {
    const { queue } = await queueOf();
    const card = apiCard(1);
    const first = await queue.answer(card, { rating: 1, durationMs: null, scheduling, now: T0 });
    const second = await queue.answer(card, { rating: 3, durationMs: null, scheduling, now: T0 + 2 * MINUTE });
    expect(second.after).toEqual(reviewCard(first.after, T0 + 2 * MINUTE, 3, { fuzz: true }).card);
    expect(second.after.reps).toBe(2);
  });

  it('undo takes the answer out of the queue and gives the card back its previous state on the device', async () => {
    const { queue, store } = await queueOf();
    const card = apiCard(1);
    const first = await queue.answer(card, { rating: 3, durationMs: null, scheduling, now: T0 });
    const second = await queue.answer(card, { rating: 4, durationMs: null, scheduling, now: T0 + 20 * MINUTE });
    await queue.undo(second.client_id);
    expect(queue.list().map((a) => a.client_id)).toEqual([first.client_id]);
    expect([...store.records.keys()]).toEqual([first.client_id]);
    expect(queue.dueAt(card)).toBe(first.after.due);
    await queue.undo(first.client_id);
    expect(queue.dueAt(card)).toBe(T0);
    expect(queue.state().pending).toBe(0);
  });

  it('the queue outlives the page: a new page reads this person\'s answers back, not another\'s', async () => {
    const store = memoryStore();
    const { queue } = await queueOf(store);
    const mine = await queue.answer(apiCard(1), { rating: 3, durationMs: null, scheduling, now: T0 });
    const other = new ReviewQueue(8, store, fakeServer().send);
    await other.ready;
    await other.answer(apiCard(50), { rating: 2, durationMs: null, scheduling, now: T0 });
    const reopened = new ReviewQueue(7, store, fakeServer().send);
    await reopened.ready;
    expect(reopened.list()).toEqual([mine]);
    expect(reopened.dueAt(apiCard(1))).toBe(mine.after.due);
  });

  it('a page opened with nothing kept on the device is not drawn again once the device has been read', async () => {
    // The pages read the state with useSyncExternalStore: a call of the listener with a new
    // state draws them again at once (the whole drawer, while the knowledge graph is laid out).
    const queue = new ReviewQueue(7, memoryStore(), fakeServer().send);
    const before = queue.state();
    const listened: number[] = [];
    queue.subscribe(() => listened.push(queue.state().pending));
    await queue.ready;
    expect(listened).toEqual([]);
    expect(queue.state()).toBe(before);
    expect(queue.list()).toEqual([]);
  });
});

describe('uploading the queue', () => {
  it('sends every answer oldest first, in batches the server takes, and empties the queue', async () => {
    const { queue, store, server } = await queueOf();
    const count = 2 * UPLOAD_CHUNK + 7;
    // Queued out of order (two devices' clocks, a reopened page): uploaded by review time.
    for (let i = 0; i < count; i++) await queue.answer(apiCard(1 + (i % 40)), { rating: 3, durationMs: null, scheduling, now: T0 + ((i * 7919) % count) * MINUTE });
    await queue.upload();
    expect(server.calls.map((c) => c.length)).toEqual([UPLOAD_CHUNK, UPLOAD_CHUNK, 7]);
    const times = server.logged.map((l) => l.reviewedAt);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(server.logged).toHaveLength(count);
    expect(queue.state()).toMatchObject({ pending: 0, syncing: false });
    expect(queue.state().lastSync).not.toBeNull();
    expect(store.records.size).toBe(0);
  });

  it('an answer given in a study session names it, is listed for that session across a reload, and is uploaded with it', async () => {
    const store = memoryStore();
    const { queue } = await queueOf(store);
    await queue.answer(apiCard(1), { rating: 4, durationMs: 900, scheduling, now: T0, clientId: 'in-session-1', sessionId: 42 });
    await queue.answer(apiCard(2), { rating: 3, durationMs: null, scheduling, now: T0 + MINUTE, clientId: 'outside-1' });
    const reopened = new ReviewQueue(7, store, async (answers) => {
      sent.push(...answers);
      return { accepted: answers.map((a) => a.client_id), skipped: [] };
    });
    const sent: Parameters<SendAnswers>[0] = [];
    await reopened.ready;
    expect(reopened.sessionAnswers(42).map((a) => [a.client_id, a.flashcard_id, a.rating])).toEqual([['in-session-1', 1, 4]]);
    expect(reopened.sessionAnswers(43)).toEqual([]);
    await reopened.upload();
    expect(sent.map((a) => [a.client_id, a.session_id])).toEqual([['in-session-1', 42], ['outside-1', undefined]]);
  });

  it('an upload whose answer was lost on the way back is sent again and adds nothing twice', async () => {
    const { queue, server } = await queueOf();
    for (let i = 0; i < 5; i++) await queue.answer(apiCard(i + 1), { rating: 3, durationMs: null, scheduling, now: T0 + i * MINUTE });
    server.failWith(() => ({ status: 0, afterLogging: true }));
    await expect(queue.upload()).rejects.toMatchObject({ status: 0 });
    expect(queue.state().pending).toBe(5);
    expect(queue.state().lastSync).toBeNull();
    server.failWith(null);
    await queue.upload();
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]).toEqual(server.calls[0]);
    expect(server.logged.map((l) => l.clientId)).toEqual(server.calls[0]);
    expect(queue.state().pending).toBe(0);
  });

  it('a card suspended or buried offline is not due here, goes up with the answers in time order, and a lost reply applies it once', async () => {
    const store = memoryStore();
    const { queue, server } = await queueOf(store);
    await queue.answer(apiCard(1), { rating: 3, durationMs: null, scheduling, now: T0 });
    await queue.setAside(2, 'suspend', T0 + MINUTE, null);
    await queue.setAside(3, 'bury', T0 + 2 * MINUTE, T0 + DAY);
    await queue.answer(apiCard(4), { rating: 3, durationMs: null, scheduling, now: T0 + 3 * MINUTE });
    expect(queue.state().pending).toBe(4);
    expect(queue.dueAt(apiCard(2), T0 + 2 * DAY)).toBe(Infinity);
    expect(queue.dueAt(apiCard(3), T0 + 3 * MINUTE)).toBe(Infinity);
    // The burial ends with its study day; the suspension stays.
    expect(queue.dueAt(apiCard(3), T0 + DAY)).toBe(T0);
    // Kept across a reload, in time order with the answers.
    const reopened = new ReviewQueue(7, store, server.send);
    await reopened.ready;
    expect(reopened.list().map((i) => i.flashcard_id)).toEqual([1, 2, 3, 4]);

    server.failWith(() => ({ status: 0, afterLogging: true }));
    await expect(reopened.upload()).rejects.toMatchObject({ status: 0 });
    server.failWith(null);
    await reopened.upload();
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]).toEqual(server.calls[0]);
    expect(server.actions.map((a) => [a.flashcardId, a.action])).toEqual([
      [2, 'suspend'],
      [3, 'bury'],
    ]);
    expect(server.logged.map((l) => l.flashcardId)).toEqual([1, 4]);
    expect(reopened.state().pending).toBe(0);
    expect(reopened.dueAt(apiCard(2), T0 + 2 * DAY)).toBe(T0);
  });

  it('without the server, or when the server says the cards moved meanwhile (409), every answer stays for the next try', async () => {
    const { queue, server } = await queueOf();
    await queue.answer(apiCard(1), { rating: 3, durationMs: null, scheduling, now: T0 });
    await queue.answer(apiCard(2), { rating: 1, durationMs: null, scheduling, now: T0 + MINUTE });
    for (const status of [0, 503, 409]) {
      server.failWith(() => ({ status }));
      await expect(queue.upload()).rejects.toMatchObject({ status });
      expect(queue.state().pending).toBe(2);
    }
    expect(server.logged).toEqual([]);
  });

  it('an answer the server will never take (its card deleted meanwhile) does not hold back the others', async () => {
    const { queue, server } = await queueOf();
    const kept = await queue.answer(apiCard(1), { rating: 3, durationMs: null, scheduling, now: T0 });
    await queue.answer(apiCard(2), { rating: 3, durationMs: null, scheduling, now: T0 + MINUTE });
    const after = await queue.answer(apiCard(3), { rating: 4, durationMs: null, scheduling, now: T0 + 2 * MINUTE });
    server.deleted.add(2);
    await queue.upload();
    expect(server.logged.map((l) => l.clientId)).toEqual([kept.client_id, after.client_id]);
    expect(queue.state().pending).toBe(0);
  });

  it('an answer given while an upload is under way is sent too, and one upload runs at a time', async () => {
    const { queue, server } = await queueOf();
    await queue.answer(apiCard(1), { rating: 3, durationMs: null, scheduling, now: T0 });
    const first = queue.upload();
    const again = queue.upload();
    expect(again).toBe(first);
    const late = queue.answer(apiCard(2), { rating: 2, durationMs: null, scheduling, now: T0 + MINUTE });
    await first;
    await late;
    await queue.upload();
    expect(server.logged.map((l) => l.flashcardId)).toEqual([1, 2]);
    expect(queue.state().pending).toBe(0);
  });

  it('nothing to send: no call to the server, and the last sync time stays', async () => {
    const { queue, server } = await queueOf();
    await queue.upload();
    expect(server.calls).toEqual([]);
    expect(queue.state().lastSync).toBeNull();
  });
});

describe('what the person is told', () => {
  it('counts the modifications waiting and names what a logout would lose', () => {
    expect(pendingText(3)).toBe('3 modifications en attente');
    expect(pendingText(1)).toBe('1 modification en attente');
  });

  it('names a logout\'s loss with the answers and the cards suspended or buried counted apart, in the right number', async () => {
    const { queue } = await queueOf();
    expect(pendingLossText(queue.list())).toBeNull();
    await queue.answer(apiCard(1), { rating: 3, durationMs: null, scheduling, now: T0 });
    expect(pendingLossText(queue.list())).toBe('1 révision hors ligne sera perdue : elle n’a pas encore été envoyée au serveur.');
    await queue.answer(apiCard(2), { rating: 3, durationMs: null, scheduling, now: T0 + 1 });
    await queue.setAside(3, 'suspend', T0 + 2, null);
    expect(pendingLossText(queue.list())).toBe(
      '2 révisions hors ligne seront perdues : elles n’ont pas encore été envoyées au serveur. 1 carte suspendue hors ligne reviendra en révision : cette action n’a pas encore été envoyée au serveur.',
    );
    await queue.setAside(4, 'bury', T0 + 3, T0 + DAY);
    expect(pendingLossText(queue.list())).toBe(
      '2 révisions hors ligne seront perdues : elles n’ont pas encore été envoyées au serveur. 1 carte suspendue et 1 carte enterrée hors ligne reviendront en révision : ces actions n’ont pas encore été envoyées au serveur.',
    );
    await queue.setAside(5, 'bury', T0 + 4, T0 + DAY);
    const actionsOnly = queue.list().filter((i) => 'action' in i);
    expect(pendingLossText(actionsOnly)).toBe('1 carte suspendue et 2 cartes enterrées hors ligne reviendront en révision : ces actions n’ont pas encore été envoyées au serveur.');
    expect(pendingLossText(actionsOnly.slice(1, 2))).toBe('1 carte enterrée hors ligne reviendra en révision : cette action n’a pas encore été envoyée au serveur.');
  });
});

describe('a study session without the server', () => {
  /** Kept due cards as the session gets them (only the memory state and the id matter here). */
  const kept = (...ids: number[]) => ids.map((id) => apiCard(id));

  it('shows a card still learning again when its step falls due, after the unanswered ones, and counts each card once', async () => {
    const { queue } = await queueOf();
    const session = new OfflineStudySession(kept(1, 2, 3), queue, scheduling, async () => undefined);
    expect(session.next(T0)?.id).toBe(1);
    expect(session.next(T0)?.previews?.['3'].interval).toBe('10 min');
    await session.answer(1, 1, 1000, T0);
    expect(session.next(T0 + 1000)?.id).toBe(2);
    await session.answer(2, 4, 1000, T0 + 1000);
    await session.answer(3, 4, 1000, T0 + 2000);
    // 'À nouveau' put card 1 on a 1-minute step: it comes back within the learn-ahead window.
    expect(session.next(T0 + 3000)?.id).toBe(1);
    await session.answer(1, 4, 1000, T0 + 3000);
    expect(session.next(T0 + 4000)).toBeNull();
    expect(session.progress()).toEqual({ total_cards: 3, cards_reviewed: 3, average_rating: 4 });
    expect(queue.list().map((a) => [a.flashcard_id, (a as QueuedAnswer).rating])).toEqual([[1, 1], [2, 4], [3, 4], [1, 4]]);
  });

  it('a card suspended or buried in the session leaves it, and its action waits in the queue', async () => {
    const { queue } = await queueOf();
    const session = new OfflineStudySession(kept(1, 2, 3), queue, scheduling, async () => undefined);
    expect(session.next(T0)?.id).toBe(1);
    await session.setAside(1, 'suspend', T0, T0 + DAY);
    expect(session.next(T0)?.id).toBe(2);
    await session.setAside(2, 'bury', T0 + 1000, T0 + DAY);
    await session.answer(3, 4, null, T0 + 2000);
    expect(session.next(T0 + 3000)).toBeNull();
    expect(queue.list().map((i) => [i.flashcard_id, 'action' in i ? i.action : 'answer'])).toEqual([
      [1, 'suspend'],
      [2, 'bury'],
      [3, 'answer'],
    ]);
  });

  it('schedules a card from its state in the session even once its first answer was uploaded', async () => {
    const { queue, server } = await queueOf();
    const session = new OfflineStudySession(kept(1), queue, scheduling, async () => undefined);
    await session.answer(1, 1, null, T0);
    await queue.upload();
    expect(queue.list()).toHaveLength(0);
    await session.answer(1, 3, null, T0 + MINUTE);
    // Its second answer, not a first one from the kept copy: the server's replay gives the same.
    expect((queue.list()[0] as QueuedAnswer).after.reps).toBe(2);
    expect(server.logged.map((l) => l.flashcardId)).toEqual([1]);
  });

  it('undo takes a queued answer out of the queue, and asks the server to undo one uploaded meanwhile', async () => {
    const { queue } = await queueOf();
    const undoneOnServer: number[] = [];
    const session = new OfflineStudySession(kept(1, 2), queue, scheduling, async (id) => void undoneOnServer.push(id));
    await session.answer(1, 3, null, T0);
    await queue.upload();
    await session.answer(2, 3, null, T0 + 1000);
    expect(await session.undo()).toBe(2);
    expect(queue.list()).toHaveLength(0);
    expect(session.next(T0 + 2000)?.id).toBe(2);
    expect(await session.undo()).toBe(1);
    expect(undoneOnServer).toEqual([1]);
    expect(session.progress().cards_reviewed).toBe(0);
    expect(session.canUndo).toBe(false);
  });

  /** The server's part of undo: the card's latest logged answer goes. */
  const undoOnServer = (server: ReturnType<typeof fakeServer>, undone: number[]) => async (cardId: number) => {
    undone.push(cardId);
    const at = server.logged.map((l) => l.flashcardId).lastIndexOf(cardId);
    if (at >= 0) server.logged.splice(at, 1);
  };
  /** The server answers only when `release` is called: an upload stays under way meanwhile. */
  const held = (server: ReturnType<typeof fakeServer>) => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const send: SendAnswers = async (answers, actions) => {
      await gate;
      return server.send(answers, actions);
    };
    return { send, release };
  };

  it('undo after Suspendre or Enterrer brings the card back: a queued action leaves the device, an uploaded one is undone on the server', async () => {
    const { queue, server } = await queueOf();
    const undoneOnServer: [number, string][] = [];
    const session = new OfflineStudySession(kept(1, 2, 3), queue, scheduling, async (id, kind) => void undoneOnServer.push([id, kind]));
    await session.answer(1, 3, null, T0);
    await session.setAside(2, 'suspend', T0 + 1000, T0 + DAY);
    expect(session.next(T0 + 2000)?.id).toBe(3);
    // U takes back the suspension, not the answer before it.
    expect(await session.undo()).toBe(2);
    expect(queue.list().map((i) => [i.flashcard_id, 'action' in i ? i.action : 'answer'])).toEqual([[1, 'answer']]);
    expect(queue.dueAt(kept(2)[0]!, T0 + 2 * DAY)).toBe(T0);
    expect(session.next(T0 + 2000)?.id).toBe(2);
    expect(session.progress().cards_reviewed).toBe(1);

    await session.setAside(2, 'bury', T0 + 3000, T0 + DAY);
    await queue.upload();
    expect(server.actions.map((a) => [a.flashcardId, a.action])).toEqual([[2, 'bury']]);
    expect(await session.undo()).toBe(2);
    expect(undoneOnServer).toEqual([[2, 'action']]);
    expect(session.next(T0 + 4000)?.id).toBe(2);
    // Then the answer before it, on the server too.
    expect(await session.undo()).toBe(1);
    expect(undoneOnServer).toEqual([[2, 'action'], [1, 'answer']]);
    expect(session.canUndo).toBe(false);
  });

  it('an undo of Suspendre racing an upload that got no reply: the action is sent again once and undone on the server', async () => {
    const server = fakeServer();
    const { send, release } = held(server);
    const retracted: QueuedItem[] = [];
    const queue = new ReviewQueue(7, memoryStore(), send, memoryClock(), async (item) => void retracted.push(item));
    await queue.ready;
    const session = new OfflineStudySession(kept(1), queue, scheduling, async () => {
      throw new Error('not uploaded: nothing to undo on the server yet');
    });
    await session.setAside(1, 'suspend', T0, T0 + DAY);
    server.failWith(() => ({ status: 0, afterLogging: true }));
    const upload = queue.upload().catch(() => 'no reply');
    const undo = session.undo();
    release();
    expect(await upload).toBe('no reply');
    expect(await undo).toBe(1);
    // Due again on this device, and still waiting to be settled with the server.
    expect(queue.dueAt(kept(1)[0]!, T0 + DAY / 2)).toBe(T0);
    expect(session.next(T0 + 1000)?.id).toBe(1);
    expect(queue.state().pending).toBe(1);
    server.failWith(null);
    await queue.upload();
    expect(server.actions.map((a) => [a.flashcardId, a.action])).toEqual([[1, 'suspend']]);
    expect(retracted.map((i) => [i.flashcard_id, 'action' in i ? i.action : 'answer'])).toEqual([[1, 'suspend']]);
    expect(queue.list()).toEqual([]);
  });

  it('an undo racing the upload of that answer never leaves it on the server: it is undone there once the upload lands', async () => {
    const server = fakeServer();
    const { send, release } = held(server);
    const queue = new ReviewQueue(7, memoryStore(), send);
    await queue.ready;
    const undone: number[] = [];
    const session = new OfflineStudySession(kept(1, 2), queue, scheduling, undoOnServer(server, undone));
    await session.answer(1, 3, null, T0);
    const upload = queue.upload();
    // The person undoes while the answer is on its way.
    const undo = session.undo();
    release();
    await upload;
    expect(await undo).toBe(1);
    expect(undone).toEqual([1]);
    expect(server.logged).toEqual([]);
    expect(queue.list()).toEqual([]);
    expect(session.next(T0 + 1000)?.id).toBe(1);
  });

  it('an undo racing an upload that got no reply: the answer is sent again once (logged or not) and undone on the server', async () => {
    for (const afterLogging of [true, false]) {
      const server = fakeServer();
      const { send, release } = held(server);
      const retracted: number[] = [];
      const queue = new ReviewQueue(7, memoryStore(), send, memoryClock(), async (answer) => undoOnServer(server, retracted)(answer.flashcard_id));
      await queue.ready;
      const session = new OfflineStudySession(kept(1), queue, scheduling, async () => {
        throw new Error('not uploaded: nothing to undo on the server yet');
      });
      await session.answer(1, 2, null, T0);
      // The connection drops while the batch is out; whether the server logged it is unknown.
      server.failWith(() => ({ status: 0, afterLogging }));
      const upload = queue.upload().catch(() => 'no reply');
      const undo = session.undo();
      release();
      expect(await upload).toBe('no reply');
      expect(await undo).toBe(1);
      // Taken back on the device: the card is as before, and due again here.
      expect(queue.dueAt(kept(1)[0]!)).toBe(T0);
      expect(queue.state().pending).toBe(1);
      server.failWith(null);
      await queue.upload();
      expect(server.logged).toEqual([]);
      expect(retracted).toEqual([1]);
      expect(queue.list()).toEqual([]);
    }
  });
});
