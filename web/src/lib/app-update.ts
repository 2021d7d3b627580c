/**
 * The installable app's service worker, seen from the page: registered once
 * at start (never in the native app's web view, spec document 3 §4), persistent storage
 * asked for so the browser does not evict the offline copies under storage pressure, and
 * 'a new build is waiting' told to whoever listens (the 'Nouvelle version disponible'
 * banner). Reloading into it sends the waiting worker 'SKIP_WAITING', then the page reloads.
 */
import { registerSW } from 'virtual:pwa-register';

let waiting = false;
let activate: ((reloadPage?: boolean) => Promise<void>) | null = null;
const listeners = new Set<() => void>();

export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  activate = registerSW({
    immediate: true,
    onNeedRefresh() {
      waiting = true;
      listeners.forEach((listener) => listener());
    },
  });
  void navigator.storage?.persist?.().catch(() => false);
}

/** Is a new build installed and waiting for the page to reload into it? */
export const updateWaiting = (): boolean => waiting;

export function onUpdateWaiting(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function reloadIntoUpdate(): void {
  void activate?.(true);
}
