import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { call, env, PASSWORD, signUp, uniqueName } from './helpers';

/** A login from `client`; `at` pins the server's clock (ms) so the lock window never lapses on a slow machine. */
const login = (username: string, password: string, client = `client-${username}`, at?: number) =>
  call('POST', '/api/auth/login', { form: { username, password }, headers: { 'cf-connecting-ip': client, ...(at ? { 'x-test-now': String(at) } : {}) } });

describe('registration', () => {
  it('creates an account and answers 201 with the username, email trimmed and lower-cased', async () => {
    const username = uniqueName('reg');
    const res = await call('POST', '/api/users', { json: { username, email: `  ${username.toUpperCase()}@Example.COM `, password: PASSWORD } });
    expect(res.status).toBe(201);
    expect(res.body.username).toBe(username);
    expect(res.body.email).toBe(`${username.toLowerCase()}@example.com`);
    expect(res.body).not.toHaveProperty('password_hash');
  });

  it.each([
    ['username too short', { username: 'ab' }, 'username', "Le nom d'utilisateur doit contenir 3-20 caractères"],
    ['username with a space', { username: 'bad name' }, 'username', "Le nom d'utilisateur doit contenir"],
    ['username too long', { username: 'a'.repeat(21) }, 'username', "Le nom d'utilisateur"],
    ['invalid email', { email: 'not-an-email' }, 'email', "Format d'email invalide"],
    ['password without special character', { password: 'Secret123' }, 'password', 'un caractère spécial'],
    ['password too short', { password: 'Se1!' }, 'password', 'au moins 8 caractères'],
    ['password without upper case', { password: 'secret123!' }, 'password', 'une majuscule'],
  ])('refuses %s with 422 and writes nothing', async (_name, override, field, message) => {
    const username = uniqueName('bad');
    const body = { username, email: `${username}@example.com`, password: PASSWORD, ...override };
    const res = await call('POST', '/api/users', { json: body });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('validation_error');
    const issue = res.body.detail.find((d: { loc: string[] }) => d.loc.includes(field));
    expect(issue.msg).toContain(message);
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM users WHERE email = ?').bind(body.email.toLowerCase()).first<{ n: number }>();
    expect(count!.n).toBe(0);
  });

  it('refuses a duplicate username in another case and a duplicate email, with a clear 409', async () => {
    const user = await signUp('dup');
    const sameName = await call('POST', '/api/users', { json: { username: user.username.toUpperCase(), email: 'other@example.com', password: PASSWORD } });
    expect(sameName.status).toBe(409);
    expect(sameName.body.detail).toBe("Ce nom d'utilisateur est déjà utilisé");
    const sameEmail = await call('POST', '/api/users', { json: { username: uniqueName('x'), email: user.email.toUpperCase(), password: PASSWORD } });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.detail).toBe('Cette adresse email est déjà utilisée');
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM users WHERE email = ?').bind('other@example.com').first<{ n: number }>();
    expect(count!.n).toBe(0);
  });

  it('stores a PBKDF2-SHA256 hash with its parameters and a per-user salt, never the password', async () => {
    const a = await signUp('hash');
    const b = await signUp('hash');
    const rows = await env.DB.prepare('SELECT password_hash FROM users WHERE id IN (?, ?)').bind(a.id, b.id).all<{ password_hash: string }>();
    const [h1, h2] = rows.results.map((r) => r.password_hash);
    expect(h1).toMatch(/^pbkdf2-sha256\$100000\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(h1).not.toContain(PASSWORD);
    expect(h1!.split('$')[2]).not.toBe(h2!.split('$')[2]);
  });
});

describe('login', () => {
  it('accepts the username or the email and returns a token that opens /users/me', async () => {
    const user = await signUp('login');
    for (const identifier of [user.username, user.email.toUpperCase()]) {
      const res = await login(identifier, PASSWORD);
      expect(res.status).toBe(200);
      const me = await call('GET', '/api/users/me', { token: res.body.access_token });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: user.id, username: user.username, email: user.email });
      expect(me.body).not.toHaveProperty('password_hash');
    }
  });

  it('answers 401 with the spec text for a wrong password or an unknown user', async () => {
    const user = await signUp('wrong');
    const wrong = await login(user.username, 'Wrong123!');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ detail: "Nom d'utilisateur ou mot de passe incorrect.", code: 'bad_credentials' });
    const unknown = await login('nobody_here', PASSWORD);
    expect(unknown.status).toBe(401);
  });

  it('answers 422 for a missing field', async () => {
    const res = await call('POST', '/api/auth/login', { form: { username: 'someone' } });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'password']);
  });

  it('locks an account after repeated failures with 429, then lets a correct login in once the window passes', async () => {
    const user = await signUp('brute');
    const at = Date.now();
    for (let i = 0; i < 5; i++) expect((await login(user.username, 'Wrong123!', `attacker-${i}`, at)).status).toBe(401);
    const locked = await login(user.username, PASSWORD, 'attacker-x', at + 1000);
    expect(locked.status).toBe(429);
    expect(locked.body.detail).toMatch(/Trop de tentatives de connexion/);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The test window is 2 s (LOGIN_WINDOW_SECONDS in the test config): a login 2.2 s later is let in.
    expect((await login(user.username, PASSWORD, 'attacker-x', at + 2200)).status).toBe(200);
  });

  it('locks a client address that fails across many accounts', async () => {
    const user = await signUp('victim');
    const client = `spray-${Date.now()}`;
    const at = Date.now();
    await Promise.all(Array.from({ length: 20 }, (_, i) => login(`ghost_${i}`, 'Wrong123!', client, at)));
    expect((await login(user.username, PASSWORD, client, at)).status).toBe(429);
    expect((await login(user.username, PASSWORD, 'another-client', at)).status).toBe(200);
  });
});

describe('tokens', () => {
  const secret = new TextEncoder().encode(env.JWT_SECRET);
  const base = (sub: string) => new SignJWT({}).setSubject(sub).setIssuer('astrolabe').setAudience('astrolabe-app').setIssuedAt();

  it('refuses an expired token', async () => {
    const user = await signUp('exp');
    const token = await base(String(user.id)).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(1000).setExpirationTime(2000).sign(secret);
    expect((await call('GET', '/api/users/me', { token })).status).toBe(401);
  });

  it('refuses a token signed with another key', async () => {
    const user = await signUp('key');
    const token = await base(String(user.id)).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode('another-secret-another-secret-123'));
    expect((await call('GET', '/api/users/me', { token })).status).toBe(401);
  });

  it('refuses a tampered token and an unsigned alg:none token', async () => {
    const user = await signUp('tamper');
    const [h, p, s] = user.token.split('.');
    const payload = JSON.parse(atob(p!.replace(/-/g, '+').replace(/_/g, '/')));
    const forged = btoa(JSON.stringify({ ...payload, sub: String(user.id + 1) })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
    expect((await call('GET', '/api/users/me', { token: `${h}.${forged}.${s}` })).status).toBe(401);
    const none = btoa(JSON.stringify({ alg: 'none', typ: 'JWT' })).replace(/=+$/, '');
    expect((await call('GET', '/api/users/me', { token: `${none}.${p}.` })).status).toBe(401);
  });

  it('refuses a token without expiry, or for another audience', async () => {
    const user = await signUp('claims');
    const noExp = await base(String(user.id)).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    expect((await call('GET', '/api/users/me', { token: noExp })).status).toBe(401);
    const otherAud = await new SignJWT({}).setSubject(String(user.id)).setIssuer('astrolabe').setAudience('elsewhere').setExpirationTime('1h').setProtectedHeader({ alg: 'HS256' }).sign(secret);
    expect((await call('GET', '/api/users/me', { token: otherAud })).status).toBe(401);
  });
});

describe('time zone', () => {
  const storedZone = async (id: number) =>
    (await env.DB.prepare('SELECT time_zone FROM users WHERE id = ?').bind(id).first<{ time_zone: string | null }>())!.time_zone;

  it("remembers the zone the page sends with its calls, follows a change, and ignores a name that is no zone", async () => {
    const user = await signUp('tz');
    expect(await storedZone(user.id)).toBeNull();
    expect((await call('GET', '/api/users/me', { token: user.token, headers: { 'x-time-zone': 'Europe/Paris' } })).status).toBe(200);
    expect(await storedZone(user.id)).toBe('Europe/Paris');
    await call('GET', '/api/concepts', { token: user.token, headers: { 'x-time-zone': 'Pacific/Auckland' } });
    expect(await storedZone(user.id)).toBe('Pacific/Auckland');
    expect((await call('GET', '/api/users/me', { token: user.token, headers: { 'x-time-zone': 'Mars/Olympus' } })).status).toBe(200);
    expect(await storedZone(user.id)).toBe('Pacific/Auckland');
  });

  it('follows the zone sent with an answer, in a session or not, and with an answer refused', async () => {
    const user = await signUp('tz');
    const concept = await call('POST', '/api/concepts', { token: user.token, json: { title: 'Fuseau' } });
    const card = await call('POST', `/api/concepts/${concept.body.id}/flashcards`, { token: user.token, json: { question: 'Q', answer: 'R', tags: [] } });
    const review = `/api/flashcards/${card.body.id}/review`;
    expect((await call('POST', review, { token: user.token, json: { rating: 3 }, headers: { 'x-time-zone': 'Asia/Tokyo' } })).status).toBe(200);
    expect(await storedZone(user.id)).toBe('Asia/Tokyo');
    expect((await call('POST', review, { token: user.token, json: { rating: 9 }, headers: { 'x-time-zone': 'America/Lima' } })).status).toBe(422);
    expect(await storedZone(user.id)).toBe('America/Lima');
    const session = await call('POST', '/api/study-sessions', { token: user.token, json: { method_type: 'FLASHCARDS', concept_ids: [concept.body.id], review_ahead: true } });
    const inSession = `/api/study-sessions/${session.body.id}/flashcards/${card.body.id}/review`;
    expect((await call('POST', inSession, { token: user.token, json: { rating: 3 }, headers: { 'x-time-zone': 'Europe/Paris' } })).status).toBe(200);
    expect(await storedZone(user.id)).toBe('Europe/Paris');
  });
});
