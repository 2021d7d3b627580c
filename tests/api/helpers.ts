/**
 * In-process helpers for API tests: call the Worker's app, register and log in people.
 * Each helper goes through the real HTTP surface so the tests exercise what a client does.
 */
import { env, SELF } from 'cloudflare:test';

export const BASE = 'http://astrolabe.test';
export const PASSWORD = 'Secret123!';

let counter = 0;

export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}_${counter}`.slice(0, 20);
}

export async function call(method: string, path: string, opts: { token?: string; json?: unknown; form?: Record<string, string>; headers?: Record<string, string>; body?: BodyInit } = {}) {
  const headers = new Headers(opts.headers);
  if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
  let body: BodyInit | undefined = opts.body;
  if (opts.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(opts.form).toString();
  }
  const res = await SELF.fetch(`${BASE}${path}`, { method, headers, body });
  const text = await res.text();
  let data: any = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  return { status: res.status, headers: res.headers, body: data };
}

export interface TestUser {
  id: number;
  username: string;
  email: string;
  token: string;
}

/** Registers a fresh user and logs them in. */
export async function signUp(prefix = 'user'): Promise<TestUser> {
  const username = uniqueName(prefix);
  const email = `${username.toLowerCase()}@example.com`;
  const reg = await call('POST', '/api/users', { json: { username, email, password: PASSWORD } });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  const login = await call('POST', '/api/auth/login', { form: { username, password: PASSWORD }, headers: { 'cf-connecting-ip': `test-client-${counter}` } });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  return { id: reg.body.id, username, email, token: login.body.access_token };
}

/** Posts a multipart form with `file` (and more fields) as the page's file inputs do. */
export async function uploadFile(user: TestUser, path: string, name: string, content: string | Uint8Array<ArrayBuffer>, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set('file', new File([content], name));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await SELF.fetch(`${BASE}${path}`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

export { env };
