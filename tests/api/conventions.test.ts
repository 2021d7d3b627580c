import { describe, expect, it } from 'vitest';
import { call, signUp } from './helpers';

describe('API conventions', () => {
  it('GET /api/config tells the SPA where the party server is', async () => {
    const res = await call('GET', '/api/config');
    expect(res.status).toBe(200);
    expect(res.body.party_host).toBe('127.0.0.1:9');
  });

  it('puts a request id and secure headers on every response', async () => {
    const ok = await call('GET', '/api/config');
    const missing = await call('GET', '/api/nothing-here');
    for (const res of [ok, missing]) {
      expect(res.headers.get('x-request-id')).toMatch(/.{8,}/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    expect(ok.headers.get('x-request-id')).not.toBe(missing.headers.get('x-request-id'));
  });

  it('answers an unknown API path with the 404 envelope', async () => {
    const res = await call('GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found', code: 'not_found' });
  });

  it('answers malformed JSON with a 4xx envelope, never a 500 or a stack trace', async () => {
    const res = await call('POST', '/api/users', { body: '{"username": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.body.detail === 'string' || Array.isArray(res.body.detail)).toBe(true);
    expect(JSON.stringify(res.body)).not.toMatch(/at \w+ \(|\.ts:\d+/);
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await call('POST', '/api/users', { json: { username: 'x'.repeat(2 * 1024 * 1024), email: 'a@b.co', password: 'x' } });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
  });

  it('allows CORS only for configured origins outside development', async () => {
    const allowed = await call('OPTIONS', '/api/config', { headers: { origin: 'https://astrolabe.example', 'access-control-request-method': 'GET' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://astrolabe.example');
    const other = await call('OPTIONS', '/api/config', { headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('never returns another field than the whitelisted ones for the current user', async () => {
    const user = await signUp('presenter');
    const me = await call('GET', '/api/users/me', { token: user.token });
    expect(Object.keys(me.body).sort()).toEqual(['created_at', 'email', 'id', 'username']);
  });
});
