/**
 * The Anki package: a schema-11 collection built with sql.js and zipped with
 * fflate, with the schedule kept — each card's due date, interval, reps, lapses and FSRS
 * memory state, and its review history in `revlog` — so Anki continues where the person
 * left off. One deck per concept, under a parent deck per constellation; uploaded images
 * and sounds in a card travel as media files.
 */
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import type { Database, Statement } from 'sql.js';
import {
  ANKI_DEFAULT_DECK_ID,
  ANKI_SCHEMA,
  BASIC_NOTE_TYPE,
  CLOZE_NOTE_TYPE,
  FIELD_SEPARATOR,
  ankiSchedule,
  ankiTags,
  answerTime,
  cardTextToField,
  clozeText,
  collectionConf,
  collectionCreated,
  deckJson,
  deckOptions,
  deckPart,
  modelJson,
  revlogType,
  sortField,
} from '../domain/anki';
import { noteMediaNames } from '../domain/anki-import';
import { IMAGE_OCCLUSION_NOTE_TYPE, ORIGINAL_STOCK_KIND_IMAGE_OCCLUSION, occlusionCardOrd, occlusionNoteFields } from '../domain/anki-occlusion';
import { occlusionCardText, parseCardOcclusion, type CardOcclusion } from '../domain/image-occlusion';
import { noteTypeFromRow, type AnkiNoteType } from '../domain/anki-template';
import { readNoteTypes } from '../db/queries/anki-note-types';
import { selectFsrsParams } from '../db/queries/fsrs-params';
import { readBatch } from '../db/rows';
import { schedulingOf } from './review-flashcard';
import { DEFAULT_DESIRED_RETENTION } from '../domain/fsrs';
import { CARD_COLUMNS, constellationName, readCardPage, readDecks, readReviewPage, readUploads, type CardScope, type DeckRow } from '../db/queries/anki';
import { breathe } from '../lib/breathe';
import { ApiError, notFound } from '../lib/errors';
import { userFileKey } from '../lib/r2-keys';
import { openPiecedDatabase, takeFile } from './sqlite-pieced-file';
import { loadSqlite } from './sqlite-wasm';

const PAGE = 5000;
/** Bytes handed to the zip at a time: the collection is compressed piece by piece. */
const ZIP_STEP = 1 << 20;
/** History rows written between two pauses for the isolate's other work. */
const BREATHE_ROWS = 25_000;
/** A revlog row's interval until its card's next answer is read (see writeRevlog). */
const IVL_PLACEHOLDER = 8_388_607;
const CONCEPT_DECK_BASE = 1_500_000_000_000;
const CONSTELLATION_DECK_BASE = 1_400_000_000_000;
const MEDIA_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/wav': 'wav',
  'audio/flac': 'flac',
  'audio/mp4': 'm4a',
  'audio/webm': 'webm',
};

interface ApkgExportProps {
  d1: D1Database;
  bucket: R2Bucket;
  userId: number;
  scope: CardScope;
}

/** Deck names and ids: the concept's deck under its constellation's, names unique. */
function buildDecks(decks: DeckRow[], nowSeconds: number) {
  const json: Record<string, unknown> = { [ANKI_DEFAULT_DECK_ID]: deckJson(ANKI_DEFAULT_DECK_ID, 'Default', nowSeconds) };
  const deckOf = new Map<number, number>();
  const used = new Set<string>();
  for (const deck of decks) {
    const parent = deck.constellation_name === null ? null : deckPart(deck.constellation_name);
    if (parent !== null && deck.constellation_id !== null) {
      const parentId = CONSTELLATION_DECK_BASE + deck.constellation_id;
      json[parentId] ??= deckJson(parentId, parent, nowSeconds);
    }
    let name = parent === null ? deckPart(deck.title) : `${parent}::${deckPart(deck.title)}`;
    if (used.has(name.toLowerCase())) name = `${name} (${deck.id})`;
    used.add(name.toLowerCase());
    const id = CONCEPT_DECK_BASE + deck.id;
    json[id] = deckJson(id, name, nowSeconds);
    deckOf.set(deck.id, id);
  }
  return { json, deckOf };
}

async function checksum(text: string): Promise<number> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text)));
  return ((digest[0]! << 24) >>> 0) + (digest[1]! << 16) + (digest[2]! << 8) + digest[3]!;
}

/** Media collected from card text: `users/{id}/{uuid}` keys, numbered as Anki names them in the zip. */
class MediaCollector {
  readonly files: { uuid: string; name: string }[] = [];
  private readonly names = new Map<string, string>();
  /** `uploads`: the person's, MIME type by uuid and uuid by file name; an address to anything else stays text. */
  constructor(
    private readonly userId: number,
    private readonly uploads: { types: Map<string, string>; byName: Map<string, string> },
  ) {}

  /** An imported note's media file, by the name its fields use: packed under that name when the person has it. */
  named = (fileName: string): void => {
    const uuid = this.uploads.byName.get(fileName);
    if (!uuid || this.names.has(uuid)) return;
    this.names.set(uuid, fileName);
    this.files.push({ uuid, name: fileName });
  };

  /** An upload under the name an imported note gave it, when that name is still this upload's; false otherwise. */
  namedAs = (fileName: string, uuid: string): boolean => {
    if (this.uploads.byName.get(fileName) !== uuid) return false;
    this.named(fileName);
    return this.names.get(uuid) === fileName;
  };

  /** A sound goes by its own name (`chien-0a1b2c3d.wav`), so a card brought back from Anki still says what it plays. */
  name = (owner: number, uuid: string, soundName?: string): string | null => {
    const type = this.uploads.types.get(uuid);
    if (owner !== this.userId || !type) return null;
    let name = this.names.get(uuid);
    if (!name) {
      const base = soundName?.replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 60);
      name = `${base ? `${base}-${uuid.slice(0, 8)}` : `astrolabe-${uuid}`}.${MEDIA_EXTENSIONS[type] ?? 'bin'}`;
      this.names.set(uuid, name);
      this.files.push({ uuid, name });
    }
    return name;
  };
}

interface CardForNote {
  uid: string;
  question: string;
  answer: string;
  tags: string;
  mod: number;
  identity: AnkiIdentity | null;
  occlusion: string | null;
}

interface AnkiIdentity {
  guid: string;
  ord: number;
  type_id: number;
  fields: string[];
}

function readIdentity(value: unknown, types: Map<number, AnkiNoteType>): AnkiIdentity | null {
  if (typeof value !== 'string') return null;
  try {
    const note = JSON.parse(value) as AnkiIdentity;
    return types.has(note.type_id) && typeof note.guid === 'string' && Array.isArray(note.fields) ? note : null;
  } catch {
    return null;
  }
}

/**
 * Notes as Anki reads them: a card imported from Anki goes back into its own note (its
 * guid, note type and fields, every card of the note under one note, by ordinal) so that
 * Anki updates that note; a cloze card made here becomes a Cloze note; any other card a
 * Basic note of its own (its uid as guid).
 */
class NoteWriter {
  private readonly insertNote: Statement;
  private readonly noteOfGuid = new Map<string, { id: number; ords: Set<number> }>();
  /** Image-occlusion notes by their group: every card of one image goes into one note. */
  private readonly noteOfGroup = new Map<string, { id: number; ords: Set<number> }>();
  readonly usedTypes = new Map<number, AnkiNoteType>([[BASIC_NOTE_TYPE.id, BASIC_NOTE_TYPE]]);

  constructor(
    db: Database,
    private readonly media: MediaCollector,
  ) {
    this.insertNote = db.prepare("INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')");
  }

  /** The note of card `cardId` (written now unless its note already is) and the card's ordinal in it. */
  async noteOf(cardId: number, row: CardForNote, type: AnkiNoteType | undefined) {
    const { identity } = row;
    const occlusion = parseCardOcclusion(row.occlusion);
    if (occlusion) {
      const written = await this.occlusionNoteOf(cardId, row, occlusion, type);
      if (written) return written;
    }
    const known = identity && this.noteOfGuid.get(identity.guid);
    if (identity && type && known && !known.ords.has(identity.ord)) {
      known.ords.add(identity.ord);
      return { nid: known.id, ord: identity.ord };
    }
    if (identity && type && !known) {
      for (const name of identity.fields.flatMap(noteMediaNames)) this.media.named(name);
      this.usedTypes.set(type.id, type);
      await this.write(cardId, identity.guid, type.id, identity.fields, row);
      this.noteOfGuid.set(identity.guid, { id: cardId, ords: new Set([identity.ord]) });
      return { nid: cardId, ord: identity.ord };
    }
    const cloze = clozeText(row.question, row.answer);
    if (cloze !== null) {
      this.usedTypes.set(CLOZE_NOTE_TYPE.id, CLOZE_NOTE_TYPE);
      await this.write(cardId, row.uid, CLOZE_NOTE_TYPE.id, [cardTextToField(cloze, this.media.name), ''], row);
      return { nid: cardId, ord: 0 };
    }
    const fields = [cardTextToField(row.question, this.media.name), cardTextToField(row.answer, this.media.name)];
    await this.write(cardId, row.uid, BASIC_NOTE_TYPE.id, fields, row);
    return { nid: cardId, ord: 0 };
  }

  /**
   * An image-occlusion card's note: Anki's Image Occlusion type (or the one it came from),
   * written with its image's first card, every shape a cloze; the card is the cloze of its
   * shape. Null when the image is not in the package (the card then goes as text).
   */
  private async occlusionNoteOf(cardId: number, row: CardForNote, occlusion: CardOcclusion, type: AnkiNoteType | undefined) {
    const ord = occlusionCardOrd(occlusion.shapes, occlusion.target);
    const key = occlusion.group ?? `${occlusion.image}\x1f${occlusion.mode}\x1f${JSON.stringify(occlusion.shapes)}`;
    const known = this.noteOfGroup.get(key);
    if (known && !known.ords.has(ord)) {
      known.ords.add(ord);
      return { nid: known.id, ord };
    }
    const [owner, uuid] = occlusion.image.split('/').slice(-2) as [string, string];
    // An image brought from Anki goes back under its own name, so Anki does not keep it twice.
    const originalName = row.identity?.fields[1] ? noteMediaNames(row.identity.fields[1])[0] : undefined;
    const imageName = originalName && this.media.namedAs(originalName, uuid) ? originalName : this.media.name(Number(owner), uuid);
    if (!imageName) return null;
    // A note type brought from Anki with 4 fields or more is Anki's Image Occlusion type: the note goes back into it.
    const own = type && type.cloze && type.fields.length >= 4 ? { ...type, stockKind: ORIGINAL_STOCK_KIND_IMAGE_OCCLUSION } : IMAGE_OCCLUSION_NOTE_TYPE;
    const { question } = occlusionCardText(occlusion.shapes, occlusion.target, '');
    const fields = occlusionNoteFields({ shapes: occlusion.shapes, mode: occlusion.mode, header: row.question === question ? '' : row.question, imageName });
    while (fields.length < own.fields.length) fields.push('');
    this.usedTypes.set(own.id, own);
    const guid = !known ? (row.identity?.guid ?? occlusion.group ?? row.uid) : row.uid;
    await this.write(cardId, guid, own.id, fields.slice(0, own.fields.length), row);
    if (!known) this.noteOfGroup.set(key, { id: cardId, ords: new Set([ord]) });
    return { nid: cardId, ord };
  }

  private async write(id: number, guid: string, typeId: number, fields: string[], row: { tags: string; mod: number }) {
    const sort = sortField(fields[0] ?? '');
    this.insertNote.run([id, guid, typeId, row.mod, row.tags, fields.join(FIELD_SEPARATOR), sort, await checksum(sort)]);
  }

  free() {
    this.insertNote.free();
  }
}

async function writeCards(db: Database, props: ApkgExportProps, deckOf: Map<number, number>, notes: NoteWriter, types: Map<number, AnkiNoteType>, crt: number, now: number) {
  const col = Object.fromEntries(CARD_COLUMNS.map((c, i) => [c, i])) as Record<(typeof CARD_COLUMNS)[number], number>;
  const insertCard = db.prepare('INSERT INTO cards VALUES (?, ?, ?, ?, ?, -1, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, ?)');
  const ankiIdOf = new Map<number, number>();
  let lastId = 0;
  let position = 0;
  try {
    for (let after = 0; ; ) {
      const rows = await readCardPage(props.d1, props.userId, props.scope, after, PAGE);
      for (const r of rows) {
        const id = Math.max(Number(r[col.created_at]), lastId + 1);
        lastId = id;
        ankiIdOf.set(Number(r[col.id]), id);
        const mod = Math.floor(Number(r[col.updated_at]) / 1000);
        const identity = readIdentity(r[col.anki_note], types);
        const { nid, ord } = await notes.noteOf(
          id,
          { uid: String(r[col.uid]), question: String(r[col.question]), answer: String(r[col.answer]), tags: ankiTags(JSON.parse(String(r[col.tags] ?? '[]')) as string[]), mod, identity, occlusion: r[col.occlusion] === null ? null : String(r[col.occlusion]) },
          identity ? types.get(identity.type_id) : undefined,
        );
        const card = {
          due: Number(r[col.due]),
          stability: Number(r[col.stability]),
          difficulty: Number(r[col.difficulty]),
          elapsedDays: Number(r[col.elapsed_days]),
          scheduledDays: Number(r[col.scheduled_days]),
          learningSteps: Number(r[col.learning_steps]),
          reps: Number(r[col.reps]),
          lapses: Number(r[col.lapses]),
          state: Number(r[col.state]),
          lastReview: r[col.last_review] === null ? null : Number(r[col.last_review]),
        };
        const s = ankiSchedule(card, position++, crt, now, DEFAULT_DESIRED_RETENTION);
        const deck = deckOf.get(Number(r[col.concept_id])) ?? ANKI_DEFAULT_DECK_ID;
        insertCard.run([id, nid, deck, ord, mod, s.type, s.queue, s.due, s.ivl, s.factor, card.reps, card.lapses, s.left, s.data]);
      }
      if (rows.length < PAGE) break;
      after = Number(rows.at(-1)![col.id]);
    }
  } finally {
    insertCard.free();
  }
  return { ankiIdOf, cards: position };
}

/**
 * The history, written in answer order as it is read: a revlog row's `ivl` is the interval
 * the answer gave (the scheduled days the card's next answer found, or the card's current
 * interval for its last one), `lastIvl` the one before it. So a row's `ivl` is known only
 * once the card's next answer is read: rows go in with a placeholder, then are given their
 * interval in one pass in id order. The placeholder is a 3-byte integer, larger than any
 * interval, so the pass only shrinks rows and never splits a page. Ids are answer times in
 * ms, nudged by a millisecond where two answers share one.
 */
async function writeRevlog(db: Database, props: ApkgExportProps, ankiIdOf: Map<number, number>) {
  const insert = db.prepare('INSERT INTO revlog VALUES (?, ?, -1, ?, ?, ?, ?, ?, ?)');
  const ids: number[] = [];
  /** Per row: the scheduled days of its card's next answer; null for the card's last (its current interval). */
  const nextScheduled: (number | null)[] = [];
  const lastRowOf = new Map<number, number>();
  let lastId = 0;
  try {
    for (let after = { time: Number.MIN_SAFE_INTEGER, id: 0 }; ; ) {
      const rows = await readReviewPage(props.d1, props.userId, props.scope, after, PAGE * 2);
      for (const [, cardId, at, rating, state, sched, duration] of rows) {
        const cid = ankiIdOf.get(cardId!);
        // A card created after its page was read is not in the package: nor is its history.
        if (cid === undefined) continue;
        lastId = Math.max(at!, lastId + 1);
        insert.run([lastId, cid, rating!, IVL_PLACEHOLDER, sched!, state === 2 || state === 3 ? 2500 : 0, answerTime(duration ?? null), revlogType(state!)]);
        const previous = lastRowOf.get(cid);
        if (previous !== undefined) nextScheduled[previous] = sched ?? null;
        lastRowOf.set(cid, ids.length);
        ids.push(lastId);
        nextScheduled.push(null);
        if (ids.length % BREATHE_ROWS === 0) await breathe();
      }
      if (rows.length < PAGE * 2) break;
      const last = rows.at(-1)!;
      after = { time: last[2]!, id: last[0]! };
    }
  } finally {
    insert.free();
  }
  const giveInterval = db.prepare('UPDATE revlog SET ivl = coalesce(?2, (SELECT ivl FROM cards WHERE id = revlog.cid)) WHERE id = ?1');
  try {
    for (let i = 0; i < ids.length; i++) {
      giveInterval.run([ids[i]!, nextScheduled[i] ?? null]);
      if ((i + 1) % BREATHE_ROWS === 0) await breathe();
    }
  } finally {
    giveInterval.free();
  }
  return ids.length;
}

/** `data` in ZIP_STEP views. */
function* steps(data: Uint8Array): Generator<Uint8Array> {
  for (let at = 0; at < data.length; at += ZIP_STEP) yield data.subarray(at, at + ZIP_STEP);
}

/**
 * A zip written as it goes: a file is pushed piece by piece and comes out as small
 * compressed chunks, so neither the input nor an output as large as it is held at once;
 * between two pieces the isolate may serve other requests.
 */
class ZipWriter {
  private readonly chunks: Uint8Array[] = [];
  private readonly zip = new Zip((error, chunk) => {
    if (error) throw error;
    this.chunks.push(chunk);
  });

  async add(name: string, pieces: Iterable<Uint8Array>, compress: boolean): Promise<void> {
    const file = compress ? new ZipDeflate(name, { level: 1 }) : new ZipPassThrough(name);
    this.zip.add(file);
    let waiting: Uint8Array | null = null;
    for (const piece of pieces) {
      if (waiting) {
        file.push(waiting, false);
        await breathe();
      }
      waiting = piece;
    }
    file.push(waiting ?? new Uint8Array(0), true);
  }

  /** The whole package, in one piece. */
  finish(): Uint8Array {
    this.zip.end();
    const bytes = new Uint8Array(this.chunks.reduce((total, chunk) => total + chunk.length, 0));
    let at = 0;
    for (const chunk of this.chunks.splice(0)) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    return bytes;
  }
}

/** Builds the package; 404 for another person's constellation, 422 when no card matches. */
export async function buildApkg(props: ApkgExportProps, now: number): Promise<{ bytes: Uint8Array; cards: number; reviews: number }> {
  const { d1, userId, scope } = props;
  if (scope.kind === 'constellation' && (await constellationName(d1, userId, scope.id)) === null) throw notFound('Constellation');
  const decks = await readDecks(d1, userId, scope);
  if (!decks.length) throw new ApiError(422, 'no_flashcards', 'No flashcards to export');

  const SQL = await loadSqlite();
  const { db, file } = openPiecedDatabase(SQL);
  try {
    const nowSeconds = Math.floor(now / 1000);
    const crt = collectionCreated(now);
    const media = new MediaCollector(userId, await readUploads(d1, userId));
    // The preset carries the person's desired retention and FSRS parameters, as Anki keeps them.
    const [[schedulingRow]] = await readBatch(d1, [selectFsrsParams(d1, userId)]);
    const scheduling = schedulingOf(schedulingRow);
    const types = new Map((await readNoteTypes(d1, userId)).flatMap((row) => noteTypeFromRow(row) ?? []).map((t) => [t.id, t]));
    const { json: deckMap, deckOf } = buildDecks(decks, nowSeconds);
    db.run(ANKI_SCHEMA);
    db.run('BEGIN');
    const notes = new NoteWriter(db, media);
    let written: Awaited<ReturnType<typeof writeCards>>;
    try {
      written = await writeCards(db, props, deckOf, notes, types, crt, now);
    } finally {
      notes.free();
    }
    const { ankiIdOf, cards } = written;
    const reviews = await writeRevlog(db, props, ankiIdOf);
    db.run('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, \'{}\')', [
      crt,
      now,
      now,
      JSON.stringify(collectionConf(cards)),
      JSON.stringify(Object.fromEntries([...notes.usedTypes.values()].map((t) => [t.id, modelJson(t, nowSeconds)]))),
      JSON.stringify(deckMap),
      JSON.stringify(deckOptions(nowSeconds, scheduling.desiredRetention, scheduling.params)),
    ]);
    db.run('COMMIT');
    const zip = new ZipWriter();
    // The collection's file goes to the zip piece by piece, each let go once compressed;
    // where its pieces cannot be taken, a copy of it (the database closed first).
    const taken = takeFile(db, file);
    if (taken) await zip.add('collection.anki2', taken.pieces, true);
    else {
      const collection = db.export();
      db.close();
      await zip.add('collection.anki2', steps(collection), true);
    }
    const mediaMap: Record<string, string> = {};
    for (const [i, { uuid, name }] of media.files.entries()) {
      const object = await props.bucket.get(userFileKey(userId, uuid));
      if (!object) continue;
      mediaMap[String(i)] = name;
      await zip.add(String(i), [new Uint8Array(await object.arrayBuffer())], false);
    }
    await zip.add('media', [strToU8(JSON.stringify(mediaMap))], true);
    return { bytes: zip.finish(), cards, reviews };
  } catch (error) {
    try {
      db.close();
    } catch {
      // already closed
    }
    throw error;
  }
}
