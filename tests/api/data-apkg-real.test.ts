/**
 * Anki packages written by Anki itself (origins in tests/fixtures/anki/README.md),
 * imported as a switching learner would: every card rendered from its note type's
 * templates, clozes one card per deletion, line breaks kept, v1 ratings read as Anki
 * reads them, sounds kept, and a second import adding nothing.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { unzipSync, zipSync } from 'fflate';
import { decompress } from 'fzstd';
import { loadSqlite } from '../../worker/src/services/sqlite-wasm';
import { exportApkg, openPackage, rows } from './apkg-package';
import { call, signUp, type TestUser } from './helpers';
import { exportJson, importForm } from './data-fixtures';

const fixture = (name: string) => Uint8Array.from(atob(env.ANKI_FIXTURES[name]!), (c) => c.charCodeAt(0));
const importApkg = (user: TestUser, name: string) =>
  call('POST', '/api/export-import/import/apkg', { token: user.token, body: importForm(fixture(name), name, 'application/octet-stream') });

async function importTwice(name: string) {
  const user = await signUp('anki');
  const res = await importApkg(user, name);
  expect(res.status).toBe(200);
  const backup = await exportJson(user);
  // The same package again updates the same cards: nothing doubles.
  expect((await importApkg(user, name)).status).toBe(200);
  const again = await exportJson(user);
  expect([again.concepts.length, again.flashcards.length, again.reviews.length, again.files.length]).toEqual([backup.concepts.length, backup.flashcards.length, backup.reviews.length, backup.files.length]);
  const card = (uid: string) => backup.flashcards.find((f: any) => f.uid === `anki-card-${uid}`);
  return { res, backup, card };
}

/** What a learner would call a broken card: raw template or cloze syntax, or nothing to read. */
const broken = (f: { question: string; answer: string }) => !f.question.trim() || !f.answer.trim() || /\{\{c\d+::|\{\{(Front|Back|Text|Extra)\}\}/.test(f.question + f.answer);

describe('Anki packages written by Anki', () => {
  it('renders the cards of an Anki 2.0 collection from their templates: clozes one card per deletion, line breaks, v1 ratings', async () => {
    const { res, backup, card } = await importTwice('ankidroid-templates.apkg');
    expect(res.body).toMatchObject({ concepts: 8, flashcards: 146, reviews: 102 });
    expect(backup.flashcards.filter(broken).map((f: any) => f.uid)).toEqual([]);
    // A three-deletion cloze note: three cards, each blanking its own deletion and showing the others.
    expect(card('1426118715709')).toMatchObject({ question: 'Some common text here!\nI am a [...] sentence with multiple sections clozed!', answer: 'Some common text here!\nI am a long sentence with multiple sections clozed!' });
    expect(card('1426118715713').question).toBe('Some common text here!\nI am a long sentence with [...] sections clozed!');
    expect(card('1426118715714').question).toBe('Some common text here!\nI am a long sentence with multiple sections [...]!');
    // A custom note type with conditional templates; `<div>` line breaks kept.
    expect(card('1370746158819')).toMatchObject({ question: 'Where does Deltoid originate?', answer: 'Scapula (spine, acromion)\nClavicle (lateral 1/3)' });
    // Special fields ({{Tags}}, {{Type}}, {{Deck}}) as Anki fills them.
    expect(card('1426026541166').question).toContain("The card's deck: 1-TEMPLATES::Misc");
    // A sound the package does not carry still shows on the card.
    expect(card('1426653914370').answer).toContain('🔊 google-e048ee6b-1c4191eb-579ea99b-d62e5e77-0e5662f9.mp3');
    // Scheduler v1: the learning answer stored as ease 2 (Good of three buttons) is Good (3), as Anki reads it.
    const ratings = (uid: string) => backup.reviews.filter((r: any) => r.flashcard_uid === `anki-card-${uid}`).map((r: any) => r.rating);
    expect(ratings('1404535701831')).toEqual([3, 1, 1]);
    expect(ratings('1426118715709')).toEqual([1]);
  });

  it('reads an anki21b collection (zstd, schema 18) with its note types from their protobuf configs', async () => {
    const { res, backup, card } = await importTwice('mujing-alphabet-word.apkg');
    expect(res.body).toMatchObject({ flashcards: 26, reviews: 0 });
    expect(backup.flashcards.filter(broken)).toEqual([]);
    const apple = backup.flashcards.find((f: any) => f.question === 'apple');
    expect(apple).toMatchObject({ answer: '苹果', state: 0 });
    expect(card).toBeTypeOf('function');
  });

  it('reads an anki21 collection beside its stub anki2', async () => {
    const { res, backup } = await importTwice('taaltuig-spanish-small.apkg');
    expect(res.body).toMatchObject({ concepts: 1, flashcards: 5 });
    expect(backup.concepts[0].title).toBe('espanol');
    expect(backup.flashcards.map((f: any) => [f.question, f.answer])).toContainEqual(['Elderberry', 'saúco']);
  });

  it('keeps a [sound:] note as a card that names its sound', async () => {
    const { backup } = await importTwice('anki-media-sound.apkg');
    // Its foo.wav is three letters, not audio: nothing is uploaded, the card still says it had a sound.
    expect(backup.flashcards.map((f: any) => f.question)).toEqual(['🔊 foo.wav']);
    expect(backup.files).toEqual([]);
  });
});

describe('Anki package → Astrolabe → Anki package', () => {
  it('gives back the same notes (guids, note types, fields), cards by ordinal, schedules and history', async () => {
    const name = 'ankidroid-templates.apkg';
    const SQL = await loadSqlite();
    const before = new SQL.Database(unzipSync(fixture(name))['collection.anki2']);
    const user = await signUp('anki');
    expect((await importApkg(user, name)).status).toBe(200);
    const { db: after } = await openPackage(await exportApkg(user));

    // Every note comes back under its guid, with its note type and its fields, holding the same cards.
    const notes = (db: typeof before) =>
      rows(db, `SELECT n.guid, n.mid, n.flds, group_concat(c.ord) AS ords FROM notes n JOIN cards c ON c.nid = n.id GROUP BY n.id ORDER BY n.guid`).map((n): Record<string, any> => ({
        ...n,
        ords: String(n.ords).split(',').map(Number).sort((a, b) => a - b),
      }));
    expect(notes(before)).toHaveLength(48);
    expect(notes(after)).toEqual(notes(before));
    const models = (db: typeof before) => JSON.parse(String(rows(db, 'SELECT models FROM col')[0]!.models)) as Record<string, { name: string; type: number; tmpls: { qfmt: string; afmt: string }[]; flds: { name: string }[] }>;
    const summary = (m: ReturnType<typeof models>[string]) => [m.name, m.type, m.flds.map((f) => f.name), m.tmpls.map((t) => [t.qfmt, t.afmt])];
    for (const note of notes(after)) expect(summary(models(after)[note.mid]!)).toEqual(summary(models(before)[note.mid]!));

    // Cards keep their ids and, once started, their schedule. (The v1 collection's relearning
    // cards are review cards in a learning queue; Anki makes them relearning, type 3, on import.)
    const schedule = (db: typeof before) =>
      rows(db, `SELECT c.id, c.ord, n.guid, CASE WHEN c.type = 2 AND c.queue IN (1, 3) THEN 3 ELSE c.type END AS type, c.queue, c.due, c.ivl, c.reps, c.lapses
                FROM cards c JOIN notes n ON n.id = c.nid WHERE c.type != 0 ORDER BY c.id`);
    expect(schedule(before)).toHaveLength(15);
    expect(schedule(after)).toEqual(schedule(before));
    // The history: the same answers, at the same times, on the same cards, with v1 learning answers as Anki reads them once upgraded.
    const history = (db: typeof before, upgrade: boolean) =>
      rows(db, `SELECT id, cid, CASE WHEN ${upgrade ? 1 : 0} AND type IN (0, 2) AND ease IN (2, 3) THEN ease + 1 ELSE ease END AS ease FROM revlog ORDER BY id`);
    expect(history(before, true)).toHaveLength(102);
    expect(history(after, false)).toEqual(history(before, true));
    // And the package says it is a v2 collection, so Anki does not raise those answers again.
    expect(JSON.parse(String(rows(after, 'SELECT conf FROM col')[0]!.conf)).schedVer).toBe(2);
  });
});

/** FSRS-6 parameters as an Anki preset keeps them after 'Optimize' (float32), and FSRS-5's 19 of an older Anki. */
const PRESET_FSRS6 = [0.4197, 1.1869, 3.0412, 15.2441, 7.1434, 0.6477, 1.0007, 0.0674, 1.6597, 0.1712, 1.1178, 2.0225, 0.0904, 0.3025, 2.1214, 0.2498, 2.9466, 0.4891, 0.6468, 0.0762, 0.2163];
const PRESET_FSRS5 = PRESET_FSRS6.slice(0, 19);

/**
 * A real package whose preset carries FSRS parameters: none of the public packages found
 * has optimised ones, so the test writes them where Anki does — `col.dconf`'s
 * `fsrsWeights` (schema 11) or `deck_config.config`'s packed `fsrs_params_6 = 6` (schema
 * 18, left uncompressed) — and changes nothing else.
 */
async function withPresetParams(name: string, collection: string, write: (db: import('sql.js').Database) => void) {
  const files = unzipSync(fixture(name));
  const SQL = await loadSqlite();
  const raw = files[collection]!;
  const db = new SQL.Database(raw[0] === 0x28 ? new Uint8Array(decompress(raw)) : raw);
  write(db);
  files[collection] = new Uint8Array(db.export());
  return zipSync(files);
}

const packedFloats = (field: number, values: number[]) => {
  const floats = new Uint8Array(new Float32Array(values).buffer);
  return Uint8Array.from([(field << 3) | 2, floats.length, ...floats]);
};

describe("an Anki preset's FSRS parameters", () => {
  it('are offered after the import, not saved, and saved once the person takes them; a collection with the same ones offers nothing', async () => {
    const legacy = await withPresetParams('taaltuig-spanish-small.apkg', 'collection.anki21', (db) => {
      const dconf = JSON.parse(String(db.exec('SELECT dconf FROM col')[0]!.values[0]![0]));
      dconf['1'].fsrsWeights = PRESET_FSRS5;
      dconf['1'].mod = 1_767_225_600;
      db.run('UPDATE col SET dconf = ?', [JSON.stringify(dconf)]);
    });
    const modern = await withPresetParams('mujing-alphabet-word.apkg', 'collection.anki21b', (db) => {
      const config = db.exec('SELECT config FROM deck_config WHERE id = 1')[0]!.values[0]![0] as Uint8Array;
      db.run('UPDATE deck_config SET config = ? WHERE id = 1', [Uint8Array.from([...config, ...packedFloats(6, PRESET_FSRS6)])]);
    });
    const user = await signUp('anki');
    const send = (bytes: Uint8Array, file: string) => call('POST', '/api/export-import/import/apkg', { token: user.token, body: importForm(bytes, file, 'application/octet-stream') });

    // FSRS-5's 19 parameters come as FSRS-6's 21 (the two new ones as FSRS-5 behaved, within FSRS-6's bounds).
    const first = await send(legacy, 'espanol.apkg');
    expect(first.status).toBe(200);
    expect(first.body.offered_fsrs_params).toEqual([...PRESET_FSRS5, 0.01, 0.5]);
    const mine = await call('GET', '/api/users/me/fsrs-params', { token: user.token });
    expect(mine.body.params).toBeNull();

    const second = await send(modern, 'alphabet.apkg');
    expect(second.body.offered_fsrs_params).toEqual(PRESET_FSRS6);
    expect((await call('PUT', '/api/users/me/fsrs-params', { token: user.token, json: { params: second.body.offered_fsrs_params } })).status).toBe(200);
    expect((await call('GET', '/api/users/me/fsrs-params', { token: user.token })).body.params).toEqual(PRESET_FSRS6);
    // The same parameters again: nothing to offer. A package without any: nothing either.
    expect((await send(modern, 'alphabet.apkg')).body.offered_fsrs_params).toBeUndefined();
    expect((await send(fixture('taaltuig-spanish-small.apkg'), 'espanol.apkg')).body.offered_fsrs_params).toBeUndefined();
    // Our own package carries them in its preset, as Anki does: another person importing it is offered them.
    const exported = await exportApkg(user);
    const bytes = new Uint8Array(await exported.clone().arrayBuffer());
    const { db } = await openPackage(exported);
    expect(JSON.parse(String(rows(db, 'SELECT dconf FROM col')[0]!.dconf))['1'].fsrsParams6).toEqual(PRESET_FSRS6);
    const other = await signUp('anki');
    const theirs = await call('POST', '/api/export-import/import/apkg', { token: other.token, body: importForm(bytes, 'flashcards.apkg', 'application/octet-stream') });
    expect(theirs.body.offered_fsrs_params).toEqual(PRESET_FSRS6);
  });
});
