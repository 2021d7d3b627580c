/**
 * Reading an Anki collection (a SQLite file, opened with sql.js): its small tables whole
 * (decks, note types, scheduler version, presets) and its large ones — notes, cards,
 * revlog — in pages of at most `PAGE_ROWS` rows, each query keyed on the last id read
 * (`id > ? ORDER BY id LIMIT ?`), so a 50,000-card collection never has all its cards or
 * answers in the isolate's memory at once: the import converts and stages each page,
 * then lets it go before reading the next.
 */
import type { Database, SqlJsStatic, SqlValue } from 'sql.js';
import { deckPath, noteTypeFromTables, noteTypesFromModels, pushTo, reviewsByCard, schedulerVersion, type AnkiCardRow, type AnkiReview } from '../domain/anki-import';
import type { AnkiNoteType } from '../domain/anki-template';
import { presetFromConfig, presetFromDconf, type AnkiPreset } from '../domain/anki-preset';
import { ApiError } from '../lib/errors';

/** Rows one query of a large table hands back at most. */
const PAGE_ROWS = 1000;

export const notAnki = () => new ApiError(422, 'invalid_apkg', 'The file is not an Anki package (.apkg)');

/** Runs one query with its parameters and gives its rows; the page readers read only through it. */
export type ReadRows = (sql: string, params?: SqlValue[]) => unknown[][];

/** A query's rows; a collection whose tables lack the columns read is not Anki's. */
export const readRows =
  (db: Database): ReadRows =>
  (sql, params) => {
    try {
      return db.exec(sql, params)[0]?.values ?? [];
    } catch {
      throw notAnki();
    }
  };

const hasTable = (read: ReadRows, name: string) => read("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [name]).length > 0;

/** The collection as a database holding every table the import reads (one without `col` answered 500). */
export function openCollection(SQL: SqlJsStatic, collection: Uint8Array): Database {
  let db: Database | null = null;
  try {
    db = new SQL.Database(withoutCopy(collection));
    const read = readRows(db);
    const tables = new Set(read("SELECT name FROM sqlite_master WHERE type = 'table'").map((row) => String(row[0])));
    if (['col', 'notes', 'cards', 'revlog'].every((name) => tables.has(name))) {
      withoutUnicase(db, read);
      withRevlogByCard(db, read);
      return db;
    }
  } catch {
    // Not a database: refused below.
  }
  db?.close();
  throw notAnki();
}

/**
 * The collection's bytes handed to sql.js as its file's storage rather than copied: sql.js
 * takes a new file's bytes with `slice` (a copy — twice a 40 MB collection in memory), so
 * the seed's `slice` of the whole answers the bytes themselves. The import owns them and
 * never reads them again; the few writes made to this copy of the collection (its schema)
 * land in them in place. Any other slice is an ordinary copy.
 */
function withoutCopy(collection: Uint8Array): Uint8Array {
  const whole = (start = 0, end = collection.length) => start === 0 && end >= collection.length;
  return Object.assign(collection.subarray(0), { slice: (start?: number, end?: number) => (whole(start, end) ? collection : collection.slice(start, end)) });
}

/**
 * Schema 18 declares names with Anki's own `unicase` collation, which sql.js cannot
 * register, and its WITHOUT ROWID tables (`fields`) cannot even be scanned without it:
 * the collation is dropped from this in-memory copy's schema. Nothing here looks names
 * up through their indexes, so their order does not matter.
 */
function withoutUnicase(db: Database, read: ReadRows) {
  if (!read("SELECT 1 FROM sqlite_master WHERE sql LIKE '%collate unicase%' LIMIT 1").length) return;
  db.run('PRAGMA writable_schema = ON');
  db.run("UPDATE sqlite_master SET sql = replace(replace(sql, 'COLLATE unicase', ''), 'collate unicase', '') WHERE sql LIKE '%collate unicase%'");
  db.run('PRAGMA writable_schema = RESET');
}

/**
 * Anki indexes the revlog by card (`ix_revlog_cid`), which the pages of answers read
 * through; a collection written without it gets one in this copy, or each page would scan
 * the whole revlog.
 */
function withRevlogByCard(db: Database, read: ReadRows) {
  const indexed = read("SELECT 1 FROM pragma_index_list('revlog') l JOIN pragma_index_info(l.name) i WHERE i.seqno = 0 AND i.name = 'cid' LIMIT 1").length > 0;
  if (!indexed) db.run('CREATE INDEX astrolabe_revlog_cid ON revlog (cid)');
}

export function readDecks(read: ReadRows): Map<number, string[]> {
  let rows: [unknown, unknown][];
  try {
    rows = hasTable(read, 'decks')
      ? (read('SELECT id, name FROM decks') as [number, string][])
      : Object.values(JSON.parse(String(read('SELECT decks FROM col')[0]?.[0] ?? '{}')) as Record<string, { id: number; name: string }>).map((d) => [d?.id, d?.name]);
  } catch {
    throw notAnki();
  }
  return new Map(rows.map(([id, name]) => [Number(id), deckPath(String(name ?? ''))]));
}

/** The note types by id: the `notetypes`, `fields` and `templates` tables (schema 18) or `col.models` (schema 11). */
export function readNoteTypes(read: ReadRows): Map<number, AnkiNoteType> {
  if (!hasTable(read, 'notetypes')) return new Map(noteTypesFromModels(String(read('SELECT models FROM col')[0]?.[0] ?? '{}')).map((t) => [t.id, t]));
  const fields = new Map<number, { ord: number; name: string }[]>();
  for (const [ntid, ord, name] of read('SELECT ntid, ord, name FROM fields') as [number, number, string][]) pushTo(fields, ntid, { ord, name });
  const templates = new Map<number, { ord: number; name: string; config: Uint8Array }[]>();
  for (const [ntid, ord, name, config] of read('SELECT ntid, ord, name, config FROM templates') as [number, number, string, Uint8Array][]) {
    pushTo(templates, ntid, { ord, name, config });
  }
  const types = read('SELECT id, name, config FROM notetypes') as [number, string, Uint8Array][];
  return new Map(types.map(([id, name, config]) => [id, noteTypeFromTables({ id, name, config }, fields.get(id) ?? [], templates.get(id) ?? [])]));
}

/** `schedVer` from the `config` table (schema 18) or `col.conf` (schema 11). */
export function readSchedulerVersion(read: ReadRows): 1 | 2 {
  if (hasTable(read, 'config')) {
    const value = read("SELECT val FROM config WHERE KEY = 'schedVer'")[0]?.[0];
    return schedulerVersion(value instanceof Uint8Array ? new TextDecoder().decode(value) : value);
  }
  try {
    return schedulerVersion((JSON.parse(String(read('SELECT conf FROM col')[0]?.[0] ?? '{}')) as { schedVer?: unknown }).schedVer);
  } catch {
    return 1;
  }
}

/** The collection's presets (`deck_config`, schema 18, or `col.dconf`); none when they cannot be read (they are only offered). */
export function readPresets(read: ReadRows): AnkiPreset[] {
  try {
    if (hasTable(read, 'deck_config')) return (read('SELECT mtime_secs, config FROM deck_config') as [number, unknown][]).map(([mtime, config]) => presetFromConfig(Number(mtime), config instanceof Uint8Array ? config : new Uint8Array()));
    return Object.values(JSON.parse(String(read('SELECT dconf FROM col')[0]?.[0] ?? '{}')) as Record<string, unknown>).map(presetFromDconf);
  } catch {
    return [];
  }
}

/** The collection's creation time (seconds), from which review cards' due days count. */
export const readCreated = (read: ReadRows, now: number) => Number(read('SELECT crt FROM col')[0]?.[0] ?? Math.floor(now / 1000));

/** The decks holding cards, each once, in the order of their first card (a card in a filtered deck counts in its home deck). */
export const readUsedDecks = (read: ReadRows) => read('SELECT CASE WHEN odid != 0 THEN odid ELSE did END AS deck FROM cards GROUP BY deck ORDER BY MIN(id)').map(([deck]) => Number(deck));

/** The note types the notes use. */
export const readUsedNoteTypes = (read: ReadRows) => read('SELECT DISTINCT mid FROM notes').map(([mid]) => Number(mid));

/** Keyset paging: the rows after `after`, by id, `pageRows` at a time; each page's last row's first column is the next key. */
function* pagesById(read: ReadRows, sql: string, pageRows: number): Generator<unknown[][]> {
  let after = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const rows = read(sql, [after, pageRows]);
    if (!rows.length) return;
    yield rows;
    if (rows.length < pageRows) return;
    after = Number(rows.at(-1)![0]);
  }
}

/** The notes that may name media (an image or a sound), as their fields, a page at a time. */
export function* mediaNotePages(read: ReadRows, pageRows = PAGE_ROWS): Generator<string[]> {
  const sql = "SELECT id, flds FROM notes WHERE id > ?1 AND (flds LIKE '%<img%' OR flds LIKE '%[sound:%') ORDER BY id LIMIT ?2";
  for (const rows of pagesById(read, sql, pageRows)) yield rows.map(([, flds]) => String(flds ?? ''));
}

/** A card with its note, as the import reads it; `due` is its home deck's when it sits in a filtered one. */
export interface CollectionCard extends AnkiCardRow {
  id: number;
  /** Its home deck (a filtered deck's card belongs to the deck it came from). */
  deck: number;
  ord: number;
  mod: number;
  note: { guid: string; mid: number; flds: string; tags: string };
}

const CARDS_PAGE = `SELECT c.id, CASE WHEN c.odid != 0 THEN c.odid ELSE c.did END, c.ord, c.type, c.queue,
  CASE WHEN c.odid != 0 AND c.odue != 0 THEN c.odue ELSE c.due END, c.ivl, c.reps, c.lapses, c.data, c.mod, n.guid, n.mid, n.flds, n.tags
  FROM cards c JOIN notes n ON n.id = c.nid WHERE c.id > ?1 ORDER BY c.id LIMIT ?2`;

function collectionCard(row: unknown[]): CollectionCard {
  const [id, deck, ord, type, queue, due, ivl, reps, lapses, data, mod, guid, mid, flds, tags] = row;
  return {
    id: Number(id), deck: Number(deck), ord: Number(ord), type: Number(type), queue: Number(queue), due: Number(due), ivl: Number(ivl),
    reps: Number(reps), lapses: Number(lapses), data: String(data ?? ''), mod: Number(mod),
    note: { guid: String(guid ?? ''), mid: Number(mid), flds: String(flds ?? ''), tags: String(tags ?? '') },
  };
}

/**
 * The answers to the cards whose ids lie in `[first, last]`, by card: read by card then
 * answer (the revlog's card index), `pageRows` rows per query, each query after the last
 * (card, answer) read.
 */
function answersOf(read: ReadRows, first: number, last: number, scheduler: 1 | 2, pageRows: number): Map<number, AnkiReview[]> {
  const byCard = new Map<number, AnkiReview[]>();
  let after: [number, number] = [first, Number.MIN_SAFE_INTEGER];
  for (;;) {
    const rows = read('SELECT id, cid, ease, time, type FROM revlog WHERE (cid, id) > (?1, ?2) AND cid <= ?3 ORDER BY cid, id LIMIT ?4', [...after, last, pageRows]) as number[][];
    for (const [cid, reviews] of reviewsByCard(rows, scheduler)) for (const review of reviews) pushTo(byCard, cid, review);
    if (rows.length < pageRows) return byCard;
    const [id, cid] = rows.at(-1)!;
    after = [cid!, id!];
  }
}

/**
 * The collection's cards with their notes, by id, a page of at most `pageRows` cards at a
 * time, each with its cards' answers (eases read as the collection's scheduler meant them).
 * A card whose note is missing is left out.
 */
export function* cardPages(read: ReadRows, scheduler: 1 | 2, pageRows = PAGE_ROWS): Generator<{ cards: CollectionCard[]; answers: Map<number, AnkiReview[]> }> {
  for (const rows of pagesById(read, CARDS_PAGE, pageRows)) {
    const cards = rows.map(collectionCard);
    yield { cards, answers: answersOf(read, cards[0]!.id, cards.at(-1)!.id, scheduler, pageRows) };
  }
}
