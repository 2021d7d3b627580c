/**
 * Sending one Web Push message (RFC 8030) with its payload encrypted for the subscription
 * (RFC 8291, aes128gcm) and signed with the server's VAPID key (RFC 8292), through
 * `@block65/webcrypto-web-push` (Web Crypto only, so it runs in the Worker).
 * The push service's answer decides what happens to the subscription: 404 and 410 mean
 * it is gone for good and the caller deletes it.
 */
import { buildPushPayload, type VapidKeys } from '@block65/webcrypto-web-push';
import type { Env } from '../env';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushOutcome = 'sent' | 'gone' | 'failed';
export type Fetcher = (input: string, init: RequestInit) => Promise<Response>;

/** How pushes leave this Worker: the VAPID keys and the way to the push services. */
export interface PushDelivery {
  vapid: VapidKeys;
  fetcher: Fetcher;
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
  if (!loopback) return { vapid, fetcher: (input, init) => fetch(input, init) };
  return {
    vapid,
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
export async function sendPush(target: PushTarget, message: Record<string, string | number>, { vapid, fetcher }: PushDelivery, topic: string): Promise<PushOutcome> {
  try {
    const request = await buildPushPayload(
      { data: message, options: { ttl: 12 * 3600, urgency: 'normal', topic } },
      { endpoint: target.endpoint, expirationTime: null, keys: { p256dh: target.p256dh, auth: target.auth } },
      vapid,
    );
    const res = await fetcher(target.endpoint, { method: request.method, headers: request.headers, body: request.body });
    await res.body?.cancel();
    if (res.status === 404 || res.status === 410) return 'gone';
    return res.ok ? 'sent' : 'failed';
  } catch (err) {
    console.warn(JSON.stringify({ level: 'warn', message: 'push failed', error: String(err) }));
    return 'failed';
  }
}
