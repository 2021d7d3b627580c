/**
 * A sql.js database whose file can be read out without copying it (the APKG
 * export's memory).
 *
 * sql.js keeps a database's file in Emscripten's in-memory file system, and its only way
 * out is `export()`, which copies the whole file: building a 40 MB Anki collection then
 * holds 80 MB at once, and the file system grows a file by copying it into an array an
 * eighth larger, so for a moment both sit in memory too. Here the file's bytes live in
 * 1 MiB pieces this module owns (`PiecedFile`): the file system asks a file's storage only
 * for `length`, `set` and `subarray`, so a storage that answers those serves every read and
 * write; growing adds a piece, and the pieces are handed to the zip one by one, each let go
 * once compressed.
 *
 * The database is opened on a seed whose `slice` — what the file system calls to take a new
 * file's first bytes — returns the pieced storage. This leans on how sql.js 1.x stores a
 * file, so nothing is taken on trust: `takeFile` makes two last writes and reads SQLite's
 * own header from the pieces — both writes must have landed there, with the page size and
 * count the connection reports; otherwise it answers null and the caller uses `export()`.
 */
import type { Database, SqlJsStatic } from 'sql.js';

const PIECE_BYTES = 1 << 20;
const SQLITE_MAGIC = 'SQLite format 3\u0000';

export class PiecedFile {
  private pieces: (Uint8Array | undefined)[] = [];
  /** Bytes written so far (the file's high-water mark). */
  private written = 0;

  /** The storage never needs replacing by a larger one: it grows piece by piece. */
  get length(): number {
    return Number.MAX_SAFE_INTEGER;
  }

  /** Writes `source` at byte `at`, adding pieces as needed. */
  set(bytes: Uint8Array, at = 0): void {
    for (let from = 0; from < bytes.length; ) {
      const index = Math.floor((at + from) / PIECE_BYTES);
      const offset = (at + from) % PIECE_BYTES;
      const count = Math.min(PIECE_BYTES - offset, bytes.length - from);
      const piece = (this.pieces[index] ??= new Uint8Array(PIECE_BYTES));
      piece.set(bytes.subarray(from, from + count), offset);
      from += count;
    }
    this.written = Math.max(this.written, at + bytes.length);
  }

  /** Bytes `start` to `end`: a view when they lie in one piece, a copy otherwise (zeros where nothing was written). */
  subarray(start = 0, end = this.written): Uint8Array {
    const first = Math.floor(start / PIECE_BYTES);
    if (end <= start) return new Uint8Array(0);
    if (first === Math.floor((end - 1) / PIECE_BYTES)) {
      const piece = this.pieces[first];
      const offset = start - first * PIECE_BYTES;
      return piece ? piece.subarray(offset, offset + end - start) : new Uint8Array(end - start);
    }
    const copy = new Uint8Array(end - start);
    for (let at = start; at < end; ) {
      const index = Math.floor(at / PIECE_BYTES);
      const offset = at % PIECE_BYTES;
      const count = Math.min(PIECE_BYTES - offset, end - at);
      const piece = this.pieces[index];
      if (piece) copy.set(piece.subarray(offset, offset + count), at - start);
      at += count;
    }
    return copy;
  }

  /** The first `size` bytes in piece-sized views, each piece let go by the file as it is handed out. */
  *drain(size: number): Generator<Uint8Array> {
    const pieces = this.pieces;
    this.pieces = [];
    this.written = 0;
    for (let index = 0; index * PIECE_BYTES < size; index++) {
      const count = Math.min(PIECE_BYTES, size - index * PIECE_BYTES);
      const piece = pieces[index] ?? new Uint8Array(PIECE_BYTES);
      pieces[index] = undefined;
      yield piece.subarray(0, count);
    }
  }
}

/** The bytes of a database of one empty page, as SQLite writes it (the seed must be a database). */
function emptyDatabase(SQL: SqlJsStatic): Uint8Array {
  const db = new SQL.Database();
  try {
    db.run('PRAGMA user_version = 1');
    return db.export();
  } finally {
    db.close();
  }
}

/** A new, empty database whose file lives in a `PiecedFile`. */
export function openPiecedDatabase(SQL: SqlJsStatic): { db: Database; file: PiecedFile } {
  const file = new PiecedFile();
  const empty = emptyDatabase(SQL);
  file.set(empty, 0);
  const seed = Object.assign(new Uint8Array(empty), { slice: () => file });
  const db = new SQL.Database(seed);
  db.run('PRAGMA user_version = 0');
  return { db, file };
}

const uint32 = (bytes: Uint8Array, at: number) => ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;
const pragma = (db: Database, name: string) => Number(db.exec(`PRAGMA ${name}`)[0]!.values[0]![0]);

/** Whether the file's header, read from the pieces, carries `userVersion` and the connection's page count and size. */
function headerHolds(db: Database, file: PiecedFile, userVersion: number): boolean {
  const header = file.subarray(0, 100);
  const pageSize = (header[16]! << 8) | header[17]!;
  return (
    new TextDecoder().decode(header.subarray(0, 16)) === SQLITE_MAGIC &&
    (pageSize === 1 ? 65_536 : pageSize) === pragma(db, 'page_size') &&
    uint32(header, 28) === pragma(db, 'page_count') &&
    uint32(header, 60) === userVersion
  );
}

/**
 * Closes `db` and gives its file's bytes as pieces, or null (the database left open) when
 * the pieces do not hold the file the connection sees — then `db.export()` is the way out.
 * The proof: two last writes (a marker in the header's user version, then 0 again) must both
 * land in the pieces, with the page count and size the connection reports. Call with no
 * transaction open.
 */
export function takeFile(db: Database, file: PiecedFile): { size: number; pieces: Generator<Uint8Array> } | null {
  const marker = 1 + Math.floor(Math.random() * 0x7ffffffe);
  db.run(`PRAGMA user_version = ${marker}`);
  if (!headerHolds(db, file, marker)) return null;
  db.run('PRAGMA user_version = 0');
  if (!headerHolds(db, file, 0)) return null;
  const size = pragma(db, 'page_size') * pragma(db, 'page_count');
  db.close();
  return { size, pieces: file.drain(size) };
}
