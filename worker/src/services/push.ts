/**
 * Sending one Web Push message (RFC 8030) with its payload encrypted for the subscription
 * (RFC 8291, aes128gcm) and signed with the server's VAPID key (RFC 8292), through
 * `@block65/webcrypto-web-push` (Web Crypto only, so it runs in the Worker). The VAPID JWT
 * names only the push service's origin and lasts 12 hours, so one delivery (a cron run, a
 * request) signs it once per push service, not once per message; each message's payload
 * is encrypted on its own with a fresh key, as RFC 8291 asks.
 * The push service's answer decides what happens to the subscription: 404 and 410 mean
 * it is gone for good and the caller deletes it.
 */
import { encryptNotification, vapidHeaders, type VapidKeys } from '@block65/webcrypto-web-push';
import type { Env } from '../env';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushOutcome = 'sent' | 'gone' | 'failed';
export type Fetcher = (input: string, init: RequestInit) => Promise<Response>;

/** How pushes leave this Worker: the VAPID keys, the way to the push services, the signed JWTs. */
export interface PushDelivery {
  vapid: VapidKeys;
  fetcher: Fetcher;
  /** `Authorization` headers already signed in this delivery, by push service origin. */
  signed: Map<string, Promise<Record<string, string>>>;
}

type PushEnv = Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'PUSH_LOOPBACK_ORIGIN' | 'ENVIRONMENT'>;

const parseUrl = (text: string) => {
  try {
    return new URL(text);
  } catch {
    return null;
  }
};

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * `PUSH_LOOPBACK_ORIGIN`, outside production only: every push goes to this push service on
 * the machine, path and query kept, as a hosts-file entry would route the endpoint's host —
 * the request, its VAPID JWT (still for the endpoint's own origin) and its encryption are
 * the real ones. Tests and benches start such a service (tests/support/push-server.mjs).
 */
export function loopbackPushOrigin(env: Pick<Env, 'PUSH_LOOPBACK_ORIGIN' | 'ENVIRONMENT'>): string | null {
  if (!env.PUSH_LOOPBACK_ORIGIN) return null;
  const url = parseUrl(env.PUSH_LOOPBACK_ORIGIN);
  if (env.ENVIRONMENT === 'production' || !url || !LOOPBACK_HOSTS.has(url.hostname)) {
    console.warn(JSON.stringify({ level: 'warn', message: 'PUSH_LOOPBACK_ORIGIN ignored: loopback push services are for development and tests' }));
    return null;
  }
  return url.origin;
}

/** The way pushes leave, or null when push is not configured (no VAPID keys). */
export function pushDeliveryOf(env: PushEnv): PushDelivery | null {
  const vapid = vapidKeysOf(env);
  if (!vapid) return null;
  const loopback = loopbackPushOrigin(env);
  if (!loopback) return { vapid, fetcher: (input, init) => fetch(input, init), signed: new Map() };
  return {
    vapid,
    signed: new Map(),
    fetcher: (input, init) => {
      const endpoint = new URL(input);
      return fetch(`${loopback}${endpoint.pathname}${endpoint.search}`, init);
    },
  };
}

/** The VAPID keys from the environment, or null when push is not configured. */
export function vapidKeysOf(env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>): VapidKeys | null {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return null;
  return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT || 'mailto:admin@astrolabe.invalid' };
}

/**
 * One push to one subscription. `topic` lets the push service replace a message still
 * waiting on an offline device by a newer one of the same topic (RFC 8030 §5.4).
 */
export async function sendPush(target: PushTarget, message: Record<string, string | number>, delivery: PushDelivery, topic: string): Promise<PushOutcome> {
  try {
    const subscription = { endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } };
    const authorization = await signedFor(delivery, subscription);
    const body = await encryptNotification(subscription, new TextEncoder().encode(JSON.stringify(message)));
    const res = await delivery.fetcher(target.endpoint, {
      method: 'POST',
      headers: {
        ...authorization,
        ttl: String(12 * 3600),
        urgency: 'normal',
        topic,
        'content-encoding': 'aes128gcm',
        'content-type': 'application/octet-stream',
      },
      body,
    });
    await res.body?.cancel();
    if (res.status === 404 || res.status === 410) return 'gone';
    return res.ok ? 'sent' : 'failed';
  } catch (err) {
    console.warn(JSON.stringify({ level: 'warn', message: 'push failed', error: String(err) }));
    return 'failed';
  }
}

/** The VAPID `Authorization` header for the subscription's push service, signed once per delivery. */
function signedFor(delivery: PushDelivery, subscription: Parameters<typeof vapidHeaders>[0]): Promise<Record<string, string>> {
  const origin = new URL(subscription.endpoint).origin;
  let headers = delivery.signed.get(origin);
  if (!headers) {
    headers = vapidHeaders(subscription, delivery.vapid).then((h) => h.headers as Record<string, string>);
    // A failed signature is not kept: the next message tries again.
    headers.catch(() => delivery.signed.delete(origin));
    delivery.signed.set(origin, headers);
  }
  return headers;
}
