/**
 * Inputs an attacker would send: each answers a 4xx with the error envelope and
 * changes nothing, where it used to answer 500 or store more than the write rules allow.
 */
import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { ANKI_SCHEMA } from '../../worker/src/domain/anki';
import { loadSqlite } from '../../worker/src/services/sqlite-wasm';
import { deflatedZeros, zipOf } from '../support/zip-bytes';
import { importForm } from './data-fixtures';
import { call, env, signUp, uploadFile, type TestUser } from './helpers';

const envelope = (body: any) => expect(body).toEqual(expect.objectContaining({ detail: expect.anything(), code: expect.any(String) }));

/** A JSON document nested `levels` deep (blockquotes in blockquotes). */
function nestedDoc(levels: number): string {
  return '{"type":"doc","content":[' + '{"type":"blockquote","content":['.repeat(levels) + '{"type":"paragraph"}' + ']}'.repeat(levels) + ']}';
}



const count = async (sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).first<{ n: number }>())!.n;

describe('daily-note blocks nested thousands of levels deep', () => {
  it('refuses a block nested 5,000 levels with 422 on POST and on PATCH, keeping the block as it was', async () => {
    const ada = await signUp('hostile');
    const note = (await call('POST', '/api/notes', { token: ada.token, json: { date: '2026-06-01' } })).body;
    const deep = nestedDoc(5_000);
    const added = await call('POST', `/api/notes/${note.id}/blocks`, { token: ada.token, json: { note_id: note.id, text: deep } });
    expect(added.status).toBe(422);
    envelope(added.body);
    const block = await call('POST', `/api/notes/${note.id}/blocks`, { token: ada.token, json: { note_id: note.id, text: 'Avant' } });
    expect(block.status).toBe(201);
    const patched = await call('PATCH', `/api/notes/blocks/${block.body.id}`, { token: ada.token, json: { text: deep } });
    expect(patched.status).toBe(422);
    envelope(patched.body);
    const again = await call('GET', '/api/notes?note_date=2026-06-01', { token: ada.token });
    expect(again.body.blocks.map((b: any) => b.text)).toEqual(['Avant']);
  });
});

describe('daily-note import applies the write rules of a REST write', () => {
  it('refuses a note file whose title is 1,000,000 characters, storing nothing', async () => {
    const ada = await signUp('hostile');
    const file = JSON.stringify({ format: 'astrolabe-daily-note', version: 1, date: '2026-06-02', title: 'T'.repeat(1_000_000), blocks: [{ text: 'Bonjour' }] });
    const res = await uploadFile(ada, '/api/notes/import', 'note.json', file);
    expect(res.status).toBe(422);
    envelope(res.body);
    const md = await uploadFile(ada, '/api/notes/import', 'note.md', `---\ndate: 2026-06-02\ntitle: ${'T'.repeat(600)}\n---\n\nBonjour\n`);
    expect(md.status).toBe(422);
    expect(await count('SELECT COUNT(*) AS n FROM daily_notes WHERE user_id = ?', ada.id)).toBe(0);
  });

  it('refuses an imported block nested beyond the document limits', async () => {
    const ada = await signUp('hostile');
    const file = JSON.stringify({ format: 'astrolabe-daily-note', version: 1, date: '2026-06-03', title: null, blocks: [{ text: 'ok' }, { text: nestedDoc(200) }] });
    const res = await uploadFile(ada, '/api/notes/import', 'note.json', file);
    expect(res.status).toBe(422);
    envelope(res.body);
    expect(await count('SELECT COUNT(*) AS n FROM note_blocks WHERE user_id = ?', ada.id)).toBe(0);
  });
});

const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
const importApkg = (user: TestUser, bytes: Uint8Array) => call('POST', '/api/export-import/import/apkg', { token: user.token, body: importForm(bytes, 'deck.apkg', 'application/octet-stream') });

/** A one-card collection; `schema` replaces Anki's tables, `flds` the note's fields. */
async function collection(schema = ANKI_SCHEMA, flds = 'recto\x1fverso'): Promise<Uint8Array> {
  const SQL = await loadSqlite();
  const db = new SQL.Database();
  db.run(schema);
  if (schema === ANKI_SCHEMA) {
    db.run("INSERT INTO col VALUES (1, 1735700400, 0, 0, 11, 0, 0, 0, '{}', '{}', '{\"1\":{\"id\":1,\"name\":\"Default\"}}', '{}', '{}')");
    db.run("INSERT INTO notes VALUES (1, 'g1', 1, 0, 0, '', ?, '', 0, 0, '')", [flds]);
  }
  db.run("INSERT INTO cards VALUES (2, 1, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2500, 0, 0, 0, 0, 0)");
  const bytes = db.export();
  db.close();
  return bytes;
}

describe('Anki packages an attacker would send', () => {
  it('refuses a 256 MB collection packed into a few hundred KB before expanding it', async () => {
    const ada = await signUp('hostile');
    const bomb = zipOf([{ name: 'collection.anki2', data: await deflatedZeros(256 << 20), method: 8, size: 256 << 20 }]);
    const res = await importApkg(ada, bomb);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('apkg_too_large');
    // The same data declaring a small size is stopped once it passes it.
    const liar = zipOf([{ name: 'collection.anki2', data: await deflatedZeros(256 << 20), method: 8, size: 4096 }]);
    const lied = await importApkg(ada, liar);
    expect(lied.status).toBe(422);
    envelope(lied.body);
  });

  it('refuses a collection with cards but no col table', async () => {
    const ada = await signUp('hostile');
    const cardsOnly = await collection(ANKI_SCHEMA.slice(ANKI_SCHEMA.indexOf('CREATE TABLE cards'), ANKI_SCHEMA.indexOf(';', ANKI_SCHEMA.indexOf('CREATE TABLE cards')) + 1));
    const res = await importApkg(ada, zipSync({ 'collection.anki2': cardsOnly }));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('invalid_apkg');
    expect(await count('SELECT COUNT(*) AS n FROM flashcards WHERE user_id = ?', ada.id)).toBe(0);
  });

  it('refuses an image whose name is 5,000 characters, storing no file', async () => {
    const ada = await signUp('hostile');
    const name = `${'a'.repeat(4996)}.png`;
    const deck = await collection(ANKI_SCHEMA, `<img src="${name}">\x1fverso`);
    const res = await importApkg(ada, zipSync({ 'collection.anki2': deck, media: strToU8(JSON.stringify({ 0: name })), 0: PNG }));
    expect(res.status).toBe(422);
    envelope(res.body);
    expect(await count('SELECT COUNT(*) AS n FROM files WHERE user_id = ?', ada.id)).toBe(0);
    expect((await env.FILES.list({ prefix: `users/${ada.id}/` })).objects).toHaveLength(0);
  });
});

describe('pages an attacker would serve to the import', () => {
  const extract = (user: TestUser, path: string) => call('POST', '/api/import/extract-content', { token: user.token, json: { url: `${env.PAGE_SERVER_ORIGIN}${path}` } });

  it('answers 422 for a page with no element, one nested 200,000 deep and ~5 MB of prose', async () => {
    const ada = await signUp('hostile');
    for (const [path, code] of [['/no-element', 'page_empty'], ['/doctype-only', 'page_empty'], ['/deep', 'page_too_complex'], ['/prose', 'article_too_large']]) {
      const res = await extract(ada, path!);
      expect(res.status, path).toBe(422);
      expect(res.body.code, path).toBe(code);
      envelope(res.body);
    }
  });
});
