/**
 * Bounded work: every route that parses what a person sends is given the
 * pathological inputs — deep, wide, huge, compressed — and answers a 4xx with the error
 * envelope, while an ordinary request sent as each one is in flight (GET /api/config) is
 * still answered. How fast that answer comes is measured in the bench
 * (tests/bench/13-bounded-work.bench.mjs), never here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { deflatedZeros, zipOf } from '../support/zip-bytes';
import { importForm } from './data-fixtures';
import { call, env, signUp, type TestUser } from './helpers';

type Answer = Awaited<ReturnType<typeof call>>;

/** Sends `pathological` and, while it is in flight, GET /api/config; answers the first after checking the second was served. */
async function besideOrdinary(pathological: () => Promise<Answer>): Promise<Answer> {
  const sent = pathological();
  const ordinary = call('GET', '/api/config');
  const [answer, config] = await Promise.all([sent, ordinary]);
  expect(config.status).toBe(200);
  expect(config.body.environment).toBeTruthy();
  return answer;
}

function refused(answer: Answer, status: number, code?: string) {
  expect(answer.status).toBe(status);
  expect(answer.body).toEqual(expect.objectContaining({ detail: expect.anything(), code: code ?? expect.any(String) }));
}

/** A rich document nested `levels` deep, written as text (JSON.stringify would recurse). */
const nestedDoc = (levels: number) => '{"type":"doc","content":[' + '{"type":"blockquote","content":['.repeat(levels) + '{"type":"paragraph"}' + ']}'.repeat(levels) + ']}';
const upload = (user: TestUser, path: string, content: string | Uint8Array, name: string, type = 'application/octet-stream') =>
  call('POST', path, { token: user.token, body: importForm(content, name, type) });

let ada: TestUser;
beforeAll(async () => {
  ada = await signUp('bounded');
});

describe('the article import, given pages built to cost', () => {
  const extract = (path: string) => () => call('POST', '/api/import/extract-content', { token: ada.token, json: { url: `${env.PAGE_SERVER_ORIGIN}${path}` } });

  it('refuses a page nested 200,000 deep (deep)', async () => refused(await besideOrdinary(extract('/deep')), 422, 'page_too_complex'));
  it('refuses a deep page from its first bytes, without waiting for a rest that never comes', async () => {
    refused(await besideOrdinary(extract('/deep-endless')), 422, 'page_too_complex');
  });
  it('refuses ~5 MB of prose in 36,000 paragraphs (wide)', async () => refused(await besideOrdinary(extract('/prose')), 422, 'article_too_large'));
  it('refuses a 50 MB page, announced or not (huge)', async () => {
    refused(await besideOrdinary(extract('/huge')), 422, 'page_too_large');
    refused(await besideOrdinary(extract('/huge-declared')), 422, 'page_too_large');
  });
});

describe('archives that expand far beyond their size (compressed)', () => {
  it('refuses an .apkg whose collection is 256 MB of zeros in a few hundred KB', async () => {
    const bomb = zipOf([{ name: 'collection.anki2', data: await deflatedZeros(256 << 20), method: 8, size: 256 << 20 }]);
    refused(await besideOrdinary(() => upload(ada, '/api/export-import/import/apkg', bomb, 'deck.apkg')), 422, 'apkg_too_large');
  });

  it('refuses an .apkg whose entry lies about its size', async () => {
    const liar = zipOf([{ name: 'collection.anki2', data: await deflatedZeros(64 << 20), method: 8, size: 4096 }]);
    refused(await besideOrdinary(() => upload(ada, '/api/export-import/import/apkg', liar, 'deck.apkg')), 422);
  });

  it('refuses a vault whose page is 256 MB of zeros', async () => {
    const bomb = zipOf([{ name: 'bombe.md', data: await deflatedZeros(256 << 20), method: 8, size: 256 << 20 }]);
    refused(await besideOrdinary(() => upload(ada, '/api/export-import/import/vault', bomb, 'coffre.zip', 'application/zip')), 422, 'vault_too_large');
  });
});

describe('JSON backups built to cost', () => {
  const restore = (text: string) => () => upload(ada, '/api/export-import/import/json?merge=true', text, 'backup.json', 'application/json');

  it('refuses a backup over 16 MB (huge)', async () => refused(await besideOrdinary(restore(`{"pad":"${'x'.repeat(17 << 20)}"}`)), 413, 'file_too_large'));
  it('refuses a backup nested 100,000 deep (deep)', async () => refused(await besideOrdinary(restore('['.repeat(100_000) + ']'.repeat(100_000))), 422, 'invalid_backup'));
  it('refuses 15 MB of empty objects before parsing them (wide)', async () => {
    refused(await besideOrdinary(restore(`{"concepts":[${'{},'.repeat(5_000_000)}{}]}`)), 413, 'import_too_large');
  });
  it('refuses 15 MB of tiny numbers before parsing them (wide)', async () => {
    refused(await besideOrdinary(restore(`{"concepts":[${'0,'.repeat(7_500_000)}0]}`)), 413, 'import_too_large');
  });
});

describe('notes and concepts built to cost', () => {
  it('refuses a daily-note block nested 5,000 deep (deep)', async () => {
    const note = (await call('POST', '/api/notes', { token: ada.token, json: { date: '2026-07-01' } })).body;
    refused(await besideOrdinary(() => call('POST', `/api/notes/${note.id}/blocks`, { token: ada.token, json: { note_id: note.id, text: nestedDoc(5_000) } })), 422);
  });

  it('refuses a note file of 5 MB (huge) and one whose title is 1,000,000 characters', async () => {
    const huge = JSON.stringify({ format: 'astrolabe-daily-note', version: 1, date: '2026-07-02', title: null, blocks: [{ text: 'x'.repeat(5 << 20) }] });
    refused(await besideOrdinary(() => upload(ada, '/api/notes/import', huge, 'note.json', 'application/json')), 413);
    const title = JSON.stringify({ format: 'astrolabe-daily-note', version: 1, date: '2026-07-02', title: 'T'.repeat(1_000_000), blocks: [{ text: 'Bonjour' }] });
    refused(await besideOrdinary(() => upload(ada, '/api/notes/import', title, 'note.json', 'application/json')), 422);
  });

  it('refuses a concept nested 10,000 deep (deep) and a body over the 1 MB limit (huge)', async () => {
    const deep = `{"title":"Profond","content":${nestedDoc(10_000)}}`;
    refused(await besideOrdinary(() => call('POST', '/api/concepts', { token: ada.token, body: deep, headers: { 'content-type': 'application/json' } })), 422);
    const huge = JSON.stringify({ title: 'Énorme', content: 'x'.repeat(3 << 20) });
    refused(await besideOrdinary(() => call('POST', '/api/concepts', { token: ada.token, body: huge, headers: { 'content-type': 'application/json' } })), 413);
  });
});
