/**
 * Every error a person can cause from a French screen reads as a French sentence:
 * zod's own English ('String must contain at most 500 character(s)',
 * 'Required', 'Expected number, received string') and the body limit's 'Request body is
 * too large' are replaced, while the 422 envelope keeps its `detail: [{loc, msg, type}]` shape.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, type TestUser } from './helpers';

const ENGLISH = /\b(String|Number|Array|Required|Expected|received|must|Invalid|characters?\(s\)|too large)\b/;

let ada: TestUser;
beforeAll(async () => {
  ada = await signUp('fr');
});

function issues(body: any): { loc: (string | number)[]; msg: string; type: string }[] {
  expect(body.code).toBe('validation_error');
  expect(Array.isArray(body.detail)).toBe(true);
  for (const issue of body.detail) {
    expect(issue).toEqual({ loc: expect.any(Array), msg: expect.any(String), type: expect.any(String) });
    expect(issue.msg, issue.msg).not.toMatch(ENGLISH);
  }
  return body.detail;
}

describe('validation errors in French', () => {
  it('says in French that a search of 600 characters is too long', async () => {
    const res = await call('GET', `/api/search?q=${'a'.repeat(600)}`, { token: ada.token });
    expect(res.status).toBe(422);
    expect(issues(res.body)[0]).toEqual({ loc: ['query', 'q'], msg: 'La recherche ne doit pas dépasser 500 caractères.', type: 'too_big' });
  });

  it("names the field in zod's own checks: too long, missing, wrong type, too small", async () => {
    const note = await call('POST', '/api/notes', { token: ada.token, json: { date: '2026-01-02' } });
    expect(note.status).toBe(201);
    const long = await call('POST', '/api/notes', { token: ada.token, json: { date: '2026-01-03', title: 'x'.repeat(501) } });
    expect(long.status).toBe(422);
    expect(issues(long.body)[0]).toMatchObject({ loc: ['body', 'title'], msg: 'Le champ « title » ne doit pas dépasser 500 caractère(s).' });

    const missing = await call('POST', `/api/notes/${note.body.id}/blocks`, { token: ada.token, json: { order_idx: 0 } });
    expect(missing.status).toBe(422);
    expect(issues(missing.body)[0]).toMatchObject({ loc: ['body', 'text'], msg: 'Le champ « text » est obligatoire.' });

    const wrongType = await call('POST', `/api/notes/${note.body.id}/blocks`, { token: ada.token, json: { text: 'Bonjour', order_idx: 'premier' } });
    expect(wrongType.status).toBe(422);
    expect(issues(wrongType.body)[0]).toMatchObject({ loc: ['body', 'order_idx'], msg: 'Le champ « order_idx » doit être un nombre.' });

    const small = await call('GET', '/api/notes/recent?limit=0', { token: ada.token });
    expect(small.status).toBe(422);
    expect(issues(small.body)[0]).toMatchObject({ loc: ['query', 'limit'], msg: 'Le champ « limit » doit être supérieur ou égal à 1.' });
  });

  it('keeps the messages a screen wrote itself (French on French screens)', async () => {
    const res = await call('POST', '/api/concepts', { token: ada.token, json: { title: '   ' } });
    expect(res.status).toBe(422);
    expect(issues(res.body)[0]?.msg).toBe('Le titre est obligatoire.');
  });

  it('says in French that a body is too large, and that a body is not JSON', async () => {
    const big = await call('POST', '/api/concepts', { token: ada.token, body: `{"title":"${'a'.repeat(16 * 1024 * 1024)}"}`, headers: { 'content-type': 'application/json' } });
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ detail: 'Le contenu envoyé est trop volumineux.', code: 'payload_too_large' });
    const broken = await call('POST', '/api/concepts', { token: ada.token, body: '{"title": ', headers: { 'content-type': 'application/json' } });
    expect(broken.status).toBe(400);
    expect(broken.body.detail).toBe("Le corps de la requête n'est pas un JSON valide.");
  });

  it('says in French that an object is missing', async () => {
    const res = await call('GET', '/api/concepts/999999999', { token: ada.token });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Concept introuvable.', code: 'not_found' });
  });
});
