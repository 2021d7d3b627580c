/**
 * Body limits over real HTTP (security): `wrangler dev` in front of the Worker, as
 * a client meets it. A 16 MB JSON body to a non-upload route is refused by its
 * Content-Length with the 413 envelope, and the Worker keeps serving afterwards (no 'Your
 * worker restarted mid-request'). The streamed case is in tests/api/security.test.ts: the
 * local proxy resets a connection whose body is refused mid-stream, whatever the Worker
 * answers, so only the Worker's own answer can be judged.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { api, createAccount, type Account } from '../support/client';

const stack = inject('stack');
const TOO_LARGE = { detail: 'Le contenu envoyé est trop volumineux.', code: 'payload_too_large' };
let owner: Account;

beforeAll(async () => {
  owner = await createAccount(stack.url, 'big');
});

async function conceptCount() {
  const list = await api(stack.url, 'GET', '/api/concepts?skip=0&limit=1', { token: owner.token });
  return list.body.total_items as number;
}

async function stillServing() {
  const res = await fetch(`${stack.url}/api/config`);
  return res.status;
}

describe('a 16 MB JSON body to a non-upload route', () => {
  it('is refused by its Content-Length with the 413 envelope, nothing written', async () => {
    const body = `{"title":"${'a'.repeat(16 * 1024 * 1024)}"}`;
    const res = await fetch(`${stack.url}/api/concepts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(TOO_LARGE);
    expect(await conceptCount()).toBe(0);
    expect(await stillServing()).toBe(200);
  });
});
