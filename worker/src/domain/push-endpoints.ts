/**
 * Which Web Push endpoints the server will deliver to. A subscription's endpoint
 * is a URL the browser's push service hands out; the server later POSTs to it. Any URL was
 * accepted — loopback, private, cloud metadata — so a person could make the Worker open
 * connections wherever they liked. Only the hosts of real push services are accepted now,
 * compared on the parsed URL (a prefix test let `http://localhost@evil.example` through).
 */

/** The push services of the browsers: Google (Chrome, Edge on Android), Mozilla, Apple, Microsoft. */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', '.push.services.mozilla.com', '.push.apple.com', '.notify.windows.com'];

/** The most subscriptions one person keeps; a new one beyond this replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

export const PUSH_ENDPOINT_REFUSED = "endpoint must be the address of a browser's push service";

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

const matches = (host: string, pattern: string) => (pattern.startsWith('.') ? host.endsWith(pattern) && host.length > pattern.length : host === pattern);

export interface PushEndpointPolicy {
  /** More hosts (a self-hosted push service), from configuration; `.example.org` accepts its subdomains. */
  extraHosts: string[];
  /** Outside production, with the loopback push service on: every push stays on the machine. */
  deliveredToLoopback: boolean;
}

/** Whether the server may deliver to this endpoint. */
export function isAcceptedPushEndpoint(endpoint: string, policy: PushEndpointPolicy): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (policy.deliveredToLoopback) return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  if (url.protocol !== 'https:' || url.port) return false;
  const host = url.hostname.toLowerCase();
  return [...PUSH_SERVICE_HOSTS, ...policy.extraHosts].some((pattern) => matches(host, pattern.toLowerCase()));
}

/** The configuration's comma-separated host list. */
export const pushHostsOf = (setting: string | undefined) =>
  (setting ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
