/**
 * The API client: `hc<AppType>` over a fetch that adds the bearer token and handles 401s
 * as spec document 1 §4 'Request session handling' says: one retry after asking the
 * native app for a fresh token (web view only, 5 s wait); if that fails, tokens are
 * cleared and the session-expired handler runs; after one refresh failure, later 401s
 * end the session at once until a token is set again.
 */
import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '../../../worker/src/index';
import { clearToken, storeToken, storedToken } from '../lib/token-store';
import { noteAnswer } from '../lib/offline-reads';
import { browserTimeZone } from '../lib/time-zone';

export interface SessionHandlers {
  isWebView(): boolean;
  requestFreshToken(): Promise<string | null>;
  onSessionExpired(): void;
}

let handlers: SessionHandlers = {
  isWebView: () => false,
  requestFreshToken: async () => null,
  onSessionExpired: () => undefined,
};
let refreshFailed = false;
let configured = false;
/** A 401 ended the session before the app set its handlers (a request made while its code loaded). */
let endedUnheard = false;

/** The app's handlers; a session that a 401 ended before they were set ends for them now. */
export function configureSession(next: SessionHandlers): void {
  handlers = next;
  configured = true;
  if (endedUnheard) {
    endedUnheard = false;
    next.onSessionExpired();
  }
}

/** Called whenever a new token is stored: 401s may try a refresh again. */
export function sessionRestored(): void {
  refreshFailed = false;
}

const AUTH_CALLS = ['/api/auth/login', '/api/auth/refresh'];

function withToken(init: RequestInit | undefined, token: string | null): RequestInit {
  const headers = new Headers(init?.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // Study days, daily notes and reminders count in the person's own day (stored on the user).
  if (!headers.has('x-time-zone')) headers.set('x-time-zone', browserTimeZone());
  return { ...init, headers, credentials: 'same-origin' };
}

let refreshing: Promise<string | null> | null = null;

/** One refresh at a time: concurrent 401s share the host's answer. */
function refreshOnce(): Promise<string | null> {
  refreshing ??= handlers.requestFreshToken().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export async function authFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const sent = storedToken();
  const res = await fetch(input, withToken(init, sent));
  noteAnswer(res);
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  // A 401 to a request that carried no token ends no session: there was none.
  if (res.status !== 401 || !sent || AUTH_CALLS.some((p) => url.includes(p))) return res;
  const current = storedToken();
  if (current !== sent) {
    // Another request already dealt with this token: retry with its replacement, if any.
    return current ? fetch(input, withToken(init, current)) : res;
  }
  if (!refreshFailed && handlers.isWebView()) {
    const fresh = await refreshOnce();
    if (fresh) {
      if (storedToken() !== fresh) storeToken(fresh);
      const retried = await fetch(input, withToken(init, fresh));
      if (retried.status !== 401) return retried;
    }
  }
  if (storedToken() === null) return res; // ended meanwhile by a concurrent request
  refreshFailed = true;
  clearToken();
  if (configured) handlers.onSessionExpired();
  else endedUnheard = true;
  return res;
}

export const api = hc<AppType>(typeof window === 'undefined' ? 'http://localhost' : window.location.origin, { fetch: authFetch });

/** A failed call: its status (0 when no answer came) and the server's `detail`. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly detail: unknown,
    /** The HTTP status text ('Internal Server Error'), when the answer had one. */
    readonly statusText = '',
    /** The whole error envelope (its `code` and any extra field, e.g. a 409's current version); null when not JSON. */
    readonly body: Record<string, unknown> | null = null,
  ) {
    super(typeof detail === 'string' ? detail : `HTTP ${status}`);
  }
}

type Issue = { loc?: unknown[]; msg?: string };
const REQUEST_PARTS = ['body', 'query', 'param', 'header', 'form', 'json'];

/** The spec's rendering of a server detail: a string as is, a list as 'location: message' lines. */
export function detailText(detail: unknown, separator = '\n'): string | null {
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return (detail as Issue[])
      // The request part ('body', 'query') is the server's business, not the person's.
      .map((d) => `${(d.loc ?? []).filter((p) => !REQUEST_PARTS.includes(p as string)).join('.')}: ${d.msg ?? ''}`)
      .join(separator);
  }
  return null;
}

/** The part of a Response (or hc's ClientResponse) that readJson needs. */
interface JsonResponse {
  ok: boolean;
  status: number;
  statusText?: string;
  json(): Promise<unknown>;
}

/** Reads a JSON answer, or throws ApiRequestError with the server's detail. */
export async function readJson<T>(res: JsonResponse): Promise<T> {
  if (res.ok) return (await res.json()) as T;
  let detail: unknown = null;
  let body: Record<string, unknown> | null = null;
  try {
    const json: unknown = await res.json();
    if (json && typeof json === 'object' && !Array.isArray(json)) body = json as Record<string, unknown>;
    detail = body?.detail ?? null;
  } catch {
    // not JSON
  }
  throw new ApiRequestError(res.status, detail, res.statusText ?? '', body);
}

/** What a typed call answers when it succeeds (the body of its 2xx responses). */
export type Answer<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? T : never) : never;

/** A typed hc request awaited: no answer at all (network, abort) becomes ApiRequestError(0). */
async function settle<R>(request: Promise<R>): Promise<R> {
  try {
    return await request;
  } catch {
    throw new ApiRequestError(0, null);
  }
}

/** Sends a typed hc request and reads its JSON answer, or throws ApiRequestError. */
export async function call<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<Answer<R>> {
  return readJson<Answer<R>>(await settle(request));
}

/**
 * Sends a typed hc request; once its answer's head has come, answers what reads its JSON
 * body, or throws ApiRequestError as `call` does. The body is read (and parsed) only when
 * asked, once: a large answer is parsed when the page has time for it.
 */
export async function callThenRead<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<() => Promise<Answer<R>>> {
  const res = await settle(request);
  if (!res.ok) await readJson(res);
  let body: Promise<Answer<R>> | null = null;
  return () => (body ??= readJson<Answer<R>>(res));
}

/** Sends a typed hc request whose success has no body (204); throws ApiRequestError otherwise. */
export async function callEmpty(request: Promise<ClientResponse<unknown, number, string>>): Promise<void> {
  const res = await settle(request);
  if (!res.ok) await readJson(res);
}

/** hc's per-call options carrying an AbortSignal (and extra headers). */
export const withSignal = (signal?: AbortSignal, headers?: Record<string, string>) => ({ init: { signal }, headers });
