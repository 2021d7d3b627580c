/**
 * Web Push on this browser (spec document 3 §2.8, §4 Push): register the service worker,
 * subscribe with the server's VAPID key, and send the subscription (with the time zone
 * the daily reminder is counted in) to POST /users/me/fcm-token. Never in the native web view.
 */
import { browserTimeZone } from '../../lib/time-zone';
import { configApi } from '../../api/config';
import { preferencesApi } from '../../api/preferences';

export const SERVICE_WORKER_URL = '/firebase-messaging-sw.js';

export const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((base64url.length + 3) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
}

/** Subscribes this browser (or reuses its subscription) and sends it; false when push is not configured. */
export async function subscribeToPush(): Promise<boolean> {
  const { vapid_public_key: key } = await configApi.get();
  if (!key) return false;
  await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  // A first registration is still installing: subscribing before it is active fails
  // ('no active Service Worker'), so wait for the worker that controls this scope.
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription = existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
  const json = subscription.toJSON();
  await preferencesApi.sendPushSubscription({
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    time_zone: browserTimeZone(),
  });
  return true;
}
