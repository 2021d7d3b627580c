/**
 * Web Push for real, without the internet: the push service is played by a fetcher that
 * does what one does — checks the VAPID JWT (ES256, audience, expiry) against the key the
 * request names, and decrypts the RFC 8291 aes128gcm payload with the subscription's
 * private key. The cron is invoked through the Worker's scheduled-event hook.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../worker/src/index';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../worker/src/domain/preferences';
import { runDailyReminders } from '../../worker/src/services/reminders';
import { call, env, signUp, type TestUser } from './helpers';

const b64url = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromB64url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4)), (c) => c.charCodeAt(0));
const utf8 = (text: string) => new TextEncoder().encode(text);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
};

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, length: number) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, length * 8));
}

async function vapidKeys() {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const jwk = (await crypto.subtle.exportKey('jwk', pair.privateKey)) as JsonWebKey;
  return { publicKey: b64url((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer), privateKey: jwk.d!, subject: 'mailto:test@astrolabe.test' };
}

/** A browser's side of a subscription: its ECDH key pair and auth secret. */
async function browserSubscription(endpoint: string) {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const publicRaw = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return { endpoint, keys: { p256dh: b64url(publicRaw), auth: b64url(auth) }, privateKey: pair.privateKey, publicRaw, authBytes: auth };
}
type Subscription = Awaited<ReturnType<typeof browserSubscription>>;

/** RFC 8291 §3-4 on the receiving side. */
async function decrypt(body: Uint8Array, sub: Subscription): Promise<string> {
  const salt = body.slice(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.slice(21, 21 + idLength);
  const ciphertext = body.slice(21 + idLength);
  const serverKey = await crypto.subtle.importKey('raw', serverPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const shared = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: serverKey } as unknown as SubtleCryptoDeriveKeyAlgorithm, sub.privateKey, 256));
  const ikm = await hkdf(sub.authBytes, shared, concat(utf8('WebPush: info\0'), sub.publicRaw, serverPublic), 32);
  const cek = await hkdf(salt, ikm, utf8('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, utf8('Content-Encoding: nonce\0'), 12);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const plain = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, ciphertext));
  let end = plain.length - 1;
  while (plain[end] === 0) end -= 1;
  expect(plain[end]).toBe(2); // last-record delimiter
  return new TextDecoder().decode(plain.slice(0, end));
}

/** RFC 8292: `vapid t=<jwt>, k=<public key>`, the JWT signed by that key for the endpoint's origin. */
async function checkVapid(header: string, endpoint: string, publicKey: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(header);
  expect(match).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const [head, payload, signature] = jwt!.split('.');
  const key = await crypto.subtle.importKey('raw', fromB64url(k!), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const valid = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, fromB64url(signature!), utf8(`${head}.${payload}`));
  expect(valid).toBe(true);
  const claims = JSON.parse(new TextDecoder().decode(fromB64url(payload!)));
  expect(claims.aud).toBe(new URL(endpoint).origin);
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());
}

interface Received {
  endpoint: string;
  headers: Headers;
  body: Uint8Array;
}

/** A push service: records each request, answers 201, or 410 for endpoints it has forgotten. */
function pushService(goneEndpoints: string[] = []) {
  const received: Received[] = [];
  const fetcher = async (input: string, init: RequestInit) => {
    received.push({ endpoint: input, headers: new Headers(init.headers), body: new Uint8Array(init.body as Uint8Array) });
    return new Response(null, { status: goneEndpoints.includes(input) ? 410 : 201 });
  };
  return { received, fetcher };
}

async function dueCardFor(user: TestUser) {
  const concept = await call('POST', '/api/concepts', { token: user.token, json: { title: 'Rappel' } });
  for (const question of ['Q1', 'Q2', 'Q3']) await call('POST', `/api/concepts/${concept.body.id}/flashcards`, { token: user.token, json: { question, answer: 'A' } });
}

async function subscribe(user: TestUser, sub: Subscription, timeZone: string) {
  const res = await call('POST', '/api/users/me/fcm-token', { token: user.token, json: { endpoint: sub.endpoint, keys: sub.keys, time_zone: timeZone } });
  expect(res.status).toBe(201);
}

async function isolate() {
  // Only this test's people have subscriptions: the run looks at everyone who has one.
  await env.DB.prepare('DELETE FROM push_tokens').run();
}

describe('POST /users/me/fcm-token', () => {
  it('keeps a standard Web Push subscription and the time zone, once per endpoint', async () => {
    const ada = await signUp('push');
    const sub = await browserSubscription('https://push.example/ada-1');
    await subscribe(ada, sub, 'Pacific/Auckland');
    await subscribe(ada, sub, 'Pacific/Auckland');
    const rows = await env.DB.prepare('SELECT token, p256dh, auth FROM push_tokens WHERE user_id = ?').bind(ada.id).all();
    expect(rows.results).toEqual([{ token: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth }]);
    const user = await env.DB.prepare('SELECT time_zone FROM users WHERE id = ?').bind(ada.id).first<{ time_zone: string }>();
    expect(user!.time_zone).toBe('Pacific/Auckland');
  });

  it('refuses what is not a subscription with 422 naming the field, and stores nothing', async () => {
    const ada = await signUp('push');
    const good = { endpoint: 'https://push.example/x', keys: { p256dh: 'BAbc', auth: 'xyz' } };
    const cases: [unknown, string][] = [
      [{ fcmToken: 'abc' }, 'body.endpoint'],
      [{ ...good, endpoint: 'ftp://push.example/x' }, 'body.endpoint'],
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
    const vapid = await vapidKeys();
    const paris = await signUp('push');
    const auckland = await signUp('push');
    await dueCardFor(paris);
    await dueCardFor(auckland);
    const parisSub = await browserSubscription('https://push.example/paris');
    await subscribe(paris, parisSub, 'Europe/Paris');
    await subscribe(auckland, await browserSubscription('https://push.example/auckland'), 'Pacific/Auckland');

    // Tomorrow 08:00 UTC: 09:00 in Paris, 21:00 in Auckland (whose 09:00 was at 20:00 UTC before).
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const instant = Date.parse(`${tomorrow}T08:00:00Z`);
    await env.DB.prepare('UPDATE users SET reminder_day = ? WHERE id = ?').bind(new Date(instant + 13 * 3_600_000).toISOString().slice(0, 10), auckland.id).run();
    const service = pushService();
    const summary = await runDailyReminders(env.DB, vapid, instant, service.fetcher);
    expect(summary).toMatchObject({ due: 1, sent: 1, gone: 0, failed: 0 });
    expect(service.received.map((r) => r.endpoint)).toEqual([parisSub.endpoint]);

    const [request] = service.received;
    expect(request!.headers.get('content-encoding')).toBe('aes128gcm');
    expect(Number(request!.headers.get('ttl'))).toBeGreaterThan(0);
    await checkVapid(request!.headers.get('authorization')!, parisSub.endpoint, vapid.publicKey);
    const message = JSON.parse(await decrypt(request!.body, parisSub));
    expect(message).toEqual({ title: 'Astrolabe — révisions du jour', body: '3 cartes à réviser aujourd’hui.', url: '/study' });

    // A later run the same local day sends nothing more.
    const again = pushService();
    await runDailyReminders(env.DB, vapid, instant + 15 * 60_000, again.fetcher);
    expect(again.received).toEqual([]);
  });

  it('sends nothing to someone with reminders off, or with nothing due', async () => {
    await isolate();
    const vapid = await vapidKeys();
    const off = await signUp('push');
    const idle = await signUp('push');
    await dueCardFor(off);
    await call('PUT', '/api/users/me/preferences', { token: off.token, json: { ...DEFAULT_PREFERENCES, review_reminders: false } });
    await subscribe(off, await browserSubscription('https://push.example/off'), 'UTC');
    await subscribe(idle, await browserSubscription('https://push.example/idle'), 'UTC');
    const service = pushService();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await runDailyReminders(env.DB, vapid, Date.parse(`${tomorrow}T12:00:00Z`), service.fetcher);
    expect(service.received).toEqual([]);
  });

  it('deletes a subscription the push service says is gone (410) and keeps the others', async () => {
    await isolate();
    const vapid = await vapidKeys();
    const ada = await signUp('push');
    await dueCardFor(ada);
    const oldPhone = await browserSubscription('https://push.example/old-phone');
    const laptop = await browserSubscription('https://push.example/laptop');
    await subscribe(ada, oldPhone, 'UTC');
    await subscribe(ada, laptop, 'UTC');
    const service = pushService([oldPhone.endpoint]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const summary = await runDailyReminders(env.DB, vapid, Date.parse(`${tomorrow}T12:00:00Z`), service.fetcher);
    expect(summary).toMatchObject({ sent: 1, gone: 1 });
    const rows = await env.DB.prepare('SELECT token FROM push_tokens WHERE user_id = ?').bind(ada.id).all<{ token: string }>();
    expect(rows.results.map((r) => r.token)).toEqual([laptop.endpoint]);
  });

  it("runs from the Worker's exported scheduled handler on the 15-minute cron, with the VAPID keys of the environment", async () => {
    await isolate();
    const ada = await signUp('push');
    await dueCardFor(ada);
    await call('PUT', '/api/users/me/preferences', { token: ada.token, json: { ...DEFAULT_PREFERENCES, daily_reminder_time: '00:00' } });
    // A closed loopback port: the push fails fast, the run still records the day.
    await subscribe(ada, await browserSubscription('https://127.0.0.1:9/sub'), 'UTC');
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: '*/15 * * * *', scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    const row = await env.DB.prepare('SELECT reminder_day FROM users WHERE id = ?').bind(ada.id).first<{ reminder_day: string | null }>();
    expect(row!.reminder_day).toBe(new Date().toISOString().slice(0, 10));
  });
});
