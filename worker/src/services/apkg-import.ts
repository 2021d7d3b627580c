/**
 * Importing an Anki package (migrate from Anki). The package is unzipped
 * (fflate), its collection read with sql.js — `collection.anki21b` (zstd, decoded with
 * fzstd) when present, else `collection.anki21` or the legacy `collection.anki2` — and
 * turned into the sections of a JSON backup: each deck a concept (sub-decks its
 * children), each card a flashcard with its FSRS state, each answer a review. That
 * backup then goes through the JSON import's staging and one-batch switch (merge), so an
 * Anki import is as atomic as a restore, and importing the same package again updates
 * the same objects (uids derive from Anki's ids). Images become uploads in R2.
 */
import type { Database, SqlJsStatic } from 'sql.js';
import {
  deckPath,
  fieldToCardText,
  importCardState,
  isZstd,
  mediaNames,
  noteMediaNames,
  noteTags,
  noteTypeFromTables,
  noteTypesFromModels,
  pushTo,
  reviewsByCard,
  schedulerVersion,
  type CardMedia,
} from '../domain/anki-import';
import { noteTypeRow, renderCard, revealAllClozes, type AnkiNoteType } from '../domain/anki-template';
import { presetFromConfig, presetFromDconf, presetFsrsParams, type AnkiPreset } from '../domain/anki-preset';
import type { BackupHeader, ImportResult } from '../domain/data-format';
import { emptySections, type Sections } from '../domain/vault-sections';
import { sniffAudioType } from '../domain/sniff-audio';
import { sniffImageType } from '../domain/sniff-image';
import { upsertNoteTypes } from '../db/queries/anki-note-types';
import { selectFsrsParams } from '../db/queries/fsrs-params';
import { readBatch } from '../db/rows';
import { storedFsrsParams } from '../domain/fsrs-params';
import { readArchive, unzstdCapped, ZipArchive } from '../lib/archive';
import { ApiError } from '../lib/errors';
import { publicFileUrl, userFileKey } from '../lib/r2-keys';
import { importBackup } from './data-import';
import { refreshMastery } from './mastery-refresh';
import { loadSqlite } from './sqlite-wasm';
import { contentDisposition, MAX_UPLOAD_BYTES } from './uploads';

export const MAX_APKG_BYTES = 64 * 1024 * 1024;
/** What a collection may expand to, and all of a package's entries together (a zip bomb is refused before it is expanded). */
const MAX_COLLECTION_BYTES = 64 * 1024 * 1024;
const MAX_EXPANDED_BYTES = 160 * 1024 * 1024;
const MAX_ENTRIES = 50_000;
/** Anki keeps media file names well under this; a longer one is not from Anki. */
const MAX_MEDIA_NAME_CHARS = 255;
const COLLECTIONS = ['collection.anki21b', 'collection.anki21', 'collection.anki2'];

const notAnki = () => new ApiError(422, 'invalid_apkg', 'The file is not an Anki package (.apkg)');
const tooLarge = () => new ApiError(422, 'apkg_too_large', `The package expands past what can be imported (a collection of at most ${MAX_COLLECTION_BYTES / 1024 / 1024} MB, files of at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB)`);

/** Runs a read of the archive, its refusals as the import's 422s. */
const reading = <T>(read: () => T): T => readArchive(read, (reason) => (reason === 'too_large' ? tooLarge() : notAnki()));

/** An entry's bytes, expanded from zstd when they are (current packages compress each entry). */
const entryBytes = (archive: ZipArchive, name: string, maxBytes: number) =>
  reading(() => {
    const raw = archive.read(name, maxBytes);
    return isZstd(raw) ? unzstdCapped(raw, maxBytes) : raw;
  });

/** The package's collection and its archive; 422 when it is not a zip, holds no collection or expands too far. */
export function openPackage(bytes: Uint8Array): { collection: Uint8Array; archive: ZipArchive } {
  const archive = reading(() => new ZipArchive(bytes, { maxEntries: MAX_ENTRIES, maxTotalBytes: MAX_EXPANDED_BYTES, maxEntryBytes: MAX_COLLECTION_BYTES }));
  const name = COLLECTIONS.find((n) => archive.has(n));
  if (!name) throw new ApiError(422, 'invalid_apkg', 'The package holds no Anki collection');
  return { collection: entryBytes(archive, name, MAX_COLLECTION_BYTES), archive };
}

/** A query's rows; a collection whose tables lack the columns read is not Anki's. */
function all(db: Database, sql: string): unknown[][] {
  try {
    return db.exec(sql)[0]?.values ?? [];
  } catch {
    throw notAnki();
  }
}

const hasTable = (db: Database, name: string) => all(db, `SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '${name}'`).length > 0;

function readDecks(db: Database): Map<number, string[]> {
  let rows: [unknown, unknown][];
  try {
    rows = hasTable(db, 'decks')
      ? (all(db, 'SELECT id, name FROM decks') as [number, string][])
      : Object.values(JSON.parse(String(all(db, 'SELECT decks FROM col')[0]?.[0] ?? '{}')) as Record<string, { id: number; name: string }>).map((d) => [d?.id, d?.name]);
  } catch {
    throw notAnki();
  }
  return new Map(rows.map(([id, name]) => [Number(id), deckPath(String(name ?? ''))]));
}

/** The collection as a database holding every table the import reads (one without `col` answered 500). */
function openCollection(SQL: SqlJsStatic, collection: Uint8Array): Database {
  let db: Database | null = null;
  try {
    db = new SQL.Database(collection);
    const tables = new Set(all(db, "SELECT name FROM sqlite_master WHERE type = 'table'").map((row) => String(row[0])));
    if (['col', 'notes', 'cards', 'revlog'].every((name) => tables.has(name))) {
      withoutUnicase(db);
      return db;
    }
  } catch {
    // Not a database: refused below.
  }
  db?.close();
  throw notAnki();
}

/**
 * Schema 18 declares names with Anki's own `unicase` collation, which sql.js cannot
 * register, and its WITHOUT ROWID tables (`fields`) cannot even be scanned without it:
 * the collation is dropped from this in-memory copy's schema. Nothing here looks names
 * up through their indexes, so their order does not matter.
 */
function withoutUnicase(db: Database) {
  if (!all(db, "SELECT 1 FROM sqlite_master WHERE sql LIKE '%collate unicase%' LIMIT 1").length) return;
  db.run('PRAGMA writable_schema = ON');
  db.run("UPDATE sqlite_master SET sql = replace(replace(sql, 'COLLATE unicase', ''), 'collate unicase', '') WHERE sql LIKE '%collate unicase%'");
  db.run('PRAGMA writable_schema = RESET');
}

/** The note types by id: the `notetypes`, `fields` and `templates` tables (schema 18) or `col.models` (schema 11). */
function readNoteTypes(db: Database): Map<number, AnkiNoteType> {
  if (!hasTable(db, 'notetypes')) return new Map(noteTypesFromModels(String(all(db, 'SELECT models FROM col')[0]?.[0] ?? '{}')).map((t) => [t.id, t]));
  const fields = new Map<number, { ord: number; name: string }[]>();
  for (const [ntid, ord, name] of all(db, 'SELECT ntid, ord, name FROM fields') as [number, number, string][]) pushTo(fields, ntid, { ord, name });
  const templates = new Map<number, { ord: number; name: string; config: Uint8Array }[]>();
  for (const [ntid, ord, name, config] of all(db, 'SELECT ntid, ord, name, config FROM templates') as [number, number, string, Uint8Array][]) {
    pushTo(templates, ntid, { ord, name, config });
  }
  const types = all(db, 'SELECT id, name, config FROM notetypes') as [number, string, Uint8Array][];
  return new Map(types.map(([id, name, config]) => [id, noteTypeFromTables({ id, name, config }, fields.get(id) ?? [], templates.get(id) ?? [])]));
}

/** `schedVer` from the `config` table (schema 18) or `col.conf` (schema 11). */
function readSchedulerVersion(db: Database): 1 | 2 {
  if (hasTable(db, 'config')) {
    const value = all(db, "SELECT val FROM config WHERE KEY = 'schedVer'")[0]?.[0];
    return schedulerVersion(value instanceof Uint8Array ? new TextDecoder().decode(value) : value);
  }
  try {
    return schedulerVersion((JSON.parse(String(all(db, 'SELECT conf FROM col')[0]?.[0] ?? '{}')) as { schedVer?: unknown }).schedVer);
  } catch {
    return 1;
  }
}

/** The collection's presets (`deck_config`, schema 18, or `col.dconf`); none when they cannot be read (they are only offered). */
function readPresets(db: Database): AnkiPreset[] {
  try {
    if (hasTable(db, 'deck_config')) return (all(db, 'SELECT mtime_secs, config FROM deck_config') as [number, unknown][]).map(([mtime, config]) => presetFromConfig(Number(mtime), config instanceof Uint8Array ? config : new Uint8Array()));
    return Object.values(JSON.parse(String(all(db, 'SELECT dconf FROM col')[0]?.[0] ?? '{}')) as Record<string, unknown>).map(presetFromDconf);
  } catch {
    return [];
  }
}

/** The collection's FSRS parameters when they are not the person's own already: offered by the summary, never saved here. */
async function offeredParams(d1: D1Database, userId: number, db: Database): Promise<{ offered_fsrs_params?: number[] }> {
  const offered = presetFsrsParams(readPresets(db));
  if (!offered) return {};
  const [[stored]] = await readBatch(d1, [selectFsrsParams(d1, userId)]);
  return JSON.stringify(storedFsrsParams(stored?.fsrs_params)) === JSON.stringify(offered) ? {} : { offered_fsrs_params: offered };
}

interface ImportApkgProps {
  d1: D1Database;
  bucket: R2Bucket;
  userId: number;
  bytes: Uint8Array;
}


/** Each deck path holding cards, and its ancestors, as concepts named by their path. */
function deckConcepts(decks: Map<number, string[]>, usedDecks: Set<number>, now: number, sections: Sections) {
  const uidOfPath = new Map<string, string>();
  const ensure = (path: string[]): string => {
    const key = path.join('\x1f');
    let uid = uidOfPath.get(key);
    if (uid) return uid;
    uid = `anki-deck-${[...key].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0, 7).toString(36)}-${path.length}`;
    uidOfPath.set(key, uid);
    sections.concepts.push({ uid, title: path.at(-1)!.slice(0, 500), content: null, content_text: '', tags: [], created_at: now, updated_at: now });
    if (path.length > 1) sections.concept_relations.push({ parent_uid: ensure(path.slice(0, -1)), child_uid: uid });
    return uid;
  };
  const conceptOfDeck = new Map<number, string>();
  for (const id of usedDecks) conceptOfDeck.set(id, ensure(decks.get(id)?.length ? decks.get(id)! : ['Anki']));
  return conceptOfDeck;
}

/** Stores the package's images and sounds that the notes use; returns them by file name. */
async function storeMedia(props: ImportApkgProps, archive: ZipArchive, wanted: Set<string>, now: number, sections: Sections) {
  const names = archive.has('media') ? readMediaNames(entryBytes(archive, 'media', MAX_COLLECTION_BYTES)) : new Map<string, string>();
  const used = [...names].filter(([entry, fileName]) => archive.has(entry) && wanted.has(fileName));
  if (used.some(([, fileName]) => fileName.length > MAX_MEDIA_NAME_CHARS)) throw new ApiError(422, 'invalid_apkg', `A media file's name is longer than ${MAX_MEDIA_NAME_CHARS} characters`);
  const stored: string[] = [];
  try {
    return await storeEach(props, archive, used, now, sections, stored);
  } catch (error) {
    // A later file refused (too large, corrupt): the ones already stored go too.
    if (stored.length) await props.bucket.delete(stored);
    throw error;
  }
}

function readMediaNames(bytes: Uint8Array): Map<string, string> {
  try {
    return mediaNames(bytes);
  } catch {
    throw notAnki();
  }
}

async function storeEach(props: ImportApkgProps, archive: ZipArchive, used: [string, string][], now: number, sections: Sections, stored: string[]) {
  const media = new Map<string, CardMedia>();
  for (const [entry, fileName] of used) {
    const bytes = entryBytes(archive, entry, MAX_UPLOAD_BYTES);
    const image = sniffImageType(bytes);
    const type = image ?? sniffAudioType(bytes);
    if (!type) continue;
    const kind = image ? 'image' : 'audio';
    const uuid = crypto.randomUUID();
    const key = userFileKey(props.userId, uuid);
    await props.bucket.put(key, bytes, {
      httpMetadata: { contentType: type, contentDisposition: contentDisposition('inline', fileName) },
      customMetadata: { userId: String(props.userId), fileName },
    });
    stored.push(key);
    media.set(fileName, { address: publicFileUrl(props.userId, uuid), kind });
    sections.files.push({ key, file_name: fileName.slice(0, 300), mime_type: type, size: bytes.byteLength, kind, created_at: now });
  }
  return { media, stored };
}

const PLAIN_NOTE: AnkiNoteType = { id: 0, name: '', cloze: false, fields: [], templates: [] };

/**
 * A card's two sides as card text, rendered from its note type's templates; a side that
 * renders empty (a broken template) falls back to the note's first field and the others,
 * so no card comes in blank.
 */
function cardSides(noteType: AnkiNoteType | undefined, note: { flds: string; tags: string }, ord: number, deck: string[], media: (name: string) => CardMedia | null) {
  const fields = note.flds.split('\x1f');
  const text = (html: string) => fieldToCardText(html, media).slice(0, 100_000);
  const rendered = renderCard(noteType ?? PLAIN_NOTE, fields, ord, { tags: note.tags, deck: deck.join('::') });
  const fallback = renderCard(PLAIN_NOTE, fields.map(revealAllClozes), ord, { tags: '', deck: '' });
  const question = text(rendered.question) || text(fallback.question) || text(fallback.answer);
  const answer = text(rendered.answer) || text(fallback.answer) || text(fallback.question);
  return { question, answer };
}

export async function importApkg(props: ImportApkgProps, now: number): Promise<ImportResult & { offered_fsrs_params?: number[] }> {
  const { collection, archive } = openPackage(props.bytes);
  const SQL = await loadSqlite();
  const db = openCollection(SQL, collection);
  const sections: Sections = emptySections();
  let stored: string[] = [];
  try {
    const crt = Number(all(db, 'SELECT crt FROM col')[0]?.[0] ?? Math.floor(now / 1000));
    const decks = readDecks(db);
    const noteTypes = readNoteTypes(db);
    const scheduler = readSchedulerVersion(db);
    const notes = new Map(
      all(db, 'SELECT id, guid, mid, flds, tags FROM notes').map(([id, guid, mid, flds, tags]) => [Number(id), { guid: String(guid ?? ''), mid: Number(mid), flds: String(flds ?? ''), tags: String(tags ?? '') }]),
    );
    // A card in a filtered deck belongs to its home deck (odid) and keeps its home due date (odue) there.
    const cards = all(
      db,
      'SELECT id, nid, CASE WHEN odid != 0 THEN odid ELSE did END, ord, type, queue, CASE WHEN odid != 0 AND odue != 0 THEN odue ELSE due END, ivl, reps, lapses, data, mod FROM cards ORDER BY id',
    ) as (number | string)[][];
    const reviews = reviewsByCard(all(db, 'SELECT id, cid, ease, time, type FROM revlog ORDER BY id') as number[][], scheduler);
    const wanted = new Set([...notes.values()].flatMap((n) => noteMediaNames(n.flds)));
    const files = await storeMedia(props, archive, wanted, now, sections);
    stored = files.stored;
    const conceptOfDeck = deckConcepts(decks, new Set(cards.map((c) => Number(c[2]))), now, sections);
    const tagsOfConcept = new Map<string, Set<string>>();
    for (const [id, nid, did, ord, type, queue, due, ivl, reps, lapses, data, mod] of cards) {
      const note = notes.get(Number(nid));
      if (!note) continue;
      const tags = noteTags(note.tags);
      const sides = cardSides(noteTypes.get(note.mid), note, Number(ord), decks.get(Number(did)) ?? [], (name) => files.media.get(name) ?? null);
      const conceptUid = conceptOfDeck.get(Number(did))!;
      const conceptTags = tagsOfConcept.get(conceptUid) ?? tagsOfConcept.set(conceptUid, new Set()).get(conceptUid)!;
      for (const tag of tags) conceptTags.add(tag);
      const row = { type: Number(type), queue: Number(queue), due: Number(due), ivl: Number(ivl), reps: Number(reps), lapses: Number(lapses), data: String(data ?? '') };
      const { card, logs } = importCardState(row, reviews.get(Number(id)) ?? [], crt, now);
      const uid = `anki-card-${id}`;
      sections.flashcards.push({
        uid, concept_uid: conceptUid, question: sides.question, answer: sides.answer, tags,
        due: card.due, stability: card.stability, difficulty: card.difficulty, elapsed_days: card.elapsedDays, scheduled_days: card.scheduledDays,
        learning_steps: card.learningSteps, state: card.state, reps: card.reps, lapses: card.lapses, last_review: card.lastReview,
        created_at: Number(id), updated_at: Number(mod) * 1000,
        anki_note: { guid: String(note.guid), ord: Number(ord), type_id: Number(note.mid), fields: note.flds.split('\x1f') },
      });
      for (const log of logs) {
        sections.reviews.push({
          uid: `anki-rev-${id}-${log.reviewedAt}`, flashcard_uid: uid, rating: log.rating, state: log.state, due: log.due, stability: log.stability,
          difficulty: log.difficulty, elapsed_days: log.elapsedDays, last_elapsed_days: log.lastElapsedDays, scheduled_days: log.scheduledDays,
          learning_steps: log.learningSteps, reviewed_at: log.reviewedAt, duration_ms: log.durationMs, card_before: log.cardBefore,
        });
      }
    }
    for (const concept of sections.concepts as { uid: string; tags: string[] }[]) concept.tags = [...(tagsOfConcept.get(concept.uid) ?? [])].slice(0, 1000);
    // The note types go first, on their own: should the import then fail, they are only
    // descriptions the next import of these notes replaces.
    const usedTypes = [...new Set([...notes.values()].map((n) => Number(n.mid)))].flatMap((id) => noteTypes.get(id) ?? []);
    if (usedTypes.length) await props.d1.batch(upsertNoteTypes(props.d1, props.userId, usedTypes.map(noteTypeRow), now));
    const header: BackupHeader = { format_version: 1, account: { time_zone: null }, preferences: null };
    const result = await importBackup({ d1: props.d1, userId: props.userId, backup: { header, sections }, merge: true }, now);
    // The decks' history gives their concepts a mastery at once (the nightly refresh would
    // otherwise be the first to see them). The import has landed: a failure here only waits for that refresh.
    await refreshMastery({ DB: props.d1 }, now, props.userId).catch((err) => console.error('mastery after an Anki import failed', err));
    return { ...result, message: 'Anki package imported successfully', ...(await offeredParams(props.d1, props.userId, db)) };
  } catch (error) {
    if (stored.length) await props.bucket.delete(stored);
    throw error;
  } finally {
    db.close();
  }
}
