import { describe, expect, it } from 'vitest';
import { call, env, signUp, type TestUser } from './helpers';

async function create(user: TestUser, json: Record<string, unknown>) {
  const res = await call('POST', '/api/concepts', { token: user.token, json });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const CYCLE = 'Un concept ne peut pas être son propre ancêtre.';

describe('the concept hierarchy', () => {
  it('lists roots and children with excerpts, and walks the ancestry root first', async () => {
    const ada = await signUp('tree');
    const science = await create(ada, { title: 'Science', content: 'Tout commence ici.' });
    const physics = await create(ada, { title: 'Physique', parent_ids: [science.id] });
    const atom = await create(ada, { title: 'Atome', parent_ids: [physics.id] });
    const roots = await call('GET', '/api/concepts/roots', { token: ada.token });
    expect(roots.body).toEqual([{ id: science.id, title: 'Science', excerpt: 'Tout commence ici.' }]);
    const children = await call('GET', `/api/concepts/${science.id}/children`, { token: ada.token });
    expect(children.body).toEqual([{ id: physics.id, title: 'Physique', excerpt: 'Aucun aperçu disponible.' }]);
    expect((await call('GET', `/api/concepts/${atom.id}/children`, { token: ada.token })).body).toEqual([]);
    const ancestry = await call('GET', `/api/concepts/${atom.id}/ancestry`, { token: ada.token });
    expect(ancestry.body).toEqual([
      { id: science.id, title: 'Science' },
      { id: physics.id, title: 'Physique' },
    ]);
    expect((await call('GET', `/api/concepts/${science.id}/ancestry`, { token: ada.token })).body).toEqual([]);
  });

  it('follows the parent with the smallest id when there are several', async () => {
    const ada = await signUp('tree');
    const first = await create(ada, { title: 'Premier' });
    const second = await create(ada, { title: 'Second' });
    const child = await create(ada, { title: 'Enfant', parent_ids: [second.id, first.id] });
    expect((await call('GET', `/api/concepts/${child.id}/ancestry`, { token: ada.token })).body).toEqual([{ id: first.id, title: 'Premier' }]);
  });

  it('refuses any write that would make a concept its own ancestor, and changes nothing', async () => {
    const ada = await signUp('tree');
    const a = await create(ada, { title: 'A' });
    const b = await create(ada, { title: 'B', parent_ids: [a.id] });
    const c = await create(ada, { title: 'C', parent_ids: [b.id] });
    const attempts = [
      { id: a.id, json: { title: 'A', parent_ids: [c.id] } }, // A under its grandchild
      { id: c.id, json: { title: 'C', child_ids: [a.id] } }, // C above its grandparent
      { id: b.id, json: { title: 'B', parent_ids: [b.id] } }, // itself
      { id: b.id, json: { title: 'B', child_ids: [b.id] } },
    ];
    for (const { id, json } of attempts) {
      const res = await call('PUT', `/api/concepts/${id}`, { token: ada.token, json });
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(res.body).toEqual({ detail: CYCLE, code: 'hierarchy_cycle' });
    }
    const created = await call('POST', '/api/concepts', { token: ada.token, json: { title: 'D', parent_ids: [c.id], child_ids: [a.id] } });
    expect(created.status).toBe(422);
    const same = await call('POST', '/api/concepts', { token: ada.token, json: { title: 'E', parent_ids: [a.id], child_ids: [a.id] } });
    expect(same.status).toBe(422);
    expect((await call('GET', '/api/concepts/minimal', { token: ada.token })).body).toHaveLength(3);
    expect((await call('GET', `/api/concepts/${a.id}/ancestry`, { token: ada.token })).body).toEqual([]);
    expect((await call('GET', `/api/concepts/${c.id}/ancestry`, { token: ada.token })).body.map((r: any) => r.title)).toEqual(['A', 'B']);
  });

  it('allows re-parenting that does not loop (moving a branch, diamonds)', async () => {
    const ada = await signUp('tree');
    const a = await create(ada, { title: 'A' });
    const b = await create(ada, { title: 'B', parent_ids: [a.id] });
    const c = await create(ada, { title: 'C', parent_ids: [a.id] });
    const d = await create(ada, { title: 'D', parent_ids: [b.id, c.id] });
    expect(d.parents.map((p: any) => p.title)).toEqual(['B', 'C']);
    // B moves under C: A → C → B → D and A → C → D, no loop.
    const moved = await call('PUT', `/api/concepts/${b.id}`, { token: ada.token, json: { title: 'B', parent_ids: [c.id] } });
    expect(moved.status).toBe(200);
    // Replacing C's children with B is fine too (B already under C).
    const res = await call('PUT', `/api/concepts/${c.id}`, { token: ada.token, json: { title: 'C', child_ids: [b.id, d.id] } });
    expect(res.status).toBe(200);
  });

  it('ends the ancestry walk on a cycle already in the data', async () => {
    const ada = await signUp('tree');
    const a = await create(ada, { title: 'A' });
    const b = await create(ada, { title: 'B', parent_ids: [a.id] });
    // A loop that only a direct write (an import) could leave behind.
    await env.DB.prepare('INSERT INTO concept_relations (user_id, parent_id, child_id) VALUES (?, ?, ?)').bind(ada.id, b.id, a.id).run();
    const res = await call('GET', `/api/concepts/${b.id}/ancestry`, { token: ada.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: a.id, title: 'A' }]);
  });

  it('answers 404 for another person’s concept on children and ancestry', async () => {
    const ada = await signUp('tree');
    const bob = await signUp('tree');
    const bobs = await create(bob, { title: 'B' });
    expect((await call('GET', `/api/concepts/${bobs.id}/children`, { token: ada.token })).status).toBe(404);
    expect((await call('GET', `/api/concepts/${bobs.id}/ancestry`, { token: ada.token })).status).toBe(404);
    expect((await call('GET', '/api/concepts/roots', { token: ada.token })).body).toEqual([]);
  });
});
