/**
 * The security pass: each test is an attack a hostile client can make today,
 * and asserts the clear refusal a user (or attacker) gets instead, with nothing written.
 */
import { describe, expect, it } from 'vitest';
import { SELF } from 'cloudflare:test';
import { BASE, call, env, PASSWORD, signUp, uniqueName } from './helpers';

function deepDoc(levels: number): string {
  // Built as text: JSON.stringify itself would recurse 10,000 levels in the test.
  return `{"type":"doc","content":[${'{"type":"blockquote","content":['.repeat(levels)}{"type":"paragraph"}${']}'.repeat(levels)}]}`;
}

/** A login from `client` at one pinned server time, so the 2 s test lock window never lapses mid-test on a slow machine. */
const login = (username: string, password: string, client: string, at: number) =>
  call('POST', '/api/auth/login', { form: { username, password }, headers: { 'cf-connecting-ip': client, 'x-test-now': String(at) } });

async function conceptCount(userId: number): Promise<number> {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM concepts WHERE user_id = ?').bind(userId).first<{ n: number }>();
  return row!.n;
}

describe('deeply nested rich content', () => {
  it('refuses a document nested 10,000 levels deep with 422 on create and writes nothing', async () => {
    const user = await signUp('deep');
    const body = `{"title":"Profond","content":${deepDoc(10_000)}}`;
    const res = await call('POST', '/api/concepts', { token: user.token, body, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation_error');
    expect(res.body.detail[0].loc).toEqual(['body', 'content']);
    expect(await conceptCount(user.id)).toBe(0);
  });

  it('refuses a deep document sent as a JSON string, on update, and keeps the concept as it was', async () => {
    const user = await signUp('deep2');
    const created = await call('POST', '/api/concepts', { token: user.token, json: { title: 'Intact', content: 'Alpha' } });
    expect(created.status).toBe(201);
    const res = await call('PUT', `/api/concepts/${created.body.id}`, { token: user.token, json: { title: 'Changé', content: deepDoc(10_000) } });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'content']);
    const after = await call('GET', `/api/concepts/${created.body.id}`, { token: user.token });
    expect(after.body.title).toBe('Intact');
  });
});

describe('a token whose user no longer exists', () => {
  it('is refused with 401 on every kind of route', async () => {
    const user = await signUp('ghost');
    const concept = await call('POST', '/api/concepts', { token: user.token, json: { title: 'Orphelin' } });
    expect(concept.status).toBe(201);
    await env.DB.prepare('DELETE FROM users WHERE id = ?').bind(user.id).run();
    for (const [method, path, json] of [
      ['GET', '/api/users/me'],
      ['GET', '/api/concepts'],
      ['GET', `/api/concepts/${concept.body.id}`],
      ['POST', '/api/concepts', { title: 'Fantôme' }],
      ['GET', '/api/tags'],
      // A read runs beside the account check: its own answer (here a 404) never leaves.
      ['GET', '/api/concepts/999999999'],
      ['GET', '/api/search?q=Orphelin'],
      ['GET', '/api/export-import/export/json'],
      ['PUT', '/api/users/me/preferences', {}],
    ] as const) {
      const res = await call(method, path, { token: user.token, json });
      expect(`${method} ${path} ${res.status} ${res.body?.code}`).toBe(`${method} ${path} 401 not_authenticated`);
    }
  });
});

describe('login lockout', () => {
  it('locks the account whatever identifier names it: failures by username then by email', async () => {
    const user = await signUp('lockmail');
    const at = Date.now();
    for (let i = 0; i < 5; i++) expect((await login(user.username, 'Wrong123!', `lm-${i}`, at)).status).toBe(401);
    const byEmail = await login(user.email, PASSWORD, 'lm-x', at);
    expect(byEmail.status).toBe(429);
  });

  it('locks the account after failures by email, for a login by username', async () => {
    const user = await signUp('lockmail2');
    const at = Date.now();
    for (let i = 0; i < 5; i++) expect((await login(user.email.toUpperCase(), 'Wrong123!', `lm2-${i}`, at)).status).toBe(401);
    expect((await login(user.username, PASSWORD, 'lm2-x', at)).status).toBe(429);
  });

  it('judges at most five of a parallel burst of 40 wrong passwords; the rest get 429', async () => {
    const user = await signUp('burst');
    const at = Date.now();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(user.username, 'Wrong123!', `burst-${i}`, at)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect((await login(user.username, PASSWORD, 'burst-x', at)).status).toBe(429);
  });
});

describe('oversized bodies', () => {
  const sixteenMb = () => `{"title":"${'a'.repeat(16 * 1024 * 1024)}"}`;

  it('answers 413 with the envelope for a 16 MB JSON body with a Content-Length', async () => {
    const user = await signUp('big');
    const res = await call('POST', '/api/concepts', { token: user.token, body: sixteenMb(), headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: 'Le contenu envoyé est trop volumineux.', code: 'payload_too_large' });
    expect(await conceptCount(user.id)).toBe(0);
  });
});

describe('lone UTF-16 surrogates', () => {
  it('refuses a concept title holding a lone surrogate with 422 and stores nothing', async () => {
    const user = await signUp('surrogate');
    const body = '{"title":"Caf\\ud800é"}';
    const res = await call('POST', '/api/concepts', { token: user.token, body, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'title']);
    expect(await conceptCount(user.id)).toBe(0);
  });

  it('keeps a title with a real astral character (a surrogate pair)', async () => {
    const user = await signUp('pair');
    const res = await call('POST', '/api/concepts', { token: user.token, json: { title: 'Étoile 🌟' } });
    expect(res.status).toBe(201);
    expect(res.body.title).toBe('Étoile 🌟');
  });

  it('refuses a registration whose username holds a lone surrogate', async () => {
    const name = uniqueName('s');
    const body = `{"username":"${name}\\udc00","email":"${name}@example.com","password":"${PASSWORD}"}`;
    const res = await call('POST', '/api/users', { body, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'username']);
  });
});

describe('framing of the screens', () => {
  // The API tests configure EMBED_HOST_ORIGINS = the native host's origin (tests/api/vitest.config.ts).
  const screen = (path: string) => SELF.fetch(`${BASE}${path}`, { headers: { accept: 'text/html', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' } });
  const frameAncestors = (res: Response) => /(?:^|;\s*)frame-ancestors ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];

  it('lets no page frame an ordinary screen', async () => {
    for (const path of ['/', '/dashboard', '/concepts/1/edit', '/settings', '/minimal-editor-copy', '/login?next=/tiptap-test']) {
      const res = await screen(path);
      expect(frameAncestors(res), path).toBe("'none'");
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('lets only the app itself and the configured native host frame the embedded editor pages', async () => {
    for (const path of ['/minimal-editor?source=mobile&mode=create', '/hybrid-editor?source=mobile&hideHeader=true', '/tiptap-test', '/mobile-tiptap-test']) {
      const res = await screen(path);
      expect(frameAncestors(res), path).toBe("'self' https://host.astrolabe.example");
      expect(res.headers.get('x-frame-options'), path).toBeNull();
    }
  });
});
