import { describe, expect, it } from 'vitest';
import { call, env, signUp, type TestUser } from './helpers';
import { exportJson, importJson } from './data-fixtures';

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

  it('keeps every count true through tag edits, deletions and data imports', async () => {
    const ada = await signUp('tags');
    const listed = async () => (await call('GET', '/api/tags', { token: ada.token })).body.map((t: any) => [t.name, t.count]);
    // What the list says must be what concept_tags holds, after every kind of write.
    const counted = async () =>
      (
        await env.DB.prepare(
          `SELECT t.name, COUNT(*) AS n FROM tags t JOIN concept_tags ct ON ct.tag_id = t.id WHERE t.user_id = ? GROUP BY t.id ORDER BY t.name_key, t.id`,
        )
          .bind(ada.id)
          .all<{ name: string; n: number }>()
      ).results.map((r) => [r.name, r.n]);
    const a = await create(ada, 'A', ['chimie', 'physique']);
    const b = await create(ada, 'B', ['physique']);
    await create(ada, 'C', ['physique', 'maths']);
    expect(await listed()).toEqual([['chimie', 1], ['maths', 1], ['physique', 3]]);
    await call('PUT', `/api/concepts/${a.id}`, { token: ada.token, json: { title: 'A', tag_names: ['maths'] } });
    expect(await listed()).toEqual([['maths', 2], ['physique', 2]]);
    expect((await call('DELETE', `/api/concepts/${b.id}`, { token: ada.token })).status).toBe(204);
    expect(await listed()).toEqual([['maths', 2], ['physique', 1]]);
    expect(await listed()).toEqual(await counted());

    const backup = await exportJson(ada);
    expect((await importJson(ada, backup, true)).status).toBe(200);
    expect(await listed()).toEqual([['maths', 2], ['physique', 1]]);
    expect((await importJson(ada, backup, false)).status).toBe(200);
    expect(await listed()).toEqual([['maths', 2], ['physique', 1]]);
    expect(await listed()).toEqual(await counted());
  });
});
