/**
 * Anki package import: a real-world-shaped deck is built here with sql.js and
 * fflate (not with our exporter) — nested decks, Basic and reversed notes, tags, an
 * image, a card with Anki's FSRS memory state and one without (its history is replayed
 * through ts-fsrs), learning and new cards, a manual reschedule in the history — as a
 * legacy collection.anki2 and as a zstd collection.anki21b, and imported.
 */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { newCard, reviewCard, type StoredCard } from '../../worker/src/domain/fsrs';
import { ANKI_SCHEMA } from '../../worker/src/domain/anki';
import { loadSqlite } from '../../worker/src/services/sqlite-wasm';
import { SELF } from 'cloudflare:test';
import { BASE, call, signUp, type TestUser } from './helpers';
import { exportApkg, openPackage, rows } from './apkg-package';
import { exportJson, importForm } from './data-fixtures';

const DAY = 86_400_000;
const CRT = 1_735_700_400; // 2025-01-01 03:00 UTC, seconds
const NOW = Date.now();
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
/** An ID3v2 header and one MPEG-1 layer III frame header: what an mp3 starts with. */
const MP3 = Uint8Array.from([0x49, 0x44, 0x33, 0x04, 0, 0, 0, 0, 0, 0, 0xff, 0xfb, 0x90, 0x64, ...new Array(64).fill(0)]);
const T = (day: number) => CRT * 1000 + day * DAY + 3_600_000;

/** The decks: Default (no cards), Langues, Langues::Espagnol, Langues::Espagnol::Verbes. */
const DECKS: [number, string][] = [[1, 'Default'], [100, 'Langues'], [101, 'Langues::Espagnol'], [102, 'Langues::Espagnol::Verbes']];

async function buildCollection(modern: boolean): Promise<Uint8Array> {
  const SQL = await loadSqlite();
  const db = new SQL.Database();
  db.run(ANKI_SCHEMA);
  const deckJson = Object.fromEntries(DECKS.map(([id, name]) => [id, { id, name }]));
  // Anki ≥ 2.1 writes schedVer 2; without it the collection would read as scheduler v1.
  const models = {
    1: {
      id: 1, name: 'Basic (and reversed card)', type: 0, flds: [{ name: 'Front', ord: 0 }, { name: 'Back', ord: 1 }],
      tmpls: [
        { name: 'Card 1', ord: 0, qfmt: '{{Front}}', afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}' },
        { name: 'Card 2', ord: 1, qfmt: '{{Back}}', afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Front}}' },
      ],
    },
  };
  db.run("INSERT INTO col VALUES (1, ?, 0, 0, 11, 0, 0, 0, '{\"schedVer\":2}', ?, ?, '{}', '{}')", [CRT, JSON.stringify(models), modern ? '{}' : JSON.stringify(deckJson)]);
  if (modern) {
    db.run('CREATE TABLE decks (id integer primary key not null, name text not null, mtime_secs integer not null, usn integer not null, common blob not null, kind blob not null)');
    for (const [id, name] of DECKS) db.run("INSERT INTO decks VALUES (?, ?, 0, 0, x'', x'')", [id, name.replace(/::/g, '\x1f')]);
  }
  const notes: [number, string, string][] = [
    [1001, 'hola\x1fbonjour <b>salut</b>', ' es vocab '],
    [1002, 'Qui est-ce ?<br><img src="chat.png">\x1fel gato [sound:miaou.mp3]', ' es animal '],
    [1003, 'comer\x1fmanger', ''],
  ];
  for (const [id, flds, tags] of notes) db.run("INSERT INTO notes VALUES (?, ?, 1, 0, 0, ?, ?, '', 0, 0, '')", [id, `g${id}`, tags, flds]);
  // id, nid, did, ord, type, queue, due, ivl, reps, lapses, data
  const cards: (number | string)[][] = [
    [2001, 1001, 101, 0, 2, 2, 400, 12, 3, 1, '{"s":15.5,"d":6.2,"dr":0.9}'],
    [2002, 1002, 101, 0, 2, 2, 410, 9, 2, 0, ''],
    [2003, 1003, 102, 0, 0, 0, 7, 0, 0, 0, ''],
    [2004, 1003, 102, 1, 1, 1, Math.floor(NOW / 1000) + 600, 0, 1, 0, ''],
  ];
  for (const c of cards) db.run('INSERT INTO cards VALUES (?, ?, ?, ?, 0, 0, ?, ?, ?, ?, 2500, ?, ?, 0, 0, 0, 0, ?)', c);
  // id (answer time), cid, ease, ivl, lastIvl, factor, time, type
  const revlog: number[][] = [
    [T(380), 2001, 3, 1, 0, 2500, 5000, 0],
    [T(381), 2001, 1, -600, 1, 2500, 8000, 1],
    [T(388), 2001, 3, 12, 1, 2500, 70000, 2],
    [T(390), 2002, 3, 3, 0, 2500, 4000, 0],
    [T(393), 2002, 4, 9, 3, 2500, 3000, 1],
    [T(395), 2002, 0, 9, 9, 2500, 0, 4],
    [T(396), 2004, 3, -600, 0, 0, 2000, 0],
  ];
  for (const r of revlog) db.run('INSERT INTO revlog VALUES (?, ?, 0, ?, ?, ?, ?, ?, ?)', [r[0]!, r[1]!, r[2]!, r[3]!, r[4]!, r[5]!, r[6]!, r[7]!]);
  const bytes = db.export();
  db.close();
  return bytes;
}

/** A zstd frame of raw (stored) blocks: valid zstd any decoder reads, written without a compressor. */
function zstdStored(data: Uint8Array): Uint8Array {
  const BLOCK = 128 * 1024;
  const parts: number[] = [0x28, 0xb5, 0x2f, 0xfd, 0xa0, ...[0, 8, 16, 24].map((s) => (data.length >>> s) & 0xff)];
  const out: Uint8Array[] = [Uint8Array.from(parts)];
  for (let at = 0; at < data.length || at === 0; at += BLOCK) {
    const chunk = data.subarray(at, at + BLOCK);
    const header = (chunk.length << 3) | (at + BLOCK >= data.length ? 1 : 0);
    out.push(Uint8Array.from([header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff]), chunk);
    if (data.length === 0) break;
  }
  const total = new Uint8Array(out.reduce((n, p) => n + p.length, 0));
  out.reduce((offset, p) => (total.set(p, offset), offset + p.length), 0);
  return total;
}

async function buildPackage(modern: boolean): Promise<Uint8Array> {
  const collection = await buildCollection(modern);
  if (!modern) return zipSync({ 'collection.anki2': collection, media: strToU8(JSON.stringify({ 0: 'chat.png', 1: 'miaou.mp3' })), 0: PNG, 1: MP3 });
  // Current packages: zstd collection, protobuf media list (entries { name = "chat.png" }, { name = "miaou.mp3" }), zstd media files, and a stub anki2.
  const entries = ['chat.png', 'miaou.mp3'].flatMap((file) => {
    const name = strToU8(file);
    const entry = [0x0a, name.length, ...name];
    return [0x0a, entry.length, ...entry];
  });
  const media = Uint8Array.from(entries);
  return zipSync({ 'collection.anki21b': zstdStored(collection), 'collection.anki2': new Uint8Array([1, 2, 3]), media: zstdStored(media), 0: zstdStored(PNG), 1: zstdStored(MP3) });
}

const importApkg = (user: TestUser, bytes: Uint8Array, name = 'deck.apkg') =>
  call('POST', '/api/export-import/import/apkg', { token: user.token, body: importForm(bytes, name, 'application/octet-stream') });

function replay(answers: [number, 1 | 2 | 3 | 4][]): StoredCard {
  let card = newCard(answers[0]![0]);
  for (const [at, rating] of answers) card = reviewCard(card, at, rating, { fuzz: false }).card;
  return card;
}

describe('Anki package import', () => {
  for (const modern of [false, true]) {
    it(`imports a ${modern ? 'collection.anki21b (zstd)' : 'legacy collection.anki2'} deck: decks, cards with their schedule, history, tags and images`, async () => {
      const user = await signUp('anki');
      const res = await importApkg(user, await buildPackage(modern));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Anki package imported successfully', concepts: 3, flashcards: 4, reviews: 6, study_sessions: 0 });

      const backup = await exportJson(user);
      const uidOf = Object.fromEntries(backup.concepts.map((c: any) => [c.title, c.uid]));
      expect(Object.keys(uidOf).sort()).toEqual(['Espagnol', 'Langues', 'Verbes']);
      expect(backup.concept_relations).toEqual(
        expect.arrayContaining([
          { parent_uid: uidOf.Langues, child_uid: uidOf.Espagnol },
          { parent_uid: uidOf.Espagnol, child_uid: uidOf.Verbes },
        ]),
      );
      expect(backup.concepts.find((c: any) => c.title === 'Espagnol').tags.sort()).toEqual(['animal', 'es', 'vocab']);

      const card = (question: string) => backup.flashcards.find((f: any) => f.question.startsWith(question));
      // Anki's memory state is kept as is; due by day number from the collection's creation.
      expect(card('hola')).toMatchObject({ answer: 'bonjour salut', tags: ['es', 'vocab'], concept_uid: uidOf.Espagnol, state: 2, stability: 15.5, difficulty: 6.2, reps: 3, lapses: 1, scheduled_days: 12, due: CRT * 1000 + 400 * DAY, last_review: T(388) });
      // No memory state: the history replayed through ts-fsrs (the manual reschedule skipped).
      const replayed = replay([[T(390), 3], [T(393), 4]]);
      const cat = card('Qui est-ce ?');
      expect(cat.stability).toBeCloseTo(replayed.stability, 6);
      expect(cat.difficulty).toBeCloseTo(replayed.difficulty, 6);
      expect(cat).toMatchObject({ state: 2, due: CRT * 1000 + 410 * DAY });
      const address = /!\[\]\((\/api\/v1\/files\/\d+\/[0-9a-f-]{36})\)/.exec(cat.question)?.[1];
      expect(address).toBeTruthy();
      const image = await call('GET', address!);
      expect(image.status).toBe(200);
      // The sound is kept as a link to the uploaded mp3, on its own line under the text.
      const sound = /^el gato\n\[🔊 miaou\.mp3\]\((\/api\/v1\/files\/\d+\/[0-9a-f-]{36})\)$/.exec(cat.answer)?.[1];
      expect(sound).toBeTruthy();
      const audio = await SELF.fetch(`${BASE}${sound}`);
      expect([audio.status, audio.headers.get('content-type')]).toEqual([200, 'audio/mpeg']);
      expect(backup.files.map((f: any) => f.kind).sort()).toEqual(['audio', 'image']);
      // A new card stays new; the reversed card swaps its sides and keeps its learning step.
      expect(card('comer')).toMatchObject({ answer: 'manger', state: 0, reps: 0, concept_uid: uidOf.Verbes });
      expect(card('manger')).toMatchObject({ answer: 'comer', state: 1 });

      expect(backup.reviews.map((r: any) => [r.rating, r.reviewed_at])).toEqual([[3, T(380)], [1, T(381)], [3, T(388)], [3, T(390)], [4, T(393)], [3, T(396)]]);
      expect(backup.reviews[2].duration_ms).toBe(70000);
      // The history gives its concepts a mastery at once; a concept whose only card is new stays unstudied.
      const mastery = Object.fromEntries(backup.concepts.map((c: any) => [c.title, c.mastery_level]));
      expect(mastery.Espagnol).toBeGreaterThan(0);
      expect(mastery.Langues).toBeNull();

      // The same package again updates the same objects: nothing doubles.
      expect((await importApkg(user, await buildPackage(modern))).status).toBe(200);
      const again = await exportJson(user);
      expect([again.concepts.length, again.flashcards.length, again.reviews.length]).toEqual([3, 4, 6]);
    });
  }

  it('exports an imported package back with its notes, FSRS memory state and media under their names', async () => {
    const user = await signUp('anki');
    expect((await importApkg(user, await buildPackage(true))).status).toBe(200);
    const { db, files, media } = await openPackage(await exportApkg(user));
    const notes = rows(db, 'SELECT n.guid, n.flds, group_concat(c.ord) AS ords FROM notes n JOIN cards c ON c.nid = n.id GROUP BY n.id ORDER BY n.guid');
    expect(notes).toEqual([
      { guid: 'g1001', flds: 'hola\x1fbonjour <b>salut</b>', ords: '0' },
      { guid: 'g1002', flds: 'Qui est-ce ?<br><img src="chat.png">\x1fel gato [sound:miaou.mp3]', ords: '0' },
      { guid: 'g1003', flds: 'comer\x1fmanger', ords: '0,1' },
    ]);
    // Anki's memory state goes back in cards.data.
    expect(JSON.parse(String(rows(db, 'SELECT data FROM cards WHERE id = 2001')[0]!.data))).toMatchObject({ s: 15.5, d: 6.2 });
    // The image and the sound travel under the names the fields use, byte for byte.
    const byName = Object.fromEntries(Object.entries(media).map(([entry, name]) => [name, files[entry]]));
    expect(Object.keys(byName).sort()).toEqual(['chat.png', 'miaou.mp3']);
    expect(byName['chat.png']).toEqual(PNG);
    expect(byName['miaou.mp3']).toEqual(MP3);
  });

  it("exports a card rewritten after its import with the new text, not its Anki note's", async () => {
    const user = await signUp('anki');
    expect((await importApkg(user, await buildPackage(true))).status).toBe(200);
    const cards = (await call('GET', '/api/flashcards', { token: user.token })).body as { id: number; question: string; tags: string[] }[];
    const hola = cards.find((c) => c.question.includes('hola'))!;
    const put = await call('PUT', `/api/flashcards/${hola.id}`, { token: user.token, json: { question: 'hola (informel)', answer: 'salut', tags: hola.tags } });
    expect(put.status).toBe(200);
    const { db } = await openPackage(await exportApkg(user));
    const fields = rows(db, 'SELECT n.guid, n.flds FROM notes n ORDER BY n.id').map((n) => String(n.flds));
    expect(fields).toContain('hola (informel)\x1fsalut');
    expect(fields.some((f) => f.startsWith('hola\x1f'))).toBe(false);
    // The other notes keep their Anki identity.
    expect(rows(db, "SELECT guid FROM notes WHERE guid IN ('g1002', 'g1003') ORDER BY guid").map((n) => n.guid)).toEqual(['g1002', 'g1003']);
  });

  it('refuses a file that is not a zip, and a zip without a collection, writing nothing', async () => {
    const user = await signUp('anki');
    const notZip = await importApkg(user, strToU8('not a zip at all'));
    expect(notZip.status).toBe(422);
    expect(notZip.body.detail).toBe('The file is not an Anki package (.apkg)');
    const empty = await importApkg(user, zipSync({ 'readme.txt': strToU8('hello') }));
    expect(empty.status).toBe(422);
    expect(empty.body.detail).toBe('The package holds no Anki collection');
    const backup = await exportJson(user);
    expect([backup.concepts.length, backup.flashcards.length, backup.files.length]).toEqual([0, 0, 0]);
  });
});
