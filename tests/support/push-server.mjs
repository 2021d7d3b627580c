/**
 * A Web Push service on loopback (RFC 8030, 8291, 8292), for the push tests and the
 * reminder bench: it plays the push service and the browser behind it. A test asks it for a
 * subscription (POST /subscriptions with the application server key, as
 * `PushManager.subscribe` does) and gets an https endpoint under PUBLIC_ORIGIN plus the
 * browser's keys; the Worker, told by PUSH_LOOPBACK_ORIGIN to route that host here, POSTs
 * its pushes to /push/<id>. Each push is checked as a push service does — VAPID JWT signed
 * by the subscription's application server key, for this service's origin, not expired;
 * TTL; aes128gcm — and later decrypted with the subscription's private key as the browser
 * does when it reads: GET /subscriptions/<id>/messages lists what arrived (decrypted) and
 * what was refused (at the push, or undecryptable);
 * DELETE /subscriptions/<id> forgets it, so later pushes get 410 Gone. GET /stats counts
 * the pushes received and those delivered (checked and decrypted).
 * Plain JavaScript so the bench's Node scripts can load it; types in push-server.d.mts.
 */
import http from 'node:http';
import { webcrypto as crypto } from 'node:crypto';

export const PUBLIC_ORIGIN = 'https://push.astrolabe.test';

const b64url = (bytes) => Buffer.from(bytes).toString('base64url');
const fromB64url = (text) => new Uint8Array(Buffer.from(text, 'base64url'));
const utf8 = (text) => new TextEncoder().encode(text);
const concat = (...parts) => new Uint8Array(Buffer.concat(parts.map((p) => Buffer.from(p))));

async function hkdf(salt, ikm, info, length) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, length * 8));
}

/** RFC 8292 §2-3: `vapid t=<jwt>, k=<key>`; returns the refusal reason, or null when valid. */
async function vapidProblem(header, applicationServerKey, now) {
  const match = /^vapid t=([^,\s]+),\s*k=(\S+)$/.exec(header ?? '');
  if (!match) return 'no VAPID authorization';
  const [, jwt, k] = match;
  if (k !== applicationServerKey) return 'VAPID key is not the subscription’s application server key';
  const [head, payload, signature] = jwt.split('.');
  if (!signature) return 'malformed JWT';
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString());
  if (header64.alg !== 'ES256') return `JWT alg ${header64.alg}`;
  const key = await crypto.subtle.importKey('raw', fromB64url(k), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const valid = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, fromB64url(signature), utf8(`${head}.${payload}`));
  if (!valid) return 'JWT signature invalid';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  if (claims.aud !== PUBLIC_ORIGIN) return `JWT audience ${claims.aud}`;
  if (!(claims.exp * 1000 > now) || claims.exp * 1000 > now + 24 * 3600_000) return 'JWT expiry out of range';
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) return 'JWT subject is not a contact';
  return null;
}

/** RFC 8291 §3-4 on the browser's side; throws on a payload it cannot open. */
async function decrypt(body, sub) {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const serverKey = await crypto.subtle.importKey('raw', serverPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const shared = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: serverKey }, sub.privateKey, 256));
  const ikm = await hkdf(sub.auth, shared, concat(utf8('WebPush: info\0'), sub.publicRaw, serverPublic), 32);
  const cek = await hkdf(salt, ikm, utf8('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, utf8('Content-Encoding: nonce\0'), 12);
  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const plain = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, ciphertext));
  let end = plain.length - 1;
  while (plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error('no last-record delimiter');
  return new TextDecoder().decode(plain.subarray(0, end));
}

const readBody = (req) =>
  new Promise((resolve, reject) => {
    const parts = [];
    req.on('data', (c) => parts.push(c));
    req.on('end', () => resolve(new Uint8Array(Buffer.concat(parts))));
    req.on('error', reject);
  });

export async function startPushServer() {
  /** @type {Map<string, any>} */
  const subscriptions = new Map();
  let next = 1;
  let pushes = 0;
  let delivered = 0;

  /** A JWT is checked once (a push service may keep the verdict of a token it has seen). */
  const verdicts = new Map();
  function checkedVapid(header, applicationServerKey) {
    const key = `${applicationServerKey} ${header}`;
    if (!verdicts.has(key)) verdicts.set(key, vapidProblem(header, applicationServerKey, Date.now()));
    return verdicts.get(key);
  }

  /** The device reads its queued messages: each decrypted with its private key, or refused. */
  async function open(sub) {
    for (const { body, ...meta } of sub.queued.splice(0)) {
      try {
        sub.messages.push({ message: JSON.parse(await decrypt(body, sub)), ...meta });
        delivered += 1;
      } catch (err) {
        sub.refused.push(`undecryptable: ${err}`);
      }
    }
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const json = (status, value) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.method === 'POST' && url.pathname === '/subscriptions') {
      const { applicationServerKey } = JSON.parse(Buffer.from(await readBody(req)).toString() || '{}');
      if (!applicationServerKey) return json(400, { error: 'applicationServerKey required' });
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
      const publicRaw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
      const auth = crypto.getRandomValues(new Uint8Array(16));
      const id = `s${next++}-${b64url(crypto.getRandomValues(new Uint8Array(6)))}`;
      subscriptions.set(id, { applicationServerKey, privateKey: pair.privateKey, publicRaw, auth, queued: [], messages: [], refused: [], gone: false });
      return json(201, { id, endpoint: `${PUBLIC_ORIGIN}/push/${id}`, keys: { p256dh: b64url(publicRaw), auth: b64url(auth) } });
    }
    const push = /^\/push\/([\w-]+)$/.exec(url.pathname);
    if (req.method === 'POST' && push) {
      pushes += 1;
      const body = await readBody(req);
      const sub = subscriptions.get(push[1]);
      if (!sub || sub.gone) return json(sub ? 410 : 404, { error: 'no such subscription' });
      const problem =
        (await checkedVapid(req.headers.authorization, sub.applicationServerKey)) ??
        (req.headers.ttl === undefined || !(Number(req.headers.ttl) >= 0) ? 'no TTL' : null) ??
        (req.headers['content-encoding'] !== 'aes128gcm' ? `content-encoding ${req.headers['content-encoding']}` : null);
      if (problem) {
        sub.refused.push(problem);
        return json(problem.includes('VAPID') || problem.includes('JWT') ? 403 : 400, { error: problem });
      }
      // Accepted and queued for the device, which decrypts it when it reads (GET …/messages).
      sub.queued.push({ body, ttl: Number(req.headers.ttl), topic: req.headers.topic ?? null, urgency: req.headers.urgency ?? null });
      res.writeHead(201, { location: `/messages/${pushes}` });
      return void res.end();
    }
    if (req.method === 'GET' && url.pathname === '/stats') {
      for (const sub of subscriptions.values()) await open(sub);
      return json(200, { pushes, delivered });
    }
    const one = /^\/subscriptions\/([\w-]+)(\/messages)?$/.exec(url.pathname);
    const sub = one && subscriptions.get(one[1]);
    if (one && !sub) return json(404, { error: 'no such subscription' });
    if (req.method === 'GET' && one?.[2]) {
      await open(sub);
      return json(200, { messages: sub.messages, refused: sub.refused });
    }
    if (req.method === 'DELETE' && one && !one[2]) {
      sub.gone = true;
      res.writeHead(204);
      return void res.end();
    }
    return json(404, { error: 'not found' });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    /** Pushes received in all (any subscription, accepted or not). */
    get pushCount() {
      return pushes;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
