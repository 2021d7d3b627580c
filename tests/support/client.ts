/** Talks to a running stack over loopback HTTP, as a client would (Node side of sync/e2e/bench). */
export const PASSWORD = 'Secret123!';
let counter = 0;

export interface Account {
  id: number;
  username: string;
  token: string;
}

export async function api(base: string, method: string, path: string, opts: { token?: string; json?: unknown; form?: Record<string, string> } = {}) {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  }
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  let data: any = text;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // keep text
  }
  return { status: res.status, body: data };
}

export async function createAccount(base: string, prefix = 'u'): Promise<Account> {
  counter += 1;
  const username = `${prefix}${process.pid}_${counter}_${Date.now() % 100000}`.slice(0, 20);
  const reg = await api(base, 'POST', '/api/users', { json: { username, email: `${username.toLowerCase()}@example.com`, password: PASSWORD } });
  if (reg.status !== 201) throw new Error(`register ${reg.status}: ${JSON.stringify(reg.body)}`);
  const login = await api(base, 'POST', '/api/auth/login', { form: { username, password: PASSWORD } });
  if (login.status !== 200) throw new Error(`login ${login.status}: ${JSON.stringify(login.body)}`);
  return { id: reg.body.id, username, token: login.body.access_token };
}
