import { describe, expect, it } from 'vitest';
import { call, env, signUp, type TestUser } from './helpers';

async function create(user: TestUser, title: string, tag_names: string[]) {
  const res = await call('POST', '/api/concepts', { token: user.token, json: { title, tag_names } });
  if (res.status !== 201) throw new Error(`create failed: ${res.status}`);
  return res.body;
}

describe('tags', () => {
  it('are one tag whatever the case, keeping the first spelling, with counts sorted by name', async () => {
    const ada = await signUp('tags');
    await create(ada, 'A', ['Zoologie', 'biologie']);
    const b = await create(ada, 'B', ['BIOLOGIE', '  ', 'zoologie ']);
    expect(b.tags.map((t: any) => t.name)).toEqual(['biologie', 'Zoologie']);
    const tags = await call('GET', '/api/tags', { token: ada.token });
    expect(tags.status).toBe(200);
    expect(tags.body).toEqual([
      { id: expect.any(Number), name: 'biologie', count: 2 },
      { id: expect.any(Number), name: 'Zoologie', count: 2 },
    ]);
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM tags WHERE user_id = ?').bind(ada.id).first<{ n: number }>();
    expect(rows!.n).toBe(2);
  });

  it('drops a tag from the list once no concept carries it', async () => {
    const ada = await signUp('tags');
    const c = await create(ada, 'A', ['éphémère']);
    await call('PUT', `/api/concepts/${c.id}`, { token: ada.token, json: { title: 'A', tag_names: [] } });
    expect((await call('GET', '/api/tags', { token: ada.token })).body).toEqual([]);
  });

  it('lists the concepts of a tag given URL-encoded, in any case', async () => {
    const ada = await signUp('tags');
    await create(ada, 'Un', ['Été 2024/vacances']);
    await create(ada, 'Deux', ['été 2024/VACANCES', 'autre']);
    await create(ada, 'Trois', ['autre']);
    const res = await call('GET', `/api/tags/${encodeURIComponent('ÉTÉ 2024/Vacances'.toLowerCase())}/concepts`, { token: ada.token });
    expect(res.status).toBe(200);
    expect(res.body.map((c: any) => c.title).sort()).toEqual(['Deux', 'Un']);
    expect(res.body[0].tags.length).toBeGreaterThan(0);
    const none = await call('GET', '/api/tags/inconnu/concepts', { token: ada.token });
    expect(none.body).toEqual([]);
  });

  it('never shows another person’s tags or tagged concepts', async () => {
    const ada = await signUp('tags');
    const bob = await signUp('tags');
    await create(bob, 'Chez Bob', ['secret']);
    expect((await call('GET', '/api/tags', { token: ada.token })).body).toEqual([]);
    expect((await call('GET', '/api/tags/secret/concepts', { token: ada.token })).body).toEqual([]);
  });
});
