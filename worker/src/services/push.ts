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

/** The VAPID keys from the environment, or null when push is not configured. */
export function vapidKeysOf(env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>): VapidKeys | null {
  if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) return null;
  return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT || 'mailto:admin@astrolabe.invalid' };
}

export async function sendPush(target: PushTarget, message: Record<string, string | number>, vapid: VapidKeys, fetcher: Fetcher = fetch): Promise<PushOutcome> {
  try {
    const request = await buildPushPayload(
      { data: message, options: { ttl: 12 * 3600, urgency: 'normal', topic: 'daily-reminder' } },
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
