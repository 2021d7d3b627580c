/*
 * The push-messaging service worker (spec document 3 §4 Push keeps its path). Standard
 * Web Push: the payload arrives decrypted by the browser as JSON {title, body, url}.
 * When the app is open and visible, the page shows the message as a toast instead of a
 * system notification; a click on a notification focuses the app (or opens it) at `url`
 * (`/study` for the daily reminder).
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
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
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) return open.focus().then((w) => (w && 'navigate' in w ? w.navigate(url) : undefined));
      return self.clients.openWindow(url);
    }),
  );
});
