/**
 * Writes that must never lose what someone wrote: a content write names the
 * version it was read at and is merged three ways or refused with 409; parallel writes
 * and deletes of one concept are each judged once. (No party server here: the Worker
 * merges against the stored content itself.)
 */
import { describe, expect, it } from 'vitest';
import { call, env, signUp, type TestUser } from './helpers';

const doc = (...paragraphs: string[]) => ({
  type: 'doc',
  content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

async function create(user: TestUser, json: Record<string, unknown>) {
  const res = await call('POST', '/api/concepts', { token: user.token, json });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const put = (user: TestUser, id: number, json: Record<string, unknown>, headers?: Record<string, string>) => call('PUT', `/api/concepts/${id}`, { token: user.token, json, headers });
const read = async (user: TestUser, id: number) => (await call('GET', `/api/concepts/${id}`, { token: user.token })).body;

describe('a content write names the version it was read at', () => {
  it('gives every read its content_version, and refuses a content write without one (428), writing nothing', async () => {
    const ada = await signUp('cw');
    const c = await create(ada, { title: 'Atome', content: doc('Noyau') });
    expect(c.content_version).toBe(1);
    const res = await put(ada, c.id, { title: 'Autre', content: doc('Écrasé'), tag_names: ['x'] });
    expect(res.status).toBe(428);
    expect(res.body.code).toBe('content_version_required');
    const after = await read(ada, c.id);
    expect(after).toMatchObject({ title: 'Atome', content_text: 'Noyau', content_version: 1, tags: [] });
    // Writes that leave the content alone need no version.
    expect((await put(ada, c.id, { title: 'Atome bis' })).status).toBe(200);
  });

  it('merges a write based on an older read: blocks it did not change keep the newer text', async () => {
    const ada = await signUp('cw');
    const c = await create(ada, { title: 'Trio', content: doc('Alpha', 'Beta', 'Gamma') });
    const first = await put(ada, c.id, { title: 'Trio', content: doc('Alpha', 'Beta', 'Gamma mot', 'Delta'), content_version: c.content_version });
    expect(first.status).toBe(200);
    expect(first.body.content_version).toBe(2);
    const stale = await put(ada, c.id, { title: 'Trio', content: doc('Alpha', 'Beta modifié', 'Gamma'), content_version: c.content_version });
    expect(stale.status).toBe(200);
    expect(stale.body.content_text).toBe('Alpha\nBeta modifié\nGamma mot\nDelta');
    expect(stale.body.content_version).toBe(3);
  });

  it('refuses with 409 content_conflict, the current content and version when a block changed on both sides; nothing is written', async () => {
    const ada = await signUp('cw');
    const c = await create(ada, { title: 'Duo', content: doc('Alpha', 'Beta'), tag_names: ['avant'] });
    await put(ada, c.id, { title: 'Duo', content: doc('Alpha', 'Beta ici'), content_version: c.content_version });
    const res = await put(ada, c.id, { title: 'Duo renommé', content: doc('Alpha', 'Beta là'), tag_names: ['après'], content_version: c.content_version });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'content_conflict', content: doc('Alpha', 'Beta ici'), content_version: 2 });
    expect(await read(ada, c.id)).toMatchObject({ title: 'Duo', content_text: 'Alpha\nBeta ici', tags: [{ name: 'avant' }] });
    // Merged by hand on the current version, it goes through.
    const again = await put(ada, c.id, { title: 'Duo renommé', content: doc('Alpha', 'Beta ici et là'), content_version: res.body.content_version });
    expect(again.status).toBe(200);
    expect(again.body.content_text).toBe('Alpha\nBeta ici et là');
  });

  it('takes the version from If-Match too, and refuses a version it does not know', async () => {
    const ada = await signUp('cw');
    const c = await create(ada, { title: 'Entête', content: doc('Un') });
    expect((await put(ada, c.id, { title: 'Entête', content: doc('Deux') }, { 'if-match': `"${c.content_version}"` })).status).toBe(200);
    const unknown = await put(ada, c.id, { title: 'Entête', content: doc('Trois'), content_version: 99 });
    expect(unknown.status).toBe(409);
    expect((await read(ada, c.id)).content_text).toBe('Deux');
  });
});

describe('parallel writes of one concept', () => {
  it('10 parallel DELETEs: one 204, nine 404, and the flashcard counters drop once', async () => {
    const ada = await signUp('cw');
    const keep = await create(ada, { title: 'Reste' });
    const gone = await create(ada, { title: 'Supprimé' });
    for (const c of [keep, gone, gone]) {
      const res = await call('POST', `/api/concepts/${c.id}/flashcards`, { token: ada.token, json: { question: `Q ${c.id}`, answer: 'R' } });
      expect(res.status).toBe(201);
    }
    const statuses = await Promise.all(Array.from({ length: 10 }, () => call('DELETE', `/api/concepts/${gone.id}`, { token: ada.token })));
    expect(statuses.map((r) => r.status).sort()).toEqual([204, ...Array(9).fill(404)]);
    const stats = await call('GET', '/api/stats/dashboard', { token: ada.token });
    expect(stats.body.total_flashcards_count).toBe(1);
    const counted = await env.DB.prepare('SELECT SUM(cards) AS n FROM flashcard_stats WHERE user_id = ?').bind(ada.id).first<{ n: number }>();
    expect(counted!.n).toBe(1);
  });

  it('20 parallel PUTs based on the same read: exactly one wins whole (title, tags and content together), the others 409', async () => {
    const ada = await signUp('cw');
    const c = await create(ada, { title: 'Course', content: doc('Départ'), tag_names: ['départ'] });
    const writes = Array.from({ length: 20 }, (_, i) => ({ title: `Écriture ${i}`, content: doc(`Contenu ${i}`), tag_names: [`tag${i}`], content_version: c.content_version }));
    const answers = await Promise.all(writes.map((w) => put(ada, c.id, w)));
    const won = answers.flatMap((a, i) => (a.status === 200 ? [i] : []));
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const i = won[0]!;
    expect(await read(ada, c.id)).toMatchObject({ title: `Écriture ${i}`, content_text: `Contenu ${i}`, tags: [{ name: `tag${i}` }], content_version: 2 });
  });
});
