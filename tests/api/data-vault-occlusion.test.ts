/**
 * Image-occlusion cards through our own Markdown vault: exported as their image and an
 * `astrolabe-occlusion` block, imported into another account as the same groups over that
 * account's own copy of the image; a second import adds nothing; a tampered block is
 * refused in French and nothing is written.
 */
import { env, SELF } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { BASE, call, signUp, type TestUser } from './helpers';
import { exportJson, importForm } from './data-fixtures';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const SHAPES = [
  { kind: 'rect', left: 0.1, top: 0.2, width: 0.3, height: 0.1, label: 'Lyon' },
  { kind: 'ellipse', left: 0.5, top: 0.6, width: 0.2, height: 0.2 },
  { kind: 'rect', left: 0.05, top: 0.7, width: 0.1, height: 0.25, label: 'Marseille' },
];

interface Card {
  id: number;
  question: string;
  answer: string;
  occlusion: { image: string; shapes: unknown[]; target: number; mode: string; group: string } | null;
}

const cardsOf = async (user: TestUser) => (await call('GET', '/api/flashcards', { token: user.token })).body as Card[];
const importVault = (user: TestUser, zip: Uint8Array) => call('POST', '/api/export-import/import/vault', { token: user.token, body: importForm(zip, 'coffre.zip', 'application/zip') });

async function exportVault(user: TestUser) {
  const res = await SELF.fetch(`${BASE}/api/export-import/export/vault`, { headers: { authorization: `Bearer ${user.token}` } });
  expect(res.status).toBe(200);
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}

/** Ada's concept 'Géographie' with an uploaded map, three zones drawn over it (hide all, a question) and one plain card. */
async function adaWithOcclusion() {
  const ada = await signUp('vaultocc');
  const concept = await call('POST', '/api/concepts', { token: ada.token, json: { title: 'Géographie', content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Les villes de France' }] }] } } });
  const form = new FormData();
  // Named as a pasted image may be, without extension: the vault's copy gains one.
  form.append('file', new File([PNG], 'carte de France', { type: 'image/png' }));
  const image = (await call('POST', '/api/v1/media/upload', { token: ada.token, body: form })).body.public_url as string;
  const made = await call('POST', `/api/concepts/${concept.body.id}/flashcards/occlusion`, { token: ada.token, json: { image, shapes: SHAPES, mode: 'hide_all', header: 'Quelle ville ?' } });
  expect(made.status).toBe(201);
  expect((await call('POST', `/api/concepts/${concept.body.id}/flashcards`, { token: ada.token, json: { question: 'Capitale ?', answer: 'Paris' } })).status).toBe(201);
  return { ada, image };
}

/** What a person compares between two accounts' cards: text, and for an occlusion card its shapes, mode and asked shape. */
const summary = (cards: Card[]) =>
  cards.map((c) => ({ question: c.question, answer: c.answer, occlusion: c.occlusion && { shapes: c.occlusion.shapes, mode: c.occlusion.mode, target: c.occlusion.target } })).sort((a, b) => `${a.answer}`.localeCompare(b.answer));

const counts = (b: Record<string, unknown[]>) => ['concepts', 'flashcards', 'files', 'tags'].map((s) => b[s]!.length);

describe('image occlusion through the Markdown vault', () => {
  it('exports a group once as its image and block, and imports it into another account as the same cards over its own copy of the image', async () => {
    const { ada, image } = await adaWithOcclusion();
    const files = await exportVault(ada);
    const page = strFromU8(files['Géographie.md']!);
    // In Obsidian: the image, then a code block; no server address, the plain card as before.
    expect(page.match(/```astrolabe-occlusion\n/g)).toHaveLength(1);
    expect(page).toContain('![Zones masquées](attachments/carte%20de%20France.png)\n\n```astrolabe-occlusion\n{\n  "mode": "hide_all",\n  "header": "Quelle ville ?",');
    expect(page).toContain('Capitale ?::Paris');
    expect(page).not.toContain('/api/v1/files');
    expect(page).not.toContain('Quelle ville ?::');
    expect(files['attachments/carte de France.png']).toEqual(PNG);

    const bob = await signUp('vaultocc');
    const zip = zipSync(files);
    const res = await importVault(bob, zip);
    expect([res.status, res.body.flashcards]).toEqual([200, 4]);
    const adas = await cardsOf(ada);
    const bobs = await cardsOf(bob);
    expect(summary(bobs)).toEqual(summary(adas));
    const occluded = bobs.filter((c) => c.occlusion);
    expect(occluded.map((c) => c.occlusion!.target).sort()).toEqual([0, 1, 2]);
    // One group over Bob's own copy of the map, which Bob's account serves.
    expect(new Set(occluded.map((c) => c.occlusion!.group)).size).toBe(1);
    const bobImage = occluded[0]!.occlusion!.image;
    expect(occluded.every((c) => c.occlusion!.image === bobImage)).toBe(true);
    expect(bobImage).toMatch(new RegExp(`^/api/v1/files/${bob.id}/`));
    expect(bobImage).not.toBe(image);
    const served = await SELF.fetch(`${BASE}${bobImage}`, { headers: { authorization: `Bearer ${bob.token}` } });
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    // Editable later: Bob moves a zone of his group.
    const edit = await call('PUT', `/api/flashcards/${occluded[0]!.id}/occlusion`, { token: bob.token, json: { version: 0, shapes: occluded[0]!.occlusion!.shapes, mode: 'hide_one', header: 'Quelle ville ?' } });
    expect(edit.status).toBe(200);

    // The same vault again adds nothing.
    const before = counts((await exportJson(bob)) as Record<string, unknown[]>);
    const again = await importVault(bob, zip);
    expect([again.status, again.body.flashcards, again.body.attachments]).toEqual([200, 0, 0]);
    expect(counts((await exportJson(bob)) as Record<string, unknown[]>)).toEqual(before);
  });

  it('refuses a tampered occlusion block in French, naming the page, and writes nothing', async () => {
    const { ada } = await adaWithOcclusion();
    const files = await exportVault(ada);
    const page = strFromU8(files['Géographie.md']!);
    const shape = '{"kind":"rect","left":0.1,"top":0.1,"width":0.1,"height":0.1,"label":""}';
    const block = /```astrolabe-occlusion\n[\s\S]*?\n```/;
    const tampered = {
      'Au plus 100 zones par image.': page.replace(block, `\`\`\`astrolabe-occlusion\n{"mode":"hide_one","header":"","shapes":[${Array(500).fill(shape).join(',')}]}\n\`\`\``),
      'pas du JSON lisible': page.replace('"mode": "hide_all",', '"mode": "hide_all",,'),
      'dépasse de l’image': page.replace('"left":0.1,', '"left":0.9,'),
      'introuvable dans le coffre': page.replace('attachments/carte%20de%20France.png', 'attachments/absente.png'),
    };
    const carol = await signUp('vaultocc');
    const before = counts((await exportJson(carol)) as Record<string, unknown[]>);
    for (const [detail, text] of Object.entries(tampered)) {
      // Another page shows an image, which is stored before the blocks' images are checked.
      const res = await importVault(carol, zipSync({ ...files, 'Géographie.md': strToU8(text), 'Autre.md': strToU8('![plan](attachments/plan.png)'), 'attachments/plan.png': PNG }));
      expect([res.status, res.body.code]).toEqual([422, 'invalid_occlusion']);
      expect(res.body.detail).toContain('Zones masquées de la page « Géographie.md » refusées.');
      expect(res.body.detail).toContain(detail);
    }
    // An image that is no image: the other page's image was stored, then removed.
    const notImage = await importVault(carol, zipSync({ ...files, 'attachments/carte de France.png': strToU8('pas une image'), 'Autre.md': strToU8('![plan](attachments/plan.png)'), 'attachments/plan.png': PNG }));
    expect([notImage.status, notImage.body.detail]).toEqual([422, expect.stringContaining('n’est pas une image lisible')]);
    expect(counts((await exportJson(carol)) as Record<string, unknown[]>)).toEqual(before);
    expect((await env.FILES.list({ prefix: `users/${carol.id}/` })).objects).toEqual([]);
  });
});
