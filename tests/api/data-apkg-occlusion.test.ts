/**
 * Image occlusion through Anki packages: our occlusion cards go out as one note of Anki's
 * stock "Image Occlusion" note type per image (fields Occlusion, Image, Header, Back Extra,
 * Comments; a cloze per shape; the image in the media), and such notes come back as
 * occlusion cards. The Anki-written note is built here the way Anki ≥ 23.10 stores one
 * (schema-11 `col.models` with originalStockKind 6 and tagged fields), not with our exporter.
 */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ANKI_SCHEMA } from '../../worker/src/domain/anki';
import { loadSqlite } from '../../worker/src/services/sqlite-wasm';
import { exportApkg, openPackage, rows } from './apkg-package';
import { importForm } from './data-fixtures';
import { call, signUp, type TestUser } from './helpers';
import { insertConcept } from './study-fixtures';

const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

const importApkg = (user: TestUser, bytes: Uint8Array) => call('POST', '/api/export-import/import/apkg', { token: user.token, body: importForm(bytes, 'deck.apkg', 'application/octet-stream') });

async function uploadImage(user: TestUser): Promise<string> {
  const data = new FormData();
  data.append('file', new File([PNG], 'coeur.png', { type: 'image/png' }));
  const res = await call('POST', '/api/v1/media/upload', { token: user.token, body: data });
  expect(res.status).toBe(201);
  return res.body.public_url;
}

type Card = { id: number; question: string; answer: string; reps: number; occlusion: null | { image: string; shapes: Record<string, unknown>[]; target: number; mode: string; group: string | null } };
const cardsOf = async (user: TestUser) => ((await call('GET', '/api/flashcards', { token: user.token })).body as Card[]).sort((a, b) => a.id - b.id);

const SHAPES = [
  { left: 0.1, top: 0.2, width: 0.3, height: 0.1, label: 'Oreillette droite' },
  { left: 0.5, top: 0.6, width: 0.25, height: 0.2 },
];

describe('image occlusion in Anki packages', () => {
  it('exports an image’s cards as one Image Occlusion note and imports them back with their image, shapes, targets, mode and guid', async () => {
    const user = await signUp('ioapkg');
    const conceptId = await insertConcept(user, 'Cœur');
    const image = await uploadImage(user);
    const made = await call('POST', `/api/concepts/${conceptId}/flashcards/occlusion`, { token: user.token, json: { image, shapes: SHAPES, header: 'Quelle cavité ?', mode: 'hide_all', tags: ['anatomie'] } });
    expect(made.status).toBe(201);
    await call('POST', `/api/flashcards/${made.body[0].id}/review`, { token: user.token, json: { rating: 3 } });

    const { db, media, files } = await openPackage(await exportApkg(user));
    const [col] = rows(db, 'SELECT models FROM col');
    const models = Object.values(JSON.parse(col!.models)) as Record<string, any>[];
    const io = models.find((m) => m.originalStockKind === 6)!;
    expect(io).toMatchObject({ name: 'Image Occlusion', type: 1 });
    expect(io.flds.map((f: { name: string; tag: number }) => [f.name, f.tag])).toEqual([['Occlusion', 0], ['Image', 1], ['Header', 2], ['Back Extra', 3], ['Comments', 4]]);
    expect(io.tmpls[0].qfmt).toContain('{{cloze:Occlusion}}');
    expect(io.tmpls[0].qfmt).toContain('anki.imageOcclusion.setup()');

    const notes = rows(db, 'SELECT id, guid, mid, flds, tags FROM notes');
    expect(notes).toHaveLength(1);
    const [occlusion, imageField, header, backExtra, comments] = notes[0]!.flds.split('\x1f');
    expect(notes[0]!.mid).toBe(io.id);
    expect(occlusion).toBe('{{c1::image-occlusion:rect:left=.1:top=.2:width=.3:height=.1:oi=1}}<br>{{c2::image-occlusion:rect:left=.5:top=.6:width=.25:height=.2:oi=1}}<br>');
    const imageName = /<img src="([^"]+)">/.exec(imageField!)![1]!;
    expect(Object.values(media)).toContain(imageName);
    const entry = Object.entries(media).find(([, name]) => name === imageName)![0];
    expect(files[entry]).toEqual(PNG);
    expect([header, backExtra, comments]).toEqual(['Quelle cavité ?', '', 'c1: Oreillette droite']);
    expect(notes[0]!.tags.trim()).toBe('anatomie');
    const cards = rows(db, 'SELECT nid, ord, reps FROM cards ORDER BY ord');
    expect(cards).toEqual([{ nid: notes[0]!.id, ord: 0, reps: 1 }, { nid: notes[0]!.id, ord: 1, reps: 0 }]);

    // Back into an account: the same cards, the image stored again, the Anki identity kept.
    const bytes = new Uint8Array(await (await exportApkg(user)).arrayBuffer());
    const other = await signUp('ioapkg');
    expect((await importApkg(other, bytes)).status).toBe(200);
    const back = await cardsOf(other);
    expect(back).toHaveLength(2);
    const mine = await cardsOf(user);
    for (const [i, card] of back.entries()) {
      expect(card.occlusion).toMatchObject({ shapes: mine[i]!.occlusion!.shapes, target: i, mode: 'hide_all', group: notes[0]!.guid });
      expect(card.occlusion!.image).toMatch(new RegExp(`^/api/v1/files/${other.id}/`));
      expect([card.question, card.answer]).toEqual([mine[i]!.question, mine[i]!.answer]);
    }
    expect(back.map((c) => c.reps)).toEqual([1, 0]);
    expect((await call('GET', back[0]!.occlusion!.image, { token: other.token })).status).toBe(200);

    // Exported again, it is the same note (guid) with the same cards (ords), the image under its name.
    const again = await openPackage(await exportApkg(other));
    const [note] = rows(again.db, 'SELECT guid, mid, flds FROM notes');
    expect(note!.guid).toBe(notes[0]!.guid);
    expect(note!.mid).toBe(notes[0]!.mid);
    expect(note!.flds.split('\x1f').slice(0, 1)).toEqual([occlusion]);
    expect(note!.flds.split('\x1f')[1]).toBe(imageField);
    expect(rows(again.db, 'SELECT ord FROM cards ORDER BY ord').map((c) => c.ord)).toEqual([0, 1]);
    // Imported a second time, it updates the same cards instead of adding others.
    expect((await importApkg(other, bytes)).status).toBe(200);
    expect(await cardsOf(other)).toHaveLength(2);
  });

  it('imports a note Anki wrote — grouped shapes, an ellipse, hide one — and a broken one as ordinary cards', async () => {
    const user = await signUp('ioapkg');
    const res = await importApkg(user, await ankiWrittenPackage());
    expect(res.status).toBe(200);
    const cards = await cardsOf(user);
    const occluded = cards.filter((c) => c.occlusion);
    expect(occluded).toHaveLength(3);
    const shapes = [
      { kind: 'rect', ordinal: 1, left: 0.2934, top: 0.1734, width: 0.1049, height: 0.0591, label: 'Aorte' },
      // c2's two rectangles are one zone: the box around them.
      { kind: 'rect', ordinal: 2, left: 0.1, top: 0.5, width: 0.5, height: 0.2, label: '' },
      { kind: 'ellipse', ordinal: 4, left: 0.6, top: 0.1, width: 0.2, height: 0.1, label: 'Ventricule « gauche »' },
    ];
    for (const [i, card] of occluded.entries()) {
      expect(card.occlusion).toMatchObject({ shapes, target: i, mode: 'hide_one', group: 'Io<Guid>1' });
      expect(card.question).toBe('Le cœur');
    }
    expect(occluded.map((c) => c.answer)).toEqual(['Aorte', 'Zone 2 sur 3', 'Ventricule « gauche »']);
    // Out of range, unreadable, or with its image missing: ordinary cards, nothing refused.
    const plain = cards.filter((c) => !c.occlusion);
    expect(plain).toHaveLength(3);
    for (const card of plain) expect(card.question.length + card.answer.length).toBeGreaterThan(0);

    // Exported, it goes back into Anki's own note type and note, its cloze numbers kept.
    const { db } = await openPackage(await exportApkg(user));
    const [note] = rows(db, "SELECT guid, mid, flds FROM notes WHERE guid = 'Io<Guid>1'");
    expect(note!.mid).toBe(1_690_000_000_000);
    expect(note!.flds.split('\x1f')[0]).toBe(
      '{{c1::image-occlusion:rect:left=.2934:top=.1734:width=.1049:height=.0591}}<br>{{c2::image-occlusion:rect:left=.1:top=.5:width=.5:height=.2}}<br>{{c4::image-occlusion:ellipse:left=.6:top=.1:rx=.1:ry=.05}}<br>',
    );
    expect(rows(db, `SELECT c.ord FROM cards c JOIN notes n ON n.id = c.nid WHERE n.guid = 'Io<Guid>1' ORDER BY c.ord`).map((c) => c.ord)).toEqual([0, 1, 3]);
  });
});

/** A legacy package as Anki ≥ 23.10 exports one: the stock Image Occlusion note type and its notes. */
async function ankiWrittenPackage(): Promise<Uint8Array> {
  const SQL = await loadSqlite();
  const db = new SQL.Database();
  db.run(ANKI_SCHEMA);
  const qfmt = '{{#Header}}<div>{{Header}}</div>{{/Header}}\n<div style="display: none">{{cloze:Occlusion}}</div>\n<div id="err"></div>\n<div id="image-occlusion-container">\n    {{Image}}\n    <canvas id="image-occlusion-canvas"></canvas>\n</div>\n<script>\ntry {\n    anki.imageOcclusion.setup();\n} catch (exc) {\n    document.getElementById("err").innerHTML = `Error loading image occlusion. Is your Anki version up to date?<br><br>${exc}`;\n}\n</script>\n';
  const names = ['Occlusion', 'Image', 'Header', 'Back Extra', 'Comments'];
  const models = {
    1690000000000: {
      id: 1690000000000, name: 'Image Occlusion', type: 1, mod: 0, usn: 0, sortf: 0, did: null, originalStockKind: 6,
      flds: names.map((name, ord) => ({ name, ord, sticky: false, rtl: false, font: 'Arial', size: 20, description: '', plainText: false, collapsed: false, excludeFromSearch: false, id: 1000 + ord, tag: ord, preventDeletion: ord < 4 })),
      tmpls: [{ name: 'Image Occlusion', ord: 0, qfmt, afmt: `${qfmt}\n<div><button id="toggle">Toggle Masks</button></div>\n{{#Back Extra}}<div>{{Back Extra}}</div>{{/Back Extra}}\n` }],
      css: '.card { font-family: arial; }',
    },
  };
  db.run("INSERT INTO col VALUES (1, 1735700400, 0, 0, 11, 0, 0, 0, '{\"schedVer\":2}', ?, '{\"1\":{\"id\":1,\"name\":\"Default\"}}', '{}', '{}')", [JSON.stringify(models)]);
  const good = [
    '{{c1::image-occlusion:rect:left=.2934:top=.1734:width=.1049:height=.0591}}<br>',
    '{{c2::image-occlusion:rect:left=.1:top=.5:width=.2:height=.2}}<br>{{c2::image-occlusion:rect:left=.4:top=.55:width=.2:height=.15}}<br>',
    '{{c4::image-occlusion:ellipse:left=.6:top=.1:rx=.1:ry=.05:angle=0}}<br>',
    '{{c0::image-occlusion:text:left=.05:top=.05:text=Vue ant\\:érieure:scale=1:fs=.04}}<br>',
  ].join('');
  const notes: [number, string, string][] = [
    [1001, 'Io<Guid>1', [good, '<img src="coeur de face.png">', 'Le cœur', 'Schéma de face', 'c1: Aorte<br>c4: Ventricule « gauche »'].join('\x1f')],
    [1002, 'IoOut', ['{{c1::image-occlusion:rect:left=1.5:top=.2:width=.1:height=.1}}', '<img src="coeur de face.png">', 'Hors de l’image', '', ''].join('\x1f')],
    [1003, 'IoBad', ['{{c1::image-occlusion:rect:left=abc:top:width=.1}}', "<img src='coeur de face.png'>", 'Illisible', '', ''].join('\x1f')],
    [1004, 'IoNoImage', ['{{c1::image-occlusion:rect:left=.1:top=.1:width=.1:height=.1}}', '<img src="absent.png">', 'Sans image', '', ''].join('\x1f')],
  ];
  for (const [id, guid, flds] of notes) db.run("INSERT INTO notes VALUES (?, ?, 1690000000000, 0, 0, '', ?, '', 0, 0, '')", [id, guid, flds]);
  const cards: [number, number, number][] = [[2001, 1001, 0], [2002, 1001, 1], [2003, 1001, 3], [2004, 1002, 0], [2005, 1003, 0], [2006, 1004, 0]];
  for (const [id, nid, ord] of cards) db.run('INSERT INTO cards VALUES (?, ?, 1, ?, 0, 0, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, ?)', [id, nid, ord, id - 2000, '']);
  const collection = db.export();
  db.close();
  return zipSync({ 'collection.anki2': collection, media: strToU8(JSON.stringify({ 0: 'coeur de face.png' })), 0: PNG });
}
