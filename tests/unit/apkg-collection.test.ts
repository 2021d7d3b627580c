/**
 * The Anki import reads a collection's cards and answers in pages: no query hands back
 * more than a page of rows, so a 50,000-card collection is never held whole in the
 * isolate's memory (each page is converted and staged before the next is read).
 */
import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANKI_SCHEMA } from '../../worker/src/domain/anki';
import { cardPages, mediaNotePages, openCollection, readRows, type ReadRows } from '../../worker/src/services/apkg-collection';

const PAGE = 10;
const NOTES = 35;
/** The card with a long history: more answers than a page holds. */
const BUSY_CARD = 1_000 + 7;
const BUSY_ANSWERS = 23;

let SQL: SqlJsStatic;
beforeAll(async () => {
  SQL = await initSqlJs();
});

/** NOTES notes, each with a card (ids 1000…), every third note a reversed card too (ids 5000…); a few answers per card. */
function collection(withRevlogIndex = true): Uint8Array {
  const db = new SQL.Database();
  db.run(withRevlogIndex ? ANKI_SCHEMA : ANKI_SCHEMA.replace(/CREATE INDEX ix_revlog_cid[^;]*;/, ''));
  db.run("INSERT INTO col VALUES (1, 1700000000, 0, 0, 11, 0, 0, 0, '{\"schedVer\": 2}', '{}', '{}', '{}', '{}')");
  const card = (id: number, nid: number, ord: number) => db.run('INSERT INTO cards VALUES (?, ?, 1, ?, 0, 0, 2, 2, 10, 5, 2500, 3, 0, 0, 0, 0, 0, ?)', [id, nid, ord, '']);
  const answer = (id: number, cid: number, ease: number) => db.run('INSERT INTO revlog VALUES (?, ?, 0, ?, 1, 0, 2500, 4000, 1)', [id, cid, ease]);
  let at = 1_700_000_000_000;
  for (let n = 0; n < NOTES; n++) {
    const flds = n % 5 === 0 ? `mot ${n}<img src="image-${n}.png">\x1fword ${n}` : `mot ${n}\x1fword ${n}`;
    db.run("INSERT INTO notes VALUES (?, ?, 1, 0, 0, '', ?, '', 0, 0, '')", [100 + n, `g${n}`, flds]);
    card(1_000 + n, 100 + n, 0);
    if (n % 3 === 0) card(5_000 + n, 100 + n, 1);
  }
  // A card whose note is gone, and answers to a card that is not there: both left out.
  card(3_000, 999, 0);
  answer((at += 1000), 4_000, 3);
  for (let n = 0; n < NOTES; n++) for (let k = 0; k < (1_000 + n === BUSY_CARD ? BUSY_ANSWERS : 1 + (n % 3)); k++) answer((at += 1000), 1_000 + n, 1 + ((n + k) % 4));
  for (let n = 0; n < NOTES; n += 3) answer((at += 1000), 5_000 + n, 4);
  const bytes = db.export();
  db.close();
  return bytes;
}

/** Reads through `read`, keeping the most rows any one query handed back. */
function counting(read: ReadRows) {
  const seen = { most: 0, queries: 0 };
  const counted: ReadRows = (sql, params) => {
    const rows = read(sql, params);
    seen.most = Math.max(seen.most, rows.length);
    seen.queries += 1;
    return rows;
  };
  return { counted, seen };
}

function everyPage(db: Database, read: ReadRows) {
  const cards: number[] = [];
  const answers = new Map<number, number[]>();
  const pages: number[] = [];
  for (const page of cardPages(read, 2, PAGE)) {
    pages.push(page.cards.length);
    for (const card of page.cards) {
      cards.push(card.id);
      answers.set(card.id, (page.answers.get(card.id) ?? []).map((a) => a.at));
    }
  }
  const expected = new Map<number, number[]>();
  for (const [cid, at] of db.exec('SELECT cid, id FROM revlog ORDER BY cid, id')[0]!.values as number[][]) expected.set(cid!, [...(expected.get(cid!) ?? []), at!]);
  return { cards, answers, pages, expected };
}

describe("an Anki collection's cards, read a page at a time", () => {
  for (const indexed of [true, false]) {
    it(`never asks for more than a page of rows, and gives every card with its note and all its answers${indexed ? '' : ' (a revlog without its card index)'}`, () => {
      const db = openCollection(SQL, collection(indexed));
      const { counted, seen } = counting(readRows(db));
      const { cards, answers, pages, expected } = everyPage(db, counted);
      expect(seen.most).toBeLessThanOrEqual(PAGE);
      const all = db.exec('SELECT c.id FROM cards c JOIN notes n ON n.id = c.nid ORDER BY c.id')[0]!.values.map(([id]) => Number(id));
      expect(all.length).toBeGreaterThan(4 * PAGE);
      expect(cards).toEqual(all);
      expect(pages.every((n) => n <= PAGE)).toBe(true);
      // Every card's answers, in order, the long history across several queries included.
      expect(answers.get(BUSY_CARD)).toHaveLength(BUSY_ANSWERS);
      for (const id of all) expect(answers.get(id)).toEqual(expected.get(id) ?? []);
      // The pages' answers go through the card index, not a scan of the whole revlog per page.
      const plan = JSON.stringify(db.exec('EXPLAIN QUERY PLAN SELECT id, cid, ease, time, type FROM revlog WHERE (cid, id) > (1, 2) AND cid <= 3 ORDER BY cid, id LIMIT 4'));
      expect(plan).toMatch(/USING (COVERING )?INDEX/);
      db.close();
    });
  }

  it("opens the collection on its own bytes, not a copy of them (a 40 MB collection would be held twice)", () => {
    const bytes = collection();
    const db = openCollection(SQL, bytes);
    db.run('PRAGMA user_version = 7');
    // SQLite's header keeps the user version at byte 60: the write landed in the bytes handed over.
    expect(new DataView(bytes.buffer, bytes.byteOffset).getUint32(60)).toBe(7);
    db.close();
  });

  it('reads the notes that name media a page at a time', () => {
    const db = openCollection(SQL, collection());
    const { counted, seen } = counting(readRows(db));
    const fields = [...mediaNotePages(counted, 3)].flat();
    expect(seen.most).toBeLessThanOrEqual(3);
    expect(fields.map((f) => /image-(\d+)/.exec(f)?.[1])).toEqual(['0', '5', '10', '15', '20', '25', '30']);
    db.close();
  });
});
