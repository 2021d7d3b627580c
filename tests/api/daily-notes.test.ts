import { describe, expect, it } from 'vitest';
import { BASE, call, env, signUp, uploadFile, type TestUser } from './helpers';
import { SELF } from 'cloudflare:test';

const doc = (...paragraphs: string[]) => JSON.stringify({ type: 'doc', content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })) });

async function note(user: TestUser, date: string) {
  const res = await call('POST', '/api/notes', { token: user.token, json: { date } });
  expect([200, 201]).toContain(res.status);
  return res.body;
}

async function addBlock(user: TestUser, noteId: number, text: string, order_idx = 0) {
  const res = await call('POST', `/api/notes/${noteId}/blocks`, { token: user.token, json: { note_id: noteId, text, order_idx } });
  expect(res.status).toBe(201);
  return res.body;
}



const count = async (sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).first<{ n: number }>())!.n;

describe('daily notes', () => {
  it('answers 404 for a day without a note, then creates it once even when asked twice at once', async () => {
    const ada = await signUp('daily');
    expect((await call('GET', '/api/notes?note_date=2026-03-01', { token: ada.token })).status).toBe(404);
    const [a, b] = await Promise.all([
      call('POST', '/api/notes', { token: ada.token, json: { date: '2026-03-01' } }),
      call('POST', '/api/notes', { token: ada.token, json: { date: '2026-03-01' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect(await count('SELECT COUNT(*) AS n FROM daily_notes WHERE user_id = ?', ada.id)).toBe(1);
    const got = await call('GET', '/api/notes?note_date=2026-03-01', { token: ada.token });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: a.body.id, date: '2026-03-01', blocks: [], mentions: [] });
    expect(got.headers.get('cache-control')).toBe('no-store');
    // The spec writes the call with a trailing slash: the same note answers.
    const slashed = await call('GET', '/api/notes/?note_date=2026-03-01', { token: ada.token });
    expect(slashed.status).toBe(200);
    expect(slashed.body.id).toBe(a.body.id);
  });

  it('refuses malformed dates with 422 and writes nothing', async () => {
    const ada = await signUp('daily');
    for (const date of ['2026-02-30', '26-1-1', '2026-13-01', 'today']) {
      expect((await call('POST', '/api/notes', { token: ada.token, json: { date } })).status).toBe(422);
      expect((await call('GET', `/api/notes?note_date=${date}`, { token: ada.token })).status).toBe(422);
    }
    expect(await count('SELECT COUNT(*) AS n FROM daily_notes WHERE user_id = ?', ada.id)).toBe(0);
  });

  it('adds, edits and deletes blocks, keeping plain text searchable and mentions derived from [[Title]]', async () => {
    const ada = await signUp('daily');
    const energy = (await call('POST', '/api/concepts', { token: ada.token, json: { title: 'Énergie' } })).body;
    const n = await note(ada, '2026-03-02');
    const first = await addBlock(ada, n.id, doc('Lu un article sur [[energie]] et [[Inconnu]]'), 0);
    expect(first).toMatchObject({ note_id: n.id, order_idx: 0, version: 1 });
    await addBlock(ada, n.id, '<p>Second <b>bloc</b></p>', 1);
    const got = (await call('GET', '/api/notes?note_date=2026-03-02', { token: ada.token })).body;
    expect(got.blocks.map((b: any) => b.order_idx)).toEqual([0, 1]);
    expect(got.mentions).toEqual([
      { title: 'Énergie', concept_id: energy.id },
      { title: 'Inconnu', concept_id: null },
    ]);
    const mentions = await call('GET', `/api/notes/concepts/${energy.id}/mentions`, { token: ada.token });
    // The [[links]] became links, as typed ones do: the text reads without brackets.
    expect(mentions.body).toEqual([{ note_date: '2026-03-02', block_id: first.id, block_text: 'Lu un article sur energie et Inconnu' }]);
    const search = await call('GET', '/api/search?q=article', { token: ada.token });
    expect(JSON.stringify(search.body)).toContain('2026-03-02');

    const patched = await call('PATCH', `/api/notes/blocks/${first.id}`, { token: ada.token, json: { text: doc('Plus de lien'), version: 1 } });
    expect(patched.status).toBe(200);
    expect(patched.body.version).toBe(2);
    expect((await call('GET', `/api/notes/concepts/${energy.id}/mentions`, { token: ada.token })).body).toEqual([]);

    expect((await call('DELETE', `/api/notes/blocks/${first.id}`, { token: ada.token })).status).toBe(204);
    expect((await call('DELETE', `/api/notes/blocks/${first.id}`, { token: ada.token })).status).toBe(404);
    expect((await call('GET', '/api/notes?note_date=2026-03-02', { token: ada.token })).body.blocks).toHaveLength(1);
  });

  it('stores a [[Title]] written by REST or a note file as the link typing it makes, and re-saving links a placeholder once its concept exists', async () => {
    const ada = await signUp('daily');
    const atom = (await call('POST', '/api/concepts', { token: ada.token, json: { title: 'Atome' } })).body;
    const n = await note(ada, '2026-03-07');
    const link = { type: 'conceptLink', attrs: { href: `/concepts/${atom.id}`, title: 'Atome' } };
    const pending = { type: 'pendingConceptLink', attrs: { name: 'Noyau' } };
    const paragraph = (...content: object[]) => ({ type: 'doc', content: [{ type: 'paragraph', content }] });
    const expected = (noyau: object) => paragraph({ type: 'text', text: 'Voir ' }, { type: 'text', text: 'ATOME', marks: [link] }, { type: 'text', text: ' et ' }, { type: 'text', text: 'Noyau', marks: [noyau] });

    // A JSON document, HTML and a note file: the same links.
    const json = await addBlock(ada, n.id, doc('Voir [[ATOME]] et [[Noyau]]'), 0);
    expect(JSON.parse(json.text)).toEqual(expected(pending));
    const html = await addBlock(ada, n.id, '<p>Voir [[ATOME]] et [[Noyau]]<script>x()</script></p>', 1);
    expect(JSON.parse(html.text)).toEqual(expected(pending));
    const form = new FormData();
    form.append('file', new File(['---\ndate: 2026-03-07\n---\n\nVoir [[ATOME]] et [[Noyau]]\n'], 'note.md', { type: 'text/markdown' }));
    expect((await SELF.fetch(`${BASE}/api/notes/import`, { method: 'POST', headers: { authorization: `Bearer ${ada.token}` }, body: form })).status).toBe(201);
    const stored = (await call('GET', '/api/notes?note_date=2026-03-07', { token: ada.token })).body.blocks;
    expect(stored.map((b: { text: string }) => JSON.parse(b.text))).toEqual([expected(pending), expected(pending), expected(pending)]);
    // Code keeps its brackets; a block without [[…]] is stored as written.
    const plain = await addBlock(ada, n.id, '<p>Sans <b>lien</b></p>', 3);
    expect(plain.text).toBe('<p>Sans <b>lien</b></p>');

    // 'Lier automatiquement tous les blocs' saves each block again: the placeholder now links.
    const noyau = (await call('POST', '/api/concepts', { token: ada.token, json: { title: 'Noyau' } })).body;
    const resaved = await call('PATCH', `/api/notes/blocks/${json.id}`, { token: ada.token, json: { text: json.text } });
    expect(resaved.status).toBe(200);
    expect(JSON.parse(resaved.body.text)).toEqual(expected({ type: 'conceptLink', attrs: { href: `/concepts/${noyau.id}`, title: 'Noyau' } }));
  });

  it('lists a block in the mentions of a concept created after the block named it, without saving the block again', async () => {
    const ada = await signUp('daily');
    const bob = await signUp('daily');
    const n = await note(ada, '2026-03-05');
    const typed = await addBlock(ada, n.id, doc('Relire [[Photosynthèse]] demain'), 0);
    const pending = JSON.stringify({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Photosynthèse', marks: [{ type: 'pendingConceptLink', attrs: { name: 'Photosynthèse' } }] }] }],
    });
    const placeholder = await addBlock(ada, n.id, pending, 1);
    await addBlock(ada, n.id, doc('Photosynthèse sans crochets'), 2);
    const bobs = await note(bob, '2026-03-05');
    await addBlock(bob, bobs.id, doc('[[Photosynthèse]] chez Bob'), 0);

    const concept = (await call('POST', '/api/concepts', { token: ada.token, json: { title: 'Photosynthèse' } })).body;
    const mentions = await call('GET', `/api/notes/concepts/${concept.id}/mentions`, { token: ada.token });
    expect(mentions.body.map((m: any) => m.block_id).sort()).toEqual([typed.id, placeholder.id].sort());
    const bobsConcept = (await call('POST', '/api/concepts', { token: bob.token, json: { title: 'Autre' } })).body;
    expect((await call('GET', `/api/notes/concepts/${bobsConcept.id}/mentions`, { token: bob.token })).body).toEqual([]);
  });

  it('refuses a write based on an older version with 409 and the current text', async () => {
    const ada = await signUp('daily');
    const n = await note(ada, '2026-03-03');
    const block = await addBlock(ada, n.id, doc('v1'));
    await call('PATCH', `/api/notes/blocks/${block.id}`, { token: ada.token, json: { text: doc('phone'), version: 1 } });
    const stale = await call('PATCH', `/api/notes/blocks/${block.id}`, { token: ada.token, json: { text: doc('desktop'), version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body.block.text).toBe(doc('phone'));
    expect((await call('GET', '/api/notes?note_date=2026-03-03', { token: ada.token })).body.blocks[0].text).toBe(doc('phone'));
  });

  it('refuses blocks over 100,000 characters with 422 and writes nothing', async () => {
    const ada = await signUp('daily');
    const n = await note(ada, '2026-03-04');
    const long = 'a'.repeat(100_001);
    expect((await call('POST', `/api/notes/${n.id}/blocks`, { token: ada.token, json: { text: doc(long), order_idx: 0 } })).status).toBe(422);
    const ok = await addBlock(ada, n.id, doc('a'.repeat(100_000)));
    expect((await call('PATCH', `/api/notes/blocks/${ok.id}`, { token: ada.token, json: { text: long } })).status).toBe(422);
    const stored = await env.DB.prepare('SELECT length(plain_text) AS n FROM note_blocks WHERE note_id = ?').bind(n.id).all<{ n: number }>();
    expect(stored.results).toEqual([{ n: 100_000 }]);
  });

  it("answers 404 for another person's note and blocks, and changes nothing", async () => {
    const ada = await signUp('daily');
    const eve = await signUp('daily');
    const n = await note(ada, '2026-03-05');
    const block = await addBlock(ada, n.id, doc('secret'));
    expect((await call('POST', `/api/notes/${n.id}/blocks`, { token: eve.token, json: { text: doc('x'), order_idx: 1 } })).status).toBe(404);
    expect((await call('PATCH', `/api/notes/blocks/${block.id}`, { token: eve.token, json: { text: doc('x') } })).status).toBe(404);
    expect((await call('DELETE', `/api/notes/blocks/${block.id}`, { token: eve.token })).status).toBe(404);
    expect((await call('POST', `/api/blocks/${block.id}/promote`, { token: eve.token, json: { title: 'Vol', tags: '' } })).status).toBe(404);
    expect((await call('GET', '/api/notes?note_date=2026-03-05', { token: eve.token })).status).toBe(404);
    expect((await call('GET', '/api/notes/export?note_date=2026-03-05&format=json', { token: eve.token })).status).toBe(404);
    const got = (await call('GET', '/api/notes?note_date=2026-03-05', { token: ada.token })).body;
    expect(got.blocks.map((b: any) => b.text)).toEqual([doc('secret')]);
  });

  it('lists recent notes newest date first, 5 by default', async () => {
    const ada = await signUp('daily');
    for (const d of ['2026-01-01', '2026-01-03', '2026-01-02', '2026-01-05', '2026-01-04', '2026-01-06']) await note(ada, d);
    const res = await call('GET', '/api/notes/recent', { token: ada.token });
    expect(res.body.map((n: any) => n.date)).toEqual(['2026-01-06', '2026-01-05', '2026-01-04', '2026-01-03', '2026-01-02']);
    expect((await call('GET', '/api/notes/recent?limit=10', { token: ada.token })).body).toHaveLength(6);
    expect((await call('GET', '/api/notes/recent?limit=0', { token: ada.token })).status).toBe(422);
  });

  it('promotes a block to a concept with its content and tags; the block then links to it', async () => {
    const ada = await signUp('daily');
    const n = await note(ada, '2026-03-06');
    const block = await addBlock(ada, n.id, doc('La photosynthèse capte la lumière'));
    expect((await call('POST', `/api/blocks/${block.id}/promote`, { token: ada.token, json: { title: '  ', tags: '' } })).body.detail[0].msg).toBe('Title cannot be empty.');
    const res = await call('POST', `/api/blocks/${block.id}/promote`, { token: ada.token, json: { title: 'Photosynthèse', tags: 'bio, , plantes' } });
    expect(res.status).toBe(201);
    expect(res.body.concept.title).toBe('Photosynthèse');
    expect(res.body.concept.tags.map((t: any) => t.name).sort()).toEqual(['bio', 'plantes']);
    const concept = (await call('GET', `/api/concepts/${res.body.concept.id}`, { token: ada.token })).body;
    expect(JSON.stringify(concept.content)).toContain('La photosynthèse capte la lumière');
    expect(res.body.block.text).toContain(`/concepts/${res.body.concept.id}`);
    const mentions = await call('GET', `/api/notes/concepts/${res.body.concept.id}/mentions`, { token: ada.token });
    expect(mentions.body.map((m: any) => m.block_id)).toEqual([block.id]);
  });

  it('exports a note as JSON and Markdown and imports both back; bad files write nothing', async () => {
    const ada = await signUp('daily');
    const n = await note(ada, '2026-03-07');
    const rich = JSON.stringify({
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Titre' }] },
        { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'point' }] }] }] },
      ],
    });
    await addBlock(ada, n.id, rich, 0);
    await addBlock(ada, n.id, doc('deuxième'), 1);
    const json = await SELF.fetch(`${BASE}/api/notes/export?note_date=2026-03-07&format=json`, { headers: { authorization: `Bearer ${ada.token}` } });
    expect(json.headers.get('content-disposition')).toContain('note-2026-03-07.json');
    const jsonText = await json.text();
    const md = await (await SELF.fetch(`${BASE}/api/notes/export?note_date=2026-03-07&format=md`, { headers: { authorization: `Bearer ${ada.token}` } })).text();
    expect(md).toContain('## Titre');
    expect(md).toContain('- point');

    const back = await uploadFile(ada, '/api/notes/import', 'note.json', jsonText, { note_date: '2026-04-01' });
    expect(back.status).toBe(201);
    const copy = (await call('GET', '/api/notes?note_date=2026-04-01', { token: ada.token })).body;
    expect(copy.blocks.map((b: any) => b.text)).toEqual([rich, doc('deuxième')]);
    const fromMd = await uploadFile(ada, '/api/notes/import', 'note.md', md, { note_date: '2026-04-02' });
    expect(fromMd.body.imported_blocks).toBe(2);
    const mdCopy = (await call('GET', '/api/notes?note_date=2026-04-02', { token: ada.token })).body;
    expect(JSON.parse(mdCopy.blocks[0].text).content[0]).toMatchObject({ type: 'heading', attrs: { level: 2 } });

    const before = await count('SELECT COUNT(*) AS n FROM note_blocks WHERE user_id = ?', ada.id);
    expect((await uploadFile(ada, '/api/notes/import', 'note.txt', 'hello', { note_date: '2026-04-03' })).body.detail).toBe('Only .md and .json files can be imported.');
    expect((await uploadFile(ada, '/api/notes/import', 'note.json', '{broken', { note_date: '2026-04-03' })).status).toBe(422);
    expect((await uploadFile(ada, '/api/notes/import', 'note.md', '# x', { note_date: '2026-02-30' })).status).toBe(422);
    const noFile = await SELF.fetch(`${BASE}/api/notes/import`, { method: 'POST', headers: { authorization: `Bearer ${ada.token}` }, body: new FormData() });
    expect(((await noFile.json()) as any).detail).toBe('Please select a file to import.');
    expect(await count('SELECT COUNT(*) AS n FROM note_blocks WHERE user_id = ?', ada.id)).toBe(before);
  });

  it('imports highlights from a clippings file once, refusing another encoding', async () => {
    const ada = await signUp('daily');
    const clippings = '\uFEFFLe Petit Prince (Saint-Exupéry)\r\n- Votre surlignement sur la page 12 | emplacement 100-101 | Ajouté le lundi\r\n\r\nOn ne voit bien qu’avec le cœur.\r\n==========\r\nLe Petit Prince (Saint-Exupéry)\r\n- Votre signet sur la page 13\r\n\r\n\r\n==========\r\n';
    const first = await uploadFile(ada, '/api/notes/import/highlight', 'My Clippings.txt', clippings, { note_date: '2026-05-01' });
    expect(first.body).toEqual({ date: '2026-05-01', imported: 1, skipped: 0 });
    const again = await uploadFile(ada, '/api/notes/import/highlight', 'My Clippings.txt', clippings, { note_date: '2026-05-01' });
    expect(again.body).toEqual({ date: '2026-05-01', imported: 0, skipped: 1 });
    const got = (await call('GET', '/api/notes?note_date=2026-05-01', { token: ada.token })).body;
    expect(got.blocks).toHaveLength(1);
    expect(got.blocks[0].text).toContain('blockquote');
    expect(got.blocks[0].text).toContain('Le Petit Prince');
    const list = await uploadFile(ada, '/api/notes/import/highlight', 'h.md', '# Essais\n- Que sais-je ?\n- Rien\n', { note_date: '2026-05-01' });
    expect(list.body.imported).toBe(2);
    const latin1 = new Uint8Array([0x4c, 0x65, 0x20, 0xe9, 0x74, 0xe9, 0x0a, 0x2d, 0x20, 0x78]);
    const bad = await uploadFile(ada, '/api/notes/import/highlight', 'My Clippings.txt', latin1, { note_date: '2026-05-02' });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toBe('Le fichier doit être encodé en UTF-8.');
    expect((await call('GET', '/api/notes?note_date=2026-05-02', { token: ada.token })).status).toBe(404);
    // Deleting all data forgets what was imported: the same file imports again.
    expect((await call('DELETE', '/api/export-import/user-data?confirm=DELETE_ALL_MY_DATA', { token: ada.token })).status).toBeLessThan(300);
    expect((await uploadFile(ada, '/api/notes/import/highlight', 'My Clippings.txt', clippings, { note_date: '2026-05-01' })).body.imported).toBe(1);
  });
});
