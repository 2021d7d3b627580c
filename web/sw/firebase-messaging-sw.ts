/*
 * Astrolabe's one service worker, kept at the path spec document 3 §4 gives the push
 * worker (/firebase-messaging-sw.js). Built by vite-plugin-pwa (injectManifest), which
 * writes the list of the build's files into `self.__WB_MANIFEST`.
 *
 * Lifecycle: installing downloads every file of the build (the app shell, each screen's
 * lazy chunk, icons) into the precache; a first install activates at once and takes the
 * open pages, a later one waits until the page says 'SKIP_WAITING' (the person chose
 * 'Recharger' on 'Nouvelle version disponible'), then the old build's files are dropped.
 * Any page navigation is answered with the precached index.html (the app routes itself),
 * so the app opens without network; not the embedded editor pages, whose framing headers
 * (worker/src/lib/screens.ts) differ from every other screen's.
 *
 * Reads: the answers of the screens a person reads (concepts, constellations,
 * tags, daily notes, cards, study) go to the network first; each good answer is kept with
 * the time it was saved (bounded: the newest 400, a month at most), and given back when
 * the network fails, times out or the server errs, marked so the page can say its age.
 * Everything else under /api (writes, search, graphs, exports) always goes to the network.
 *
 * Push (standard Web Push): the payload arrives decrypted by the browser as JSON
 * {title, body, url}. When the app is open and visible, the page shows the message as a
 * toast instead of a system notification; a click on a notification focuses the app (or
 * opens it) at `url` (`/study` for the daily reminder).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import type { WorkboxPlugin } from 'workbox-core/types';
import { EMBEDDED_PAGE_PATHS } from '../../worker/src/domain/embedded-pages';
import { OFFLINE_READS_CACHE, SAVED_AT_HEADER } from '../src/lib/offline-names';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The embedded editor pages always come from the network: only their own answer lets a host page frame them.
const embedded = EMBEDDED_PAGE_PATHS.map((path) => new RegExp(`^${path}([/?]|$)`));
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/internal\//, /^\/__/, ...embedded] }));

const OFFLINE_READS = /^\/api\/(concepts|tags|constellations|notes|blocks|flashcards|cards|study-sessions|stats|preferences|users\/me\/preferences|users\/me\/fsrs-params)(\/|$)/;
const READ_TIMEOUT_SECONDS = 6;

/** Keeps good answers with their saving time; a server error counts as no answer (the copy is better). */
const savedCopies: WorkboxPlugin = {
  fetchDidSucceed: async ({ response }) => {
    if (response.status >= 500) throw new Error(`server answered ${response.status}`);
    return response;
  },
  cacheWillUpdate: async ({ response }) => {
    if (response.status !== 200) return null;
    const headers = new Headers(response.headers);
    headers.set(SAVED_AT_HEADER, String(Date.now()));
    return new Response(await response.blob(), { status: 200, statusText: response.statusText, headers });
  },
};

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && OFFLINE_READS.test(url.pathname),
  new NetworkFirst({
    cacheName: OFFLINE_READS_CACHE,
    networkTimeoutSeconds: READ_TIMEOUT_SECONDS,
    plugins: [savedCopies, new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600 })],
  }),
  'GET',
);

self.addEventListener('install', () => {
  // Nothing to replace: the first worker serves at once (a later build waits for 'Recharger').
  if (!self.registration.active) void self.skipWaiting();
});
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

interface PushMessage {
  title?: string;
  body?: string;
  url?: string;
}

self.addEventListener('push', (event) => {
  let message: PushMessage = {};
  try {
    message = event.data ? (event.data.json() as PushMessage) : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = message.title || 'Notification';
  const url = message.url || '/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const visible = windows.filter((w) => w.visibilityState === 'visible');
      if (visible.length) {
        for (const w of visible) w.postMessage({ type: 'push-message', title: message.title || null, body: message.body || null, url });
        return undefined;
      }
      return self.registration.showNotification(title, { body: message.body || '', data: { url }, tag: url === '/study' ? 'astrolabe-reminder' : 'astrolabe-news' });
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: string } | null;
  const url = new URL(data?.url || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.focus().then((w) => (w && 'navigate' in w ? w.navigate(url) : undefined));
      return self.clients.openWindow(url);
    }),
  );
});
