/**
 * Messages between the SPA and the native app hosting it in a web view (spec document 1
 * §4, document 3 §3-4). The host is React Native's `ReactNativeWebView` when present,
 * else the parent window of an iframe. Messages are accepted only from the product's
 * own origin, or from a local development host while the app itself runs locally.
 *
 * Logout asked by the host, beyond the spec: when changes made offline still wait to be sent
 * (answers, concepts or note blocks), the page answers the host's `{type: 'logout'}` with
 * `{type: 'logout-pending', pending: <how many>, message: <French words naming what would be
 * lost>}` and stays signed in; the host shows the message to the person and, if they choose
 * to log out anyway, sends `{type: 'logout', discard_pending: true}`. With nothing waiting, a
 * logout happens at once and the page answers `{type: 'logout'}`, as before.
 */
export type HostMessage = { type: string; [key: string]: unknown };

declare global {
  interface Window {
    ReactNativeWebView?: { postMessage(message: string): void };
  }
}

const LOCAL_HOST = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

export function isTrustedOrigin(origin: string, own = window.location.origin): boolean {
  if (origin === own) return true;
  return LOCAL_HOST.test(own) && LOCAL_HOST.test(origin);
}

function parentOrigin(): string | null {
  try {
    const origin = document.referrer ? new URL(document.referrer).origin : null;
    return origin && isTrustedOrigin(origin) ? origin : null;
  } catch {
    return null;
  }
}

export function hasHost(): boolean {
  return Boolean(window.ReactNativeWebView) || window.parent !== window;
}

export function postToHost(message: HostMessage): void {
  if (window.ReactNativeWebView) {
    window.ReactNativeWebView.postMessage(JSON.stringify(message));
    return;
  }
  if (window.parent !== window) {
    const target = parentOrigin();
    if (target) window.parent.postMessage(message, target);
  }
}

function parse(data: unknown): HostMessage | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (value && typeof value === 'object' && typeof (value as HostMessage).type === 'string') return value as HostMessage;
  return null;
}

/** Subscribes to trusted host messages; returns the unsubscribe function. */
export function onHostMessage(handler: (message: HostMessage) => void): () => void {
  const listener = (event: MessageEvent) => {
    if (!isTrustedOrigin(event.origin)) return;
    const message = parse(event.data);
    if (message) handler(message);
  };
  window.addEventListener('message', listener);
  // React Native's web view delivers on document as well as window.
  document.addEventListener('message', listener as EventListener);
  return () => {
    window.removeEventListener('message', listener);
    document.removeEventListener('message', listener as EventListener);
  };
}

/** Posts `request` and waits for the first message of `responseType`, or null after `timeoutMs`. */
export function requestFromHost(request: HostMessage, responseType: string, timeoutMs: number, match?: (m: HostMessage) => boolean): Promise<HostMessage | null> {
  return new Promise((resolve) => {
    const stop = onHostMessage((message) => {
      if (message.type === responseType && (!match || match(message))) {
        clearTimeout(timer);
        stop();
        resolve(message);
      }
    });
    const timer = setTimeout(() => {
      stop();
      resolve(null);
    }, timeoutMs);
    postToHost(request);
  });
}
