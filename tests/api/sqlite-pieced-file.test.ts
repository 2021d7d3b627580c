/**
 * The APKG export's collection file kept in pieces: run here in workerd with the
 * Worker's own sql.js, so an upgrade of sql.js that changes how it stores a file is caught —
 * the export would then fall back to a full copy (twice the memory) without failing.
 */
import { describe, expect, it } from 'vitest';
import { openPiecedDatabase, takeFile } from '../../worker/src/services/sqlite-pieced-file';
import { loadSqlite } from '../../worker/src/services/sqlite-wasm';

const ROWS = 3_000;

function joined(size: number, pieces: Iterable<Uint8Array>): Uint8Array {
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.length;
  }
  expect(at).toBe(size);
  return bytes;
}

/** A database of ROWS rows of 1–2 KB (about 5 MB: several pieces, grown and rewritten in place). */
async function filled() {
  const SQL = await loadSqlite();
  const { db, file } = openPiecedDatabase(SQL);
  db.run('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
  db.run('CREATE INDEX ix_body ON notes (body)');
  db.run('BEGIN');
  const insert = db.prepare('INSERT INTO notes VALUES (?, ?)');
  for (let i = 0; i < ROWS; i++) insert.run([i, `note ${i} `.repeat(100 + (i % 100))]);
  insert.free();
  db.run('COMMIT');
  db.run("UPDATE notes SET body = 'changed' WHERE id % 7 = 0");
  return { SQL, db, file };
}

describe('a sql.js database whose file is read out in pieces', () => {
  it('hands over the whole file without a copy, and the pieces open as the same database', async () => {
    const { SQL, db, file } = await filled();
    const copy = db.export();
    const taken = takeFile(db, file);
    expect(taken, 'the pieces must hold the file: has sql.js changed how it stores one?').not.toBeNull();
    expect(taken!.size).toBe(copy.length);
    expect(taken!.size).toBeGreaterThan(3 << 20);
    const bytes = joined(taken!.size, taken!.pieces);
    const reopened = new SQL.Database(bytes);
    expect(reopened.exec('PRAGMA integrity_check')[0]!.values).toEqual([['ok']]);
    expect(reopened.exec('PRAGMA user_version')[0]!.values).toEqual([[0]]);
    expect(reopened.exec('SELECT count(*), sum(body = \'changed\'), max(length(body)) FROM notes')[0]!.values).toEqual([[ROWS, Math.ceil(ROWS / 7), 'note 2999 '.length * 199]]);
    reopened.close();
  });

  it('answers null and leaves the database open when the pieces are not its file', async () => {
    const { db } = await filled();
    const other = openPiecedDatabase(await loadSqlite());
    expect(takeFile(db, other.file)).toBeNull();
    expect(db.exec('SELECT count(*) FROM notes')[0]!.values).toEqual([[ROWS]]);
    expect(db.export().length).toBeGreaterThan(3 << 20);
    db.close();
    other.db.close();
  });
});
