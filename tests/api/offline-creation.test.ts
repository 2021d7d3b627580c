/**
 * Creations a device queued offline and sends again until it hears back: each
 * carries the client id the device gave it, and a retry answers what the first request
 * made instead of making it twice.
 */
import { describe, expect, it } from 'vitest';
import { call, env, signUp } from './helpers';

const hex = (n: number) => n.toString(16).padStart(32, '0');
let counter = 0;
const clientId = () => hex(Date.now() * 1000 + counter++);

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

const conceptsTitled = (userId: number, title: string) =>
  env.DB.prepare('SELECT id, uid FROM concepts WHERE user_id = ? AND title = ?').bind(userId, title).all<{ id: number; uid: string }>();

describe('creating a concept with a client id', () => {
  it('makes the concept once: a retry answers 200 with the same concept, its tags written once', async () => {
    const ada = await signUp('oc');
    const id = clientId();
    const json = { title: 'Photosynthèse', content: doc('La lumière devient du sucre.'), tag_names: ['biologie'], source: 'MANUAL', client_id: id };
    const first = await call('POST', '/api/concepts', { token: ada.token, json });
    expect(first.status).toBe(201);
    // The answer was lost on the way back: the device sends the same creation again.
    const again = await call('POST', '/api/concepts', { token: ada.token, json });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(again.body).toMatchObject({ title: 'Photosynthèse', content_text: 'La lumière devient du sucre.' });
    expect(again.body.tags.map((t: { name: string }) => t.name)).toEqual(['biologie']);
    expect((await conceptsTitled(ada.id, 'Photosynthèse')).results).toEqual([{ id: first.body.id, uid: id }]);
    const list = await call('GET', '/api/concepts?skip=0&limit=50', { token: ada.token });
    expect(list.body.concepts.filter((c: { title: string }) => c.title === 'Photosynthèse')).toHaveLength(1);
  });

  it('makes one concept when two retries race each other', async () => {
    const ada = await signUp('ocr');
    const json = { title: 'Mitose', client_id: clientId() };
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', '/api/concepts', { token: ada.token, json })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect((await conceptsTitled(ada.id, 'Mitose')).results).toHaveLength(1);
  });

  it("keeps each person's client ids apart, and refuses a malformed one in French, making nothing", async () => {
    const ada = await signUp('oca');
    const bob = await signUp('ocb');
    const id = clientId();
    const mine = await call('POST', '/api/concepts', { token: ada.token, json: { title: 'Méiose', client_id: id } });
    const theirs = await call('POST', '/api/concepts', { token: bob.token, json: { title: 'Méiose de Bob', client_id: id } });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.title).toBe('Méiose de Bob');

    const bad = await call('POST', '/api/concepts', { token: ada.token, json: { title: 'Osmose', client_id: "x'); DROP TABLE concepts; --" } });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.body.detail)).toContain('Identifiant client invalide');
    expect((await conceptsTitled(ada.id, 'Osmose')).results).toEqual([]);
  });
});

const blocksOf = (noteId: number) => env.DB.prepare('SELECT id, uid, text FROM note_blocks WHERE note_id = ? ORDER BY order_idx, id').bind(noteId).all<{ id: number; uid: string; text: string }>();

describe('adding a daily-note block with a client id', () => {
  it('adds the block once: a retry answers 200 with the same block; the id cannot name a block of another note', async () => {
    const ada = await signUp('ob');
    const note = (await call('POST', '/api/notes', { token: ada.token, json: { date: '2026-03-02' } })).body;
    const id = clientId();
    const json = { text: '<p>Écrit dans le train, sans réseau.</p>', client_id: id };
    const first = await call('POST', `/api/notes/${note.id}/blocks`, { token: ada.token, json });
    expect(first.status).toBe(201);
    const again = await call('POST', `/api/notes/${note.id}/blocks`, { token: ada.token, json });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, uid: id, note_id: note.id });
    expect((await blocksOf(note.id)).results).toEqual([{ id: first.body.id, uid: id, text: json.text }]);

    const other = (await call('POST', '/api/notes', { token: ada.token, json: { date: '2026-03-03' } })).body;
    const mixed = await call('POST', `/api/notes/${other.id}/blocks`, { token: ada.token, json });
    expect(mixed.status).toBe(409);
    expect(mixed.body).toMatchObject({ code: 'client_id_conflict', detail: 'Cet identifiant client désigne déjà un bloc d’une autre note.' });
    expect((await blocksOf(other.id)).results).toEqual([]);

    // Another person's note stays out of reach, client id or not.
    const bob = await signUp('obb');
    const theirs = await call('POST', `/api/notes/${note.id}/blocks`, { token: bob.token, json: { text: '<p>Intrus</p>', client_id: clientId() } });
    expect(theirs.status).toBe(404);
    expect((await blocksOf(note.id)).results).toHaveLength(1);
  });
});
