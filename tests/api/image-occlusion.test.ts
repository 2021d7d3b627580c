/** Image occlusion: one card per shape drawn over one of the person's uploaded images. */
import { describe, expect, it } from 'vitest';
import { call, signUp, type TestUser } from './helpers';
import { insertConcept } from './study-fixtures';
import { exportJson, importJson } from './data-fixtures';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);

async function uploadImage(user: TestUser): Promise<string> {
  const data = new FormData();
  data.append('file', new File([PNG], 'carte.png', { type: 'image/png' }));
  const res = await call('POST', '/api/v1/media/upload', { token: user.token, body: data });
  expect(res.status).toBe(201);
  return res.body.public_url;
}

const SHAPES = [
  { left: 0.1, top: 0.2, width: 0.3, height: 0.1, label: 'Lyon' },
  { left: 0.5, top: 0.6, width: 0.2, height: 0.2 },
];

const cardsOf = async (user: TestUser) => (await call('GET', '/api/flashcards', { token: user.token })).body as { id: number; question: string; answer: string; occlusion: unknown }[];

describe('image-occlusion cards', () => {
  it('makes one card per shape, each asking its own shape, and reviews them like any card', async () => {
    const user = await signUp('occlusion');
    const conceptId = await insertConcept(user, 'Géographie');
    const image = await uploadImage(user);
    const res = await call('POST', `/api/concepts/${conceptId}/flashcards/occlusion`, { token: user.token, json: { image, shapes: SHAPES, header: 'Quelle ville ?', mode: 'hide_all' } });
    expect(res.status).toBe(201);
    expect(res.body).toHaveLength(2);
    // Each shape a rectangle by default, numbered as its Anki cloze (c1, c2…); the cards one group (one Anki note).
    const shapes = [{ ...SHAPES[0], kind: 'rect', ordinal: 1 }, { ...SHAPES[1], label: '', kind: 'rect', ordinal: 2 }];
    expect(res.body[0]).toMatchObject({ question: 'Quelle ville ?', answer: 'Lyon', state: 'New', occlusion: { image, shapes, target: 0, mode: 'hide_all' } });
    expect(res.body[1]).toMatchObject({ question: 'Quelle ville ?', answer: 'Zone 2 sur 2', occlusion: { image, shapes, target: 1, mode: 'hide_all' } });

    const read = await call('GET', `/api/flashcards/${res.body[1].id}`, { token: user.token });
    expect(read.body.occlusion).toEqual({ image, shapes, target: 1, mode: 'hide_all', group: res.body[0].occlusion.group, version: 0 });
    expect(res.body[0].occlusion.group).toMatch(/^[0-9a-f-]{36}$/);
    const due = (await call('GET', '/api/flashcards/due', { token: user.token })).body as { id: number }[];
    expect(due.map((c) => c.id).sort()).toEqual(res.body.map((c: { id: number }) => c.id).sort());
    const reviewed = await call('POST', `/api/flashcards/${res.body[0].id}/review`, { token: user.token, json: { rating: 3 } });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body.flashcard).toMatchObject({ reps: 1, occlusion: { target: 0 } });
    // A question/answer card says it is none.
    const plain = await call('POST', `/api/concepts/${conceptId}/flashcards`, { token: user.token, json: { question: 'q', answer: 'r' } });
    expect(plain.body.occlusion).toBeNull();
  });

  it('hides one shape by default (Anki’s “hide one, guess one”)', async () => {
    const user = await signUp('occlusion');
    const conceptId = await insertConcept(user, 'Anatomie');
    const res = await call('POST', `/api/concepts/${conceptId}/flashcards/occlusion`, { token: user.token, json: { image: await uploadImage(user), shapes: [SHAPES[0]] } });
    expect(res.status).toBe(201);
    expect(res.body[0]).toMatchObject({ question: 'Que cache la zone masquée ?', occlusion: { mode: 'hide_one', target: 0 } });
  });

  it('refuses bad shapes with a French 422 and makes no card', async () => {
    const user = await signUp('occlusion');
    const conceptId = await insertConcept(user, 'Refus');
    const image = await uploadImage(user);
    const post = (json: unknown) => call('POST', `/api/concepts/${conceptId}/flashcards/occlusion`, { token: user.token, json });
    const cases: [unknown, string][] = [
      [{ image, shapes: [] }, 'Dessinez au moins une zone'],
      [{ image, shapes: [SHAPES[0], { left: 1.2, top: 0, width: 0.1, height: 0.1 }] }, 'nombre de 0 à 1'],
      [{ image, shapes: [{ left: 0.8, top: 0, width: 0.3, height: 0.1 }] }, 'dépasse de l’image'],
      [{ image, shapes: [{ left: 0.1, top: 0.1, width: 0, height: 0.1 }] }, 'au moins 1 %'],
      [{ image, shapes: [{ left: '0.1', top: 0.1, width: 0.1, height: 0.1 }] }, 'nombre de 0 à 1'],
      [{ image, shapes: Array.from({ length: 101 }, () => SHAPES[0]) }, 'Au plus 100 zones'],
      [{ image, shapes: SHAPES, mode: 'hide_some' }, 'hide_one'],
      [{ image: 'https://example.com/carte.png', shapes: SHAPES }, 'image téléversée'],
    ];
    for (const [json, message] of cases) {
      const res = await post(json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(422);
      expect(JSON.stringify(res.body.detail)).toContain(message);
    }
    expect(await cardsOf(user)).toEqual([]);
  });

  it('lists the images a concept already shows, so a card can be drawn over one of them; another person’s concept is a 404', async () => {
    const [user, other] = [await signUp('occlusion'), await signUp('occlusion')];
    const [map, photo, foreign] = [await uploadImage(user), await uploadImage(user), await uploadImage(other)];
    const gone = map.replace(/[0-9a-f]{12}$/, '000000000000');
    const content = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'La vallée du Rhône' }] },
        { type: 'figure', attrs: { src: map, alt: 'Carte du Rhône', title: '' } },
        { type: 'figure', attrs: { src: gone, alt: 'Fichier supprimé', title: '' } },
        { type: 'figure', attrs: { src: foreign, alt: 'Pas à moi', title: '' } },
        { type: 'fileAttachment', attrs: { src: photo, fileName: 'photo.png', mimeType: 'image/png', fileSize: 29 } },
      ],
    };
    const conceptId = await insertConcept(user, 'Rhône', 'La vallée du Rhône', content);
    const listed = await call('GET', `/api/concepts/${conceptId}/images`, { token: user.token });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ images: [{ address: map, name: 'Carte du Rhône' }, { address: photo, name: 'photo.png' }] });
    const made = await call('POST', `/api/concepts/${conceptId}/flashcards/occlusion`, { token: user.token, json: { image: listed.body.images[0].address, shapes: SHAPES } });
    expect(made.status).toBe(201);
    expect(made.body[0].occlusion.image).toBe(map);

    expect((await call('GET', `/api/concepts/${await insertConcept(user, 'Vide')}/images`, { token: user.token })).body).toEqual({ images: [] });
    const theft = await call('GET', `/api/concepts/${conceptId}/images`, { token: other.token });
    expect(theft.status).toBe(404);
    expect(theft.body.detail).toBe('Concept introuvable.');
  });

  it('answers 404 for another person’s image or concept, and one whose file is gone, making no card', async () => {
    const [owner, other] = [await signUp('occlusion'), await signUp('occlusion')];
    const ownConcept = await insertConcept(other, 'Le mien');
    const ownerConcept = await insertConcept(owner, 'Privé');
    const ownerImage = await uploadImage(owner);
    const theft = await call('POST', `/api/concepts/${ownConcept}/flashcards/occlusion`, { token: other.token, json: { image: ownerImage, shapes: SHAPES } });
    expect(theft.status).toBe(404);
    expect(theft.body.detail).toBe('Image introuvable.');
    const intoOther = await call('POST', `/api/concepts/${ownerConcept}/flashcards/occlusion`, { token: other.token, json: { image: await uploadImage(other), shapes: SHAPES } });
    expect(intoOther.status).toBe(404);
    const gone = ownerImage.replace(/[0-9a-f]{12}$/, '000000000000');
    expect((await call('POST', `/api/concepts/${ownerConcept}/flashcards/occlusion`, { token: owner.token, json: { image: gone, shapes: SHAPES } })).status).toBe(404);
    expect(await cardsOf(other)).toEqual([]);
    expect(await cardsOf(owner)).toEqual([]);
    const card = (await call('POST', `/api/concepts/${ownerConcept}/flashcards/occlusion`, { token: owner.token, json: { image: ownerImage, shapes: SHAPES } })).body[0];
    expect((await call('GET', `/api/flashcards/${card.id}`, { token: other.token })).status).toBe(404);
  });

  it('goes into a JSON backup and comes back from it', async () => {
    const user = await signUp('occlusion');
    const conceptId = await insertConcept(user, 'Sauvegarde');
    const image = await uploadImage(user);
    await call('POST', `/api/concepts/${conceptId}/flashcards/occlusion`, { token: user.token, json: { image, shapes: SHAPES, mode: 'hide_all' } });
    const backup = await exportJson(user);
    expect(backup.flashcards[1]).toMatchObject({ occlusion: { image, target: 1, mode: 'hide_all' } });
    expect((await importJson(user, backup, false)).status).toBe(200);
    const cards = await cardsOf(user);
    expect(cards.map((c) => c.occlusion)).toEqual(backup.flashcards.map((c: { occlusion: unknown }) => c.occlusion));
    const broken = structuredClone(backup);
    broken.flashcards[0].occlusion.shapes[0].left = 0.95;
    expect((await importJson(user, broken, false)).status).toBe(422);
    // Review never fetches another site's image: a backup naming one is refused.
    const elsewhere = structuredClone(backup);
    elsewhere.flashcards[0].occlusion.image = 'https://tracker.example/pixel.png';
    expect((await importJson(user, elsewhere, false)).status).toBe(422);
    expect((await cardsOf(user)).map((c) => c.occlusion)).toEqual(backup.flashcards.map((c: { occlusion: unknown }) => c.occlusion));
  });

  it('edits an image’s zones in one save: kept zones keep their card and history, removed ones lose theirs, new ones get one; an edit from an older version is a 409', async () => {
    const user = await signUp('occlusion');
    const conceptId = await insertConcept(user, 'Édition');
    const image = await uploadImage(user);
    const three = [...SHAPES, { left: 0.1, top: 0.7, width: 0.2, height: 0.2, label: 'Nice' }];
    const made = (await call('POST', `/api/concepts/${conceptId}/flashcards/occlusion`, { token: user.token, json: { image, shapes: three, mode: 'hide_one' } })).body as { id: number; occlusion: { shapes: { ordinal: number }[]; version: number; group: string } }[];
    expect(made[0]!.occlusion.version).toBe(0);
    await call('POST', `/api/flashcards/${made[0]!.id}/review`, { token: user.token, json: { rating: 3 } });
    const edit = (json: unknown, id = made[1]!.id) => call('PUT', `/api/flashcards/${id}/occlusion`, { token: user.token, json });
    // Zone 1 moved and renamed, zone 2 removed, zone 3 kept, an ellipse added.
    const shapes = [
      { ordinal: 1, left: 0.2, top: 0.2, width: 0.3, height: 0.1, label: 'Lyon 2' },
      { ordinal: 3, ...three[2] },
      { kind: 'ellipse', left: 0.6, top: 0.1, width: 0.3, height: 0.2, label: 'Lac' },
    ];
    const res = await edit({ version: 0, shapes, mode: 'hide_all', header: 'Quelle ville ?' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const cards = (await cardsOf(user)).sort((a, b) => a.id - b.id) as unknown as { id: number; question: string; answer: string; reps: number; occlusion: { shapes: { ordinal: number; kind: string }[]; target: number; mode: string; version: number; group: string } }[];
    expect(cards.map((c) => c.id).slice(0, 2)).toEqual([made[0]!.id, made[2]!.id]);
    expect(cards).toHaveLength(3);
    expect(cards[0]).toMatchObject({ reps: 1, question: 'Quelle ville ?', answer: 'Lyon 2', occlusion: { target: 0, mode: 'hide_all', version: 1, group: made[0]!.occlusion.group } });
    expect(cards[1]).toMatchObject({ answer: 'Nice', occlusion: { target: 1 } });
    expect(cards[2]).toMatchObject({ reps: 0, answer: 'Lac', occlusion: { target: 2 } });
    // The new zone gets a cloze number no zone of the image had (not the removed one's).
    expect(cards[0]!.occlusion.shapes.map((s) => [s.ordinal, s.kind])).toEqual([[1, 'rect'], [3, 'rect'], [4, 'ellipse']]);
    expect((await call('GET', `/api/flashcards/${made[1]!.id}`, { token: user.token })).status).toBe(404);
    expect(res.body.map((c: { id: number }) => c.id)).toEqual(cards.map((c) => c.id));

    // Saved again from version 0: refused, nothing changes.
    const stale = await edit({ version: 0, shapes: [shapes[0]], mode: 'hide_one' }, made[0]!.id);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'stale_occlusion', occlusion: { version: 1 } });
    expect(stale.body.detail).toContain('modifiées ailleurs');
    expect(await cardsOf(user)).toEqual(cards.map((c) => expect.objectContaining({ id: c.id, occlusion: c.occlusion })));
    // A zone naming a cloze number the image does not have, no zone at all, another person: refused, nothing changes.
    expect((await edit({ version: 1, shapes: [{ ...shapes[0], ordinal: 2 }] }, made[0]!.id)).status).toBe(422);
    expect((await edit({ version: 1, shapes: [] }, made[0]!.id)).status).toBe(422);
    const other = await signUp('occlusion');
    expect((await call('PUT', `/api/flashcards/${made[0]!.id}/occlusion`, { token: other.token, json: { version: 1, shapes: [shapes[0]] } })).status).toBe(404);
    expect((await cardsOf(user)).map((c) => c.id)).toEqual(cards.map((c) => c.id));
  });
});
