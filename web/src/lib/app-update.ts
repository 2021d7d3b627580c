/**
 * The installable app's service worker, seen from the page: registered once
 * at start (never in the native app's web view, spec document 3 §4), persistent storage
 * asked for so the browser does not evict the offline copies under storage pressure, and
 * 'a new build is waiting' told to the 'Nouvelle version disponible' banner
 * (lib/update-reload.ts: 'Recharger' keeps what is typed, waits for pending saves, then
 * sends the waiting worker 'SKIP_WAITING'; the page reloads when it takes over).
 *
 * The browser looks for a new build at each page load; an installed app on a phone stays
 * open for days, so the page also looks when it is shown again and every hour.
 */
import { registerSW } from 'virtual:pwa-register';
import { announceUpdate } from './update-reload';

const CHECK_EVERY_MS = 60 * 60_000;

export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const activate = registerSW({
    immediate: true,
    onNeedRefresh() {
      announceUpdate(() => activate(true));
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      const check = () => {
        if (navigator.onLine && !registration.installing) void registration.update().catch(() => undefined);
      };
      setInterval(check, CHECK_EVERY_MS);
      document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && check());
    },
  });
  void navigator.storage?.persist?.().catch(() => false);
}
