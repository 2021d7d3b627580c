/**
 * GET /api/concepts/all-for-graph and /api/links/all-for-graph: the shapes the galaxy and the
 * knowledge graph read, the spec's fallbacks, stable positions, and one person never seeing
 * another's concepts or links.
 */
import { describe, expect, it } from 'vitest';
import { call, env, signUp, type TestUser } from './helpers';

async function create(user: TestUser, json: Record<string, unknown>): Promise<number> {
  const res = await call('POST', '/api/concepts', { token: user.token, json });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

const stars = async (user: TestUser) => (await call('GET', '/api/concepts/all-for-graph', { token: user.token })).body as any[];
const links = async (user: TestUser) => (await call('GET', '/api/links/all-for-graph', { token: user.token })).body as any[];

describe('graph endpoints', () => {
  it('list every concept as a placed, coloured star and every link, relation and related_to link', async () => {
    const ada = await signUp('graph');
    const k = (await call('POST', '/api/constellations', { token: ada.token, json: { name: 'Chimie' } })).body;
    const atom = await create(ada, { title: 'Atome', constellation_ids: [k.id] });
    const molecule = await create(ada, { title: 'Molécule', content: 'Faite de [[Atome]]s', constellation_ids: [k.id] });
    const bond = await create(ada, { title: 'Liaison', parent_ids: [atom] });
    await env.DB.prepare("INSERT INTO concept_links (user_id, concept_id, target_concept_id, link_type, created_at) VALUES (?, ?, ?, 'related_to', 0)").bind(ada.id, bond, molecule).run();
    await call('POST', `/api/concepts/${atom}/flashcards`, { token: ada.token, json: { question: 'Q', answer: 'R' } });
    await env.DB.prepare('UPDATE concepts SET mastery_level = 0.95 WHERE id = ?').bind(atom).run();

    const res = await call('GET', '/api/concepts/all-for-graph', { token: ada.token });
    expect(res.status).toBe(200);
    expect(res.body.map((s: any) => s.id)).toEqual([atom, molecule, bond]);
    for (const star of res.body) {
      expect(Object.keys(star).sort()).toEqual(['color', 'id', 'mastery_level', 'size', 'title', 'x', 'y', 'z']);
      expect(star.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(star.size).toBeGreaterThanOrEqual(0);
      expect(star.size).toBeLessThanOrEqual(1);
    }
    const [a, m, b] = res.body;
    expect(a).toMatchObject({ title: 'Atome', mastery_level: 0.95 });
    // Atome has two links (wiki, relation) and a card; Molécule two links; Liaison two.
    expect(a.size).toBeGreaterThan(m.size);
    expect(m.size).toBe(b.size);
    expect(a.color).not.toBe(m.color);

    const edges = await call('GET', '/api/links/all-for-graph', { token: ada.token });
    expect(edges.status).toBe(200);
    expect(edges.body).toEqual(
      expect.arrayContaining([
        { concept_id: molecule, target_concept_id: atom, link_type: 'wiki' },
        { concept_id: bond, target_concept_id: molecule, link_type: 'related_to' },
        { concept_id: atom, target_concept_id: bond, link_type: 'parent_child' },
      ]),
    );
    expect(edges.body).toHaveLength(3);
  });

  it('gives a concept without mastery 0.5 and an empty title Sans titre', async () => {
    const ada = await signUp('graph');
    const id = await create(ada, { title: 'Vide' });
    await env.DB.prepare("UPDATE concepts SET title = '' WHERE id = ?").bind(id).run();
    const [star] = await stars(ada);
    expect(star).toMatchObject({ id, title: 'Sans titre', mastery_level: 0.5, size: 0 });
  });

  it('keeps every star where it was when a concept is added', async () => {
    const ada = await signUp('graph');
    const first = await create(ada, { title: 'Un' });
    await create(ada, { title: 'Deux', content: '[[Un]]' });
    const before = await stars(ada);
    await create(ada, { title: 'Trois', content: '[[Un]] [[Deux]]' });
    const after = await stars(ada);
    expect(after).toHaveLength(3);
    for (const star of before) {
      const same = after.find((s) => s.id === star.id);
      expect([same.x, same.y, same.z]).toEqual([star.x, star.y, star.z]);
    }
    expect(after.find((s) => s.id === first).size).toBeGreaterThan(before.find((s) => s.id === first).size);
  });

  it('answers empty lists to a person without concepts, and never shows another person’s', async () => {
    const ada = await signUp('graph');
    const bob = await signUp('graph');
    const a = await create(ada, { title: 'Secret' });
    await create(ada, { title: 'Lien', content: '[[Secret]]', parent_ids: [a] });
    expect(await stars(bob)).toEqual([]);
    expect(await links(bob)).toEqual([]);
    await create(bob, { title: 'À moi' });
    expect((await stars(bob)).map((s) => s.title)).toEqual(['À moi']);
    expect((await stars(ada)).map((s) => s.title)).toEqual(['Secret', 'Lien']);
    expect(await links(ada)).toHaveLength(2);
  });

  it('shows every change at the next load, though an unchanged graph is answered from what the Worker kept', async () => {
    const [ada, bob] = [await signUp('graph'), await signUp('graph')];
    const [one, two] = [
      (await call('POST', '/api/constellations', { token: ada.token, json: { name: 'Un' } })).body.id,
      (await call('POST', '/api/constellations', { token: ada.token, json: { name: 'Deux' } })).body.id,
    ];
    const a = await create(ada, { title: 'Alpha', constellation_ids: [one] });
    const b = await create(ada, { title: 'Beta', constellation_ids: [one] });
    await create(bob, { title: 'Chez Bob' });
    const version = (user: TestUser, column = 'graph_version') => env.DB.prepare(`SELECT ${column} AS v FROM users WHERE id = ?`).bind(user.id).first<number>('v');
    const star = async (id: number) => (await stars(ada)).find((s) => s.id === id);
    const run = (sql: string, ...params: unknown[]) => env.DB.prepare(sql).bind(...params).run();

    const first = await stars(ada);
    const unchanged = await version(ada);
    const linksUnchanged = await version(ada, 'graph_links_version');
    expect(await stars(ada)).toEqual(first);
    expect(await links(ada)).toEqual([]);
    expect(await version(ada)).toBe(unchanged);
    // Writes outside what the graph shows keep the answer (a content save rewrites the title unchanged).
    await run('UPDATE concepts SET content_text = ?, title = title, mastery_level = mastery_level WHERE id = ?', 'texte', a);
    expect(await version(ada)).toBe(unchanged);

    // Any write path: these go straight to the database, as an import or a cascade would.
    await run('UPDATE concepts SET title = ? WHERE id = ?', 'Alpha bis', a);
    expect((await star(a)).title).toBe('Alpha bis');
    await run('UPDATE concepts SET mastery_level = 0.9 WHERE id = ?', a);
    expect((await star(a)).mastery_level).toBe(0.9);

    const alone = (await star(b)).size;
    const card = (await call('POST', `/api/concepts/${b}/flashcards`, { token: ada.token, json: { question: 'Q', answer: 'R' } })).body.id;
    expect((await star(b)).size).toBeGreaterThan(alone);
    await run('UPDATE flashcards SET concept_id = ? WHERE id = ?', a, card);
    expect((await star(b)).size).toBe(alone);
    await run('DELETE FROM flashcards WHERE id = ?', card);
    expect((await star(a)).size).toBe(0);
    // Study changes leave the links' answer kept.
    expect(await version(ada, 'graph_links_version')).toBe(linksUnchanged);

    await run("INSERT INTO concept_links (user_id, concept_id, target_concept_id, link_type, created_at) VALUES (?, ?, ?, 'related_to', 0)", ada.id, a, b);
    expect(await links(ada)).toEqual([{ concept_id: a, target_concept_id: b, link_type: 'related_to' }]);
    await run("UPDATE concept_links SET link_type = 'wiki' WHERE concept_id = ?", a);
    expect((await links(ada))[0].link_type).toBe('wiki');
    await run('DELETE FROM concept_links WHERE concept_id = ?', a);
    expect(await links(ada)).toEqual([]);
    await run('INSERT INTO concept_relations (user_id, parent_id, child_id) VALUES (?, ?, ?)', ada.id, a, b);
    expect(await links(ada)).toEqual([{ concept_id: a, target_concept_id: b, link_type: 'parent_child' }]);

    const inOne = await star(b);
    await run('DELETE FROM constellation_concepts WHERE concept_id = ?', b);
    const inNone = await star(b);
    expect([inNone.x, inNone.y]).not.toEqual([inOne.x, inOne.y]);
    await run('INSERT INTO constellation_concepts (constellation_id, concept_id, added_at) VALUES (?, ?, 0)', two, b);
    expect([(await star(b)).x, (await star(b)).y]).not.toEqual([inNone.x, inNone.y]);

    expect((await call('DELETE', `/api/concepts/${a}`, { token: ada.token })).status).toBe(204);
    expect((await stars(ada)).map((s) => s.id)).toEqual([b]);
    expect(await links(ada)).toEqual([]);
    // None of it moved another person's graph.
    expect((await stars(bob)).map((s) => s.title)).toEqual(['Chez Bob']);
    expect(await version(bob)).toBe(1);
  });

  it('refuses a request without a valid token with 401', async () => {
    for (const path of ['/api/concepts/all-for-graph', '/api/links/all-for-graph']) {
      const res = await call('GET', path, { token: 'not-a-token' });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'not_authenticated' });
    }
  });
});
