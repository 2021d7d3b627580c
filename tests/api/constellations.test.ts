import { describe, expect, it } from 'vitest';
import { call, signUp, type TestUser } from './helpers';

async function concept(user: TestUser, title: string, extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/concepts', { token: user.token, json: { title, ...extra } });
  if (res.status !== 201) throw new Error(`create failed: ${res.status}`);
  return res.body;
}

async function constellation(user: TestUser, json: Record<string, unknown>) {
  const res = await call('POST', '/api/constellations', { token: user.token, json });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

describe('constellations', () => {
  it('are created with defaults, read, listed with counts, updated and deleted', async () => {
    const ada = await signUp('const');
    const res = await call('POST', '/api/constellations', { token: ada.token, json: { name: '  Chimie ', description: 'Molécules', icon: '👨‍👩‍👧‍👦🇫🇷🧪⚗️✨' } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Chimie', description: 'Molécules', color: '#4e337c', icon: '👨‍👩‍👧‍👦🇫🇷🧪⚗️✨', conceptCount: 0 });
    const k = res.body;
    const other = await constellation(ada, { name: 'Biologie', color: '#00FF00' });
    await concept(ada, 'Eau', { constellation_ids: [k.id] });

    const list = await call('GET', '/api/constellations', { token: ada.token });
    expect(list.body.map((x: any) => [x.name, x.conceptCount])).toEqual([
      ['Biologie', 0],
      ['Chimie', 1],
    ]);
    expect(Object.keys(list.body[0]).sort()).toEqual(['color', 'conceptCount', 'created_at', 'description', 'icon', 'id', 'name', 'updated_at']);

    const updated = await call('PUT', `/api/constellations/${k.id}`, { token: ada.token, json: { name: 'Chimie organique', color: '#123abc' } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Chimie organique', color: '#123abc', description: 'Molécules', icon: '👨‍👩‍👧‍👦🇫🇷🧪⚗️✨', conceptCount: 1 });
    const cleared = await call('PUT', `/api/constellations/${k.id}`, { token: ada.token, json: { name: 'Chimie', description: null, icon: null, color: null } });
    expect(cleared.body).toMatchObject({ description: null, icon: null, color: '#4e337c' });

    expect((await call('DELETE', `/api/constellations/${other.id}`, { token: ada.token })).status).toBe(204);
    expect((await call('GET', `/api/constellations/${other.id}`, { token: ada.token })).status).toBe(404);
  });

  it('refuses a blank name, a long icon and a colour that is not #RRGGBB with 422', async () => {
    const ada = await signUp('const');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'Le nom de la constellation est obligatoire.'],
      [{}, 'Le nom de la constellation est obligatoire.'],
      [{ name: 'K', icon: '🌟🌟🌟🌟🌟🌟' }, "L'icône ne peut pas dépasser 5 caractères."],
      [{ name: 'K', icon: 'abcdef' }, "L'icône ne peut pas dépasser 5 caractères."],
      [{ name: 'K', color: '#fff' }, 'La couleur doit être au format #RRGGBB.'],
      [{ name: 'K', color: 'purple' }, 'La couleur doit être au format #RRGGBB.'],
    ];
    for (const [json, msg] of cases) {
      const res = await call('POST', '/api/constellations', { token: ada.token, json });
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(res.body.detail.map((d: any) => d.msg)).toContain(msg);
    }
    const k = await constellation(ada, { name: 'K' });
    expect((await call('PUT', `/api/constellations/${k.id}`, { token: ada.token, json: { name: '' } })).status).toBe(422);
    expect((await call('GET', '/api/constellations', { token: ada.token })).body.map((x: any) => x.name)).toEqual(['K']);
  });

  it('adds and removes the person’s own concepts, and refuses anyone else’s', async () => {
    const ada = await signUp('const');
    const bob = await signUp('const');
    const k = await constellation(ada, { name: 'K' });
    const a = await concept(ada, 'A');
    const b = await concept(ada, 'B');
    const bobs = await concept(bob, 'Chez Bob');
    const added = await call('POST', `/api/constellations/${k.id}/concepts`, { token: ada.token, json: { concept_ids: [a.id, b.id, a.id] } });
    expect(added.status).toBe(200);
    expect(added.body.conceptCount).toBe(2);
    const again = await call('POST', `/api/constellations/${k.id}/concepts`, { token: ada.token, json: { concept_ids: [a.id] } });
    expect(again.body.conceptCount).toBe(2);
    const foreign = await call('POST', `/api/constellations/${k.id}/concepts`, { token: ada.token, json: { concept_ids: [a.id, bobs.id] } });
    expect(foreign.status).toBe(422);
    expect(foreign.body.code).toBe('unknown_concept');
    expect((await call('POST', `/api/constellations/${k.id}/concepts`, { token: ada.token, json: { concept_ids: ['x'] } })).status).toBe(422);
    const removed = await call('DELETE', `/api/constellations/${k.id}/concepts`, { token: ada.token, json: { concept_ids: [a.id] } });
    expect(removed.status).toBe(200);
    expect(removed.body.conceptCount).toBe(1);
    const all = await call('GET', `/api/constellations/${k.id}/concepts`, { token: ada.token });
    expect(all.body.map((c: any) => c.title)).toEqual(['B']);
    expect(all.body[0].constellations).toEqual([{ id: k.id, name: 'K', color: '#4e337c', icon: null }]);
  });

  it('pages its concepts with sort, order and total, 10 per page by default', async () => {
    const ada = await signUp('const');
    const k = await constellation(ada, { name: 'K' });
    for (let i = 0; i < 12; i++) await concept(ada, `C${String(i).padStart(2, '0')}`, { constellation_ids: [k.id] });
    await concept(ada, 'Dehors');
    const first = await call('GET', `/api/constellations/${k.id}/concepts-list?sort_by=title&sort_order=asc`, { token: ada.token });
    expect(first.status).toBe(200);
    expect(first.body.total_items).toBe(12);
    expect(first.body.concepts).toHaveLength(10);
    expect(first.body.concepts[0].title).toBe('C00');
    const last = await call('GET', `/api/constellations/${k.id}/concepts-list?sort_by=title&sort_order=desc&skip=10&limit=10`, { token: ada.token });
    expect(last.body.concepts.map((c: any) => c.title)).toEqual(['C01', 'C00']);
    expect((await call('GET', `/api/constellations/${k.id}/concepts-list?sort_by=nope`, { token: ada.token })).status).toBe(422);
  });

  it('keeps its concepts when it is deleted', async () => {
    const ada = await signUp('const');
    const k = await constellation(ada, { name: 'K' });
    const a = await concept(ada, 'A', { constellation_ids: [k.id] });
    expect((await call('DELETE', `/api/constellations/${k.id}`, { token: ada.token })).status).toBe(204);
    const still = await call('GET', `/api/concepts/${a.id}`, { token: ada.token });
    expect(still.status).toBe(200);
    expect(still.body.constellations).toEqual([]);
  });

  it('answers 404 for another person’s constellation on every id route', async () => {
    const ada = await signUp('const');
    const bob = await signUp('const');
    const k = await constellation(bob, { name: 'De Bob' });
    const mine = await concept(ada, 'A');
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/constellations/${k.id}`],
      ['PUT', `/api/constellations/${k.id}`, { name: 'Volé' }],
      ['DELETE', `/api/constellations/${k.id}`],
      ['POST', `/api/constellations/${k.id}/concepts`, { concept_ids: [mine.id] }],
      ['DELETE', `/api/constellations/${k.id}/concepts`, { concept_ids: [mine.id] }],
      ['GET', `/api/constellations/${k.id}/concepts-list`],
      ['GET', `/api/constellations/${k.id}/concepts`],
    ];
    for (const [method, path, json] of routes) {
      const res = await call(method, path, { token: ada.token, json });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await call('GET', `/api/constellations/${k.id}`, { token: bob.token })).body).toMatchObject({ name: 'De Bob', conceptCount: 0 });
    expect((await call('GET', '/api/constellations', { token: ada.token })).body).toEqual([]);
  });
});
