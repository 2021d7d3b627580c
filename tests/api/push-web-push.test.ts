/**
 * Web Push for real, without the internet: the push service is a server on loopback
 * (tests/support/push-server.mjs) that hands out subscriptions as a browser would, checks
 * each push's VAPID JWT (ES256, the subscription's application server key, its own origin,
 * expiry) and decrypts the RFC 8291 payload with the subscription's private key. The
 * Worker reaches it through PUSH_LOOPBACK_ORIGIN; the cron runs through the Worker's
 * scheduled-event hook.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../worker/src/index';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES, type Preferences } from '../../worker/src/domain/preferences';
import { notifySessionEnd } from '../../worker/src/services/notifications';
import { call, env, signUp, type TestUser } from './helpers';
import { at, createCard, insertConcept } from './study-fixtures';

interface Device {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface Inbox {
  messages: { message: { title: string; body: string; url: string }; ttl: number; topic: string | null }[];
  refused: string[];
}

const pushService = () => env.PUSH_LOOPBACK_ORIGIN!;

/** A browser subscribing with the Worker's VAPID key, as `PushManager.subscribe` does. */
async function newDevice(): Promise<Device> {
  const res = await fetch(`${pushService()}/subscriptions`, { method: 'POST', body: JSON.stringify({ applicationServerKey: env.VAPID_PUBLIC_KEY }) });
  expect(res.status).toBe(201);
  return res.json();
}

async function inbox(device: Device): Promise<Inbox> {
  return (await fetch(`${pushService()}/subscriptions/${device.id}/messages`)).json();
}

/** The progress and achievement pushes a device received (not the daily review reminders). */
async function news(device: Device) {
  return (await inbox(device)).messages.filter((m) => m.topic === 'astrolabe-news').map((m) => m.message);
}

async function subscribe(user: TestUser, device: Pick<Device, 'endpoint' | 'keys'>, timeZone: string) {
  const res = await call('POST', '/api/users/me/fcm-token', { token: user.token, json: { endpoint: device.endpoint, keys: device.keys, time_zone: timeZone } });
  expect(res.status).toBe(201);
}

/** The 15-minute cron at `time`, through the Worker's exported scheduled handler. */
async function runCron(time: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: '*/15 * * * *', scheduledTime: time }), env, ctx);
  await waitOnExecutionContext(ctx);
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function dueCardFor(user: TestUser) {
  const concept = await call('POST', '/api/concepts', { token: user.token, json: { title: 'Rappel' } });
  for (const question of ['Q1', 'Q2', 'Q3']) await call('POST', `/api/concepts/${concept.body.id}/flashcards`, { token: user.token, json: { question, answer: 'A' } });
}

const savePreferences = async (user: TestUser, changes: Partial<Preferences>) =>
  expect((await call('PUT', '/api/users/me/preferences', { token: user.token, json: { ...DEFAULT_PREFERENCES, ...changes } })).status).toBe(200);

/** A study session at `time` on a new concept: one new card per rating, answered, then ended. */
async function studySession(user: TestUser, time: number, ratings: number[]): Promise<number> {
  const conceptId = await insertConcept(user, `Séance ${time}`);
  const cards = [];
  for (const [i] of ratings.entries()) cards.push(await createCard(user, conceptId, `Q${i}`, time - 60_000));
  const session = await call('POST', '/api/study-sessions', { token: user.token, json: { method_type: 'FLASHCARDS', concept_ids: [conceptId] }, headers: at(time) });
  expect(session.status).toBe(201);
  for (const [i, rating] of ratings.entries()) {
    const res = await call('POST', `/api/study-sessions/${session.body.id}/flashcards/${cards[i]!.id}/review`, { token: user.token, json: { rating }, headers: at(time + i * 1000) });
    expect(res.status).toBe(200);
  }
  expect((await call('PUT', `/api/study-sessions/${session.body.id}/end`, { token: user.token, headers: at(time + 60_000) })).status).toBe(200);
  return session.body.id;
}

const waiting = (user: TestUser) =>
  env.DB.prepare('SELECT kind, event_key, sent_at FROM notifications WHERE user_id = ? ORDER BY id').bind(user.id).all<{ kind: string; event_key: string; sent_at: number | null }>().then((r) => r.results);

async function isolate() {
  // Only this test's people have subscriptions: the run looks at everyone who has one.
  await env.DB.batch([env.DB.prepare('DELETE FROM push_tokens'), env.DB.prepare('DELETE FROM notifications')]);
}

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe('POST /users/me/fcm-token', () => {
  it('keeps a standard Web Push subscription and the time zone, once per endpoint', async () => {
    const ada = await signUp('push');
    const device = await newDevice();
    await subscribe(ada, device, 'Pacific/Auckland');
    await subscribe(ada, device, 'Pacific/Auckland');
    const rows = await env.DB.prepare('SELECT token, p256dh, auth FROM push_tokens WHERE user_id = ?').bind(ada.id).all();
    expect(rows.results).toEqual([{ token: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth }]);
    const user = await env.DB.prepare('SELECT time_zone FROM users WHERE id = ?').bind(ada.id).first<{ time_zone: string }>();
    expect(user!.time_zone).toBe('Pacific/Auckland');
  });

  it('keeps at most 10 subscriptions per person, the newest, so one reminder never fans out further', async () => {
    const ada = await signUp('push');
    for (let i = 0; i < 14; i++) {
      const res = await call('POST', '/api/users/me/fcm-token', { token: ada.token, json: { endpoint: `https://push.example/fan-${i}`, keys: { p256dh: 'BAbc', auth: 'xyz' } } });
      expect(res.status).toBe(201);
    }
    const rows = await env.DB.prepare('SELECT token FROM push_tokens WHERE user_id = ? ORDER BY id').bind(ada.id).all<{ token: string }>();
    expect(rows.results.map((r) => r.token)).toEqual(Array.from({ length: 10 }, (_, i) => `https://push.example/fan-${i + 4}`));
  });

  it('refuses what is not a subscription with 422 naming the field, and stores nothing', async () => {
    const ada = await signUp('push');
    const good = { endpoint: 'https://push.example/x', keys: { p256dh: 'BAbc', auth: 'xyz' } };
    const cases: [unknown, string][] = [
      [{ fcmToken: 'abc' }, 'body.endpoint'],
      [{ ...good, endpoint: 'ftp://push.example/x' }, 'body.endpoint'],
      // Compared on the parsed URL: a prefix test let this through.
      [{ ...good, endpoint: 'http://localhost@evil.example/x' }, 'body.endpoint'],
      [{ ...good, endpoint: 'http://127.0.0.1.evil.example/x' }, 'body.endpoint'],
      [{ ...good, keys: { auth: 'xyz' } }, 'body.keys.p256dh'],
      [{ ...good, keys: { p256dh: 'not base64!', auth: 'xyz' } }, 'body.keys.p256dh'],
      [{ ...good, time_zone: 'Mars/Olympus' }, 'body.time_zone'],
    ];
    for (const [json, loc] of cases) {
      const res = await call('POST', '/api/users/me/fcm-token', { token: ada.token, json });
      expect(res.status, loc).toBe(422);
      expect(res.body.detail.map((d: any) => d.loc.join('.')), loc).toContain(loc);
    }
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM push_tokens WHERE user_id = ?').bind(ada.id).first<{ n: number }>();
    expect(rows!.n).toBe(0);
    expect((await call('POST', '/api/users/me/fcm-token', { json: good })).status).toBe(401);
  });
});

describe('the daily reminder run', () => {
  it('sends an encrypted, VAPID-signed push with the number of cards due, at local 09:00, once a day', async () => {
    await isolate();
    const paris = await signUp('push');
    const auckland = await signUp('push');
    await dueCardFor(paris);
    await dueCardFor(auckland);
    const parisPhone = await newDevice();
    const aucklandPhone = await newDevice();
    await subscribe(paris, parisPhone, 'Europe/Paris');
    await subscribe(auckland, aucklandPhone, 'Pacific/Auckland');

    // Tomorrow 08:00 UTC: 09:00 in Paris, 21:00 in Auckland (whose 09:00 was at 20:00 UTC before).
    const instant = Date.parse(`${tomorrow()}T08:00:00Z`);
    await env.DB.prepare('UPDATE users SET reminder_day = ? WHERE id = ?').bind(new Date(instant + 13 * 3_600_000).toISOString().slice(0, 10), auckland.id).run();
    await runCron(instant);
    const received = await inbox(parisPhone);
    expect(received.refused).toEqual([]);
    expect(received.messages).toEqual([
      { message: { title: 'Astrolabe — révisions du jour', body: '3 cartes à réviser aujourd’hui.', url: '/study' }, ttl: 43_200, topic: 'daily-reminder', urgency: 'normal' },
    ]);
    expect((await inbox(aucklandPhone)).messages).toEqual([]);

    // A later run the same local day sends nothing more.
    await runCron(instant + 15 * 60_000);
    expect((await inbox(parisPhone)).messages).toHaveLength(1);
  });

  it('sends nothing to someone with reminders off, or with nothing due', async () => {
    await isolate();
    const off = await signUp('push');
    const idle = await signUp('push');
    await dueCardFor(off);
    await savePreferences(off, { review_reminders: false });
    const offPhone = await newDevice();
    const idlePhone = await newDevice();
    await subscribe(off, offPhone, 'UTC');
    await subscribe(idle, idlePhone, 'UTC');
    await runCron(Date.parse(`${tomorrow()}T12:00:00Z`));
    expect((await inbox(offPhone)).messages).toEqual([]);
    expect((await inbox(idlePhone)).messages).toEqual([]);
  });

  it('deletes a subscription the push service says is gone (410) and keeps the others', async () => {
    await isolate();
    const ada = await signUp('push');
    await dueCardFor(ada);
    const oldPhone = await newDevice();
    const laptop = await newDevice();
    await subscribe(ada, oldPhone, 'UTC');
    await subscribe(ada, laptop, 'UTC');
    // The old phone's browser was uninstalled: its push service forgets the subscription.
    expect((await fetch(`${pushService()}/subscriptions/${oldPhone.id}`, { method: 'DELETE' })).status).toBe(204);
    await runCron(Date.parse(`${tomorrow()}T12:00:00Z`));
    expect((await inbox(laptop)).messages.map((m) => m.message.body)).toEqual(['3 cartes à réviser aujourd’hui.']);
    const rows = await env.DB.prepare('SELECT token FROM push_tokens WHERE user_id = ?').bind(ada.id).all<{ token: string }>();
    expect(rows.results.map((r) => r.token)).toEqual([laptop.endpoint]);
  });
});

describe('progress and achievement notifications', () => {
  const day = (n: number, time = '10:00') => Date.parse(`2026-03-0${n}T${time}:00Z`);

  it('tells each finished session at once, and a 3-day streak with it in one push (immediate)', async () => {
    await isolate();
    const ada = await signUp('push');
    const phone = await newDevice();
    await subscribe(ada, phone, 'UTC');
    const messages = (n: number) => until(() => news(phone), (m) => m.length >= n, `${n} pushes`);

    const first = await studySession(ada, day(2), [3, 3, 4]);
    expect(await messages(1)).toEqual([{ title: 'Session terminée', body: '3 cartes révisées, note moyenne 3,3 / 4.', url: `/study/summary/${first}` }]);
    await studySession(ada, day(3), [3]);
    expect((await messages(2))[1]).toEqual({ title: 'Session terminée', body: '1 carte révisée, note moyenne 3,0 / 4.', url: expect.stringMatching(/^\/study\/summary\/\d+$/) });
    const third = await studySession(ada, day(4), [1, 3]);
    expect((await messages(3))[2]).toEqual({
      title: 'Astrolabe — 2 nouvelles',
      body: 'Session terminée — 2 cartes révisées, note moyenne 2,0 / 4.\nSérie de 3 jours ! — Vous avez étudié 3 jours de suite. Revenez demain pour la prolonger.',
      url: '/dashboard',
    });
    expect((await inbox(phone)).refused).toEqual([]);

    // Ending the session again, or the cron, tells nothing twice.
    await call('PUT', `/api/study-sessions/${third}/end`, { token: ada.token, headers: at(day(4, '10:05')) });
    await runCron(day(4, '11:00'));
    expect(await news(phone)).toHaveLength(3);
    expect((await waiting(ada)).every((n) => n.sent_at !== null)).toBe(true);
  });

  it('holds them for the next hour when the frequency is batched', async () => {
    await isolate();
    const bob = await signUp('push');
    const phone = await newDevice();
    await subscribe(bob, phone, 'UTC');
    await savePreferences(bob, { notification_frequency: 'batched' });
    await studySession(bob, day(2, '10:05'), [3, 3]);
    await until(() => waiting(bob), (rows) => rows.length === 1, 'the queued event');

    await runCron(day(2, '10:45'));
    expect(await news(phone)).toEqual([]);
    await runCron(day(2, '11:00'));
    expect((await news(phone)).map((m) => m.title)).toEqual(['Session terminée']);
    await runCron(day(2, '12:00'));
    expect(await news(phone)).toHaveLength(1);
  });

  it('sends the daily digest at the reminder time in the person’s own zone, once', async () => {
    await isolate();
    const carol = await signUp('push');
    const phone = await newDevice();
    await subscribe(carol, phone, 'Europe/Paris');
    await savePreferences(carol, { notification_frequency: 'daily', daily_reminder_time: '09:00', review_reminders: false });
    await studySession(carol, day(2, '10:00'), [4]); // 11:00 in Paris, after today's 09:00
    await until(() => waiting(carol), (rows) => rows.length === 1, 'the queued event');

    await runCron(day(2, '12:00'));
    await runCron(day(3, '07:45')); // 08:45 in Paris
    expect(await news(phone)).toEqual([]);
    await runCron(day(3, '08:00')); // 09:00 in Paris
    expect((await news(phone)).map((m) => m.body)).toEqual(['1 carte révisée, note moyenne 4,0 / 4.']);
    await runCron(day(3, '08:15'));
    expect(await news(phone)).toHaveLength(1);
    const row = await env.DB.prepare('SELECT digest_day FROM users WHERE id = ?').bind(carol.id).first<{ digest_day: string }>();
    expect(row!.digest_day).toBe('2026-03-03');
  });

  it('queues nothing of a kind turned off, and drops what waits when notifications are turned off', async () => {
    await isolate();
    const dave = await signUp('push');
    await subscribe(dave, await newDevice(), 'UTC');
    await savePreferences(dave, { progress_notifications: false });
    const session = { id: 1, method_type: 'FLASHCARDS', total_cards: 2, cards_reviewed: 2, rating_sum: 6, started_at: day(2), ended_at: day(2), steps: null };
    await notifySessionEnd(env, dave.id, 'UTC', session, day(2));
    expect(await waiting(dave)).toEqual([]);

    const erin = await signUp('push');
    const phone = await newDevice();
    await subscribe(erin, phone, 'UTC');
    await savePreferences(erin, { notification_frequency: 'batched' });
    await notifySessionEnd(env, erin.id, 'UTC', session, day(2));
    expect((await waiting(erin)).map((n) => [n.kind, n.sent_at])).toEqual([['progress', null]]);
    await savePreferences(erin, { notification_frequency: 'batched', notifications_enabled: false });
    await runCron(day(2, '12:00'));
    expect(await news(phone)).toEqual([]);
    expect((await waiting(erin))[0]!.sent_at).not.toBeNull();
    // Turned on again: what was dropped stays dropped.
    await savePreferences(erin, { notification_frequency: 'batched' });
    await runCron(day(2, '13:00'));
    expect(await news(phone)).toEqual([]);
  });

  it('names its push service only outside production, and only on loopback', async () => {
    const { loopbackPushOrigin } = await import('../../worker/src/services/push');
    expect(loopbackPushOrigin({ PUSH_LOOPBACK_ORIGIN: 'http://127.0.0.1:4000', ENVIRONMENT: 'test' })).toBe('http://127.0.0.1:4000');
    expect(loopbackPushOrigin({ PUSH_LOOPBACK_ORIGIN: 'http://127.0.0.1:4000', ENVIRONMENT: 'production' })).toBeNull();
    expect(loopbackPushOrigin({ PUSH_LOOPBACK_ORIGIN: 'http://push.example:4000', ENVIRONMENT: 'development' })).toBeNull();
  });
});
