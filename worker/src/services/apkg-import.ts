/**
 * Importing an Anki package (migrate from Anki). The package is unzipped
 * (fflate), its collection read with sql.js — `collection.anki21b` (zstd, decoded with
 * fzstd) when present, else `collection.anki21` or the legacy `collection.anki2` — and
 * turned into the sections of a JSON backup: each deck a concept (sub-decks its
 * children), each card a flashcard with its FSRS state, each answer a review. The cards
 * and their answers are read, converted and staged a page at a time (apkg-collection.ts),
 * each page let go before the next, and the staged backup goes through the JSON import's
 * one-batch switch (merge), so an Anki import is as atomic as a restore, and importing
 * the same package again updates the same objects (uids derive from Anki's ids). Images
 * and sounds become uploads in R2.
 */
import { fieldToCardText, importCardState, isZstd, mediaNames, noteMediaNames, noteTags, type AnkiReview, type CardMedia } from '../domain/anki-import';
import { parseOcclusionNote } from '../domain/anki-occlusion';
import { checkOcclusion, occlusionCardText } from '../domain/image-occlusion';
import { noteTypeRow, renderCard, revealAllClozes, type AnkiNoteType } from '../domain/anki-template';
import { presetFsrsParams } from '../domain/anki-preset';
import type { BackupHeader, ImportResult } from '../domain/data-format';
import { sniffAudioType } from '../domain/sniff-audio';
import { sniffImageType } from '../domain/sniff-image';
import { upsertNoteTypes } from '../db/queries/anki-note-types';
import { selectFsrsParams } from '../db/queries/fsrs-params';
import { readBatch } from '../db/rows';
import { storedFsrsParams } from '../domain/fsrs-params';
import { readArchive, unzstdCapped, ZipArchive } from '../lib/archive';
import { breathe } from '../lib/breathe';
import { ApiError } from '../lib/errors';
import { publicFileUrl, userFileKey } from '../lib/r2-keys';
import {
  cardPages,
  mediaNotePages,
  notAnki,
  openCollection,
  readCreated,
  readDecks,
  readNoteTypes,
  readPresets,
  readRows,
  readSchedulerVersion,
  readUsedDecks,
  readUsedNoteTypes,
  type CollectionCard,
  type ReadRows,
} from './apkg-collection';
import { importInPieces, type StageCards, type StagePiece } from './data-import';
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

/** The collection's FSRS parameters (`presetFsrsParams`) when they are not the person's own already: offered by the summary, never saved here. */
async function offeredParams(d1: D1Database, userId: number, offered: number[] | null): Promise<{ offered_fsrs_params?: number[] }> {
  if (!offered) return {};
  const [[stored]] = await readBatch(d1, [selectFsrsParams(d1, userId)]);
  return JSON.stringify(storedFsrsParams(stored?.fsrs_params)) === JSON.stringify(offered) ? {} : { offered_fsrs_params: offered };
}

/** Where an import lands: the person's database and file storage. */
interface ImportTarget {
  d1: D1Database;
  bucket: R2Bucket;
  userId: number;
}

interface ImportApkgProps extends ImportTarget {
  /** The uploaded package. */
  bytes: Uint8Array;
}

interface DeckConcept {
  uid: string;
  title: string;
  content: null;
  content_text: string;
  tags: string[];
  created_at: number;
  updated_at: number;
}

/** Each deck path holding cards, and its ancestors, as concepts named by their path (their tags are the cards' ones, added as the cards are read). */
function deckConcepts(decks: Map<number, string[]>, usedDecks: number[], now: number) {
  const concepts: DeckConcept[] = [];
  const relations: { parent_uid: string; child_uid: string }[] = [];
  const uidOfPath = new Map<string, string>();
  const ensure = (path: string[]): string => {
    const key = path.join('\x1f');
    let uid = uidOfPath.get(key);
    if (uid) return uid;
    uid = `anki-deck-${[...key].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0, 7).toString(36)}-${path.length}`;
    uidOfPath.set(key, uid);
    concepts.push({ uid, title: path.at(-1)!.slice(0, 500), content: null, content_text: '', tags: [], created_at: now, updated_at: now });
    if (path.length > 1) relations.push({ parent_uid: ensure(path.slice(0, -1)), child_uid: uid });
    return uid;
  };
  const conceptOfDeck = new Map<number, string>();
  for (const id of usedDecks) conceptOfDeck.set(id, ensure(decks.get(id)?.length ? decks.get(id)! : ['Anki']));
  return { concepts, relations, conceptOfDeck };
}

/** The media file names the notes use, read a page of notes at a time. */
function wantedMedia(read: ReadRows): Set<string> {
  const wanted = new Set<string>();
  for (const page of mediaNotePages(read)) for (const flds of page) for (const name of noteMediaNames(flds)) wanted.add(name);
  return wanted;
}

/** A stored media file: where the cards find it, and its row of the backup's `files`. */
interface StoredMedia {
  media: Map<string, CardMedia>;
  stored: string[];
  rows: unknown[];
}

/** Stores the package's images and sounds that the notes use; returns them by file name. */
async function storeMedia(props: ImportTarget, archive: ZipArchive, wanted: Set<string>, now: number): Promise<StoredMedia> {
  const names = archive.has('media') ? readMediaNames(entryBytes(archive, 'media', MAX_COLLECTION_BYTES)) : new Map<string, string>();
  const used = [...names].filter(([entry, fileName]) => archive.has(entry) && wanted.has(fileName));
  if (used.some(([, fileName]) => fileName.length > MAX_MEDIA_NAME_CHARS)) throw new ApiError(422, 'invalid_apkg', `A media file's name is longer than ${MAX_MEDIA_NAME_CHARS} characters`);
  const files: StoredMedia = { media: new Map(), stored: [], rows: [] };
  try {
    await storeEach(props, archive, used, now, files);
    return files;
  } catch (error) {
    // A later file refused (too large, corrupt): the ones already stored go too.
    if (files.stored.length) await props.bucket.delete(files.stored);
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

async function storeEach(props: ImportTarget, archive: ZipArchive, used: [string, string][], now: number, files: StoredMedia) {
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
    files.stored.push(key);
    files.media.set(fileName, { address: publicFileUrl(props.userId, uuid), kind });
    files.rows.push({ key, file_name: fileName.slice(0, 300), mime_type: type, size: bytes.byteLength, kind, created_at: now });
  }
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

/** What converting a card needs from the whole collection: small maps, kept across pages. */
interface CollectionContext {
  crt: number;
  decks: Map<number, string[]>;
  noteTypes: Map<number, AnkiNoteType>;
  media: Map<string, CardMedia>;
  conceptOfDeck: Map<number, string>;
  /** Each deck concept's tags: its cards' ones, gathered page by page. */
  tagsOfConcept: Map<string, Set<string>>;
}

/**
 * An Image Occlusion note's card as an image-occlusion card: its image (stored from the
 * package), every shape of the note, the one its cloze number asks, the mode; the note's
 * guid is the group, so a later export writes them back into that note. Null when the
 * note is not one, its shapes cannot be read or its image is not in the package: the card
 * then comes in as text.
 */
function occlusionOf(card: CollectionCard, noteType: AnkiNoteType | undefined, media: Map<string, CardMedia>) {
  if (!noteType?.cloze || !card.note.flds.includes('image-occlusion:')) return null;
  const note = parseOcclusionNote(card.note.flds.split('\x1f'));
  const image = note && media.get(note.imageName);
  const target = note ? note.shapes.findIndex((s) => s.ordinal === card.ord + 1) : -1;
  if (!note || image?.kind !== 'image' || target < 0) return null;
  const group = card.note.guid && card.note.guid.length <= 100 ? card.note.guid : null;
  const occlusion = checkOcclusion({ image: image.address, shapes: note.shapes, target, mode: note.mode, group });
  return occlusion && { occlusion, ...occlusionCardText(occlusion.shapes, target, note.header) };
}

/** One card as a flashcard row and its answers as review rows. */
function convertCard(card: CollectionCard, answers: AnkiReview[], ctx: CollectionContext, now: number) {
  const { note } = card;
  const tags = noteTags(note.tags);
  const occluded = occlusionOf(card, ctx.noteTypes.get(note.mid), ctx.media);
  const sides = occluded ?? cardSides(ctx.noteTypes.get(note.mid), note, card.ord, ctx.decks.get(card.deck) ?? [], (name) => ctx.media.get(name) ?? null);
  const conceptUid = ctx.conceptOfDeck.get(card.deck)!;
  const conceptTags = ctx.tagsOfConcept.get(conceptUid) ?? ctx.tagsOfConcept.set(conceptUid, new Set()).get(conceptUid)!;
  for (const tag of tags) conceptTags.add(tag);
  const { card: state, logs } = importCardState(card, answers, ctx.crt, now);
  const uid = `anki-card-${card.id}`;
  const flashcard = {
    uid, concept_uid: conceptUid, question: sides.question, answer: sides.answer, tags,
    due: state.due, stability: state.stability, difficulty: state.difficulty, elapsed_days: state.elapsedDays, scheduled_days: state.scheduledDays,
    learning_steps: state.learningSteps, state: state.state, reps: state.reps, lapses: state.lapses, last_review: state.lastReview,
    created_at: card.id, updated_at: card.mod * 1000,
    anki_note: { guid: note.guid, ord: card.ord, type_id: note.mid, fields: note.flds.split('\x1f') },
    occlusion: occluded?.occlusion ?? null,
  };
  const reviews = logs.map((log) => ({
    uid: `anki-rev-${card.id}-${log.reviewedAt}`, flashcard_uid: uid, rating: log.rating, state: log.state, due: log.due, stability: log.stability,
    difficulty: log.difficulty, elapsed_days: log.elapsedDays, last_elapsed_days: log.lastElapsedDays, scheduled_days: log.scheduledDays,
    learning_steps: log.learningSteps, reviewed_at: log.reviewedAt, duration_ms: log.durationMs, card_before: log.cardBefore,
  }));
  return { flashcard, reviews };
}

/** Converts and stages the collection's cards a page at a time, then the deck concepts with their cards' tags. */
async function stageCollection(read: ReadRows, ctx: CollectionContext, decks: ReturnType<typeof deckConcepts>, stage: StagePiece, stageCards: StageCards, now: number) {
  // Each page is read and converted while the previous one is being written: D1 works
  // while the isolate converts. At most one write is in flight; its failure is thrown at
  // the next page (or after the last), before anything else is written.
  let writing: Promise<void> | null = null;
  try {
    for (const page of cardPages(read, readSchedulerVersion(read))) {
      const converted = page.cards.map((card) => convertCard(card, page.answers.get(card.id) ?? [], ctx, now));
      if (writing) await writing;
      writing = stageCards(converted.map((c) => c.flashcard), converted.map((c) => c.reviews));
      // Read at the next page or after the last; until then a failure is only held.
      writing.catch(() => {});
      // A macrotask between pages: the isolate's other requests, and DevTools, get their
      // turn (awaiting D1 gives them none).
      await breathe();
    }
  } catch (error) {
    // A page that cannot be read or converted: the write in flight ends before the job's rows are deleted.
    await writing?.catch(() => {});
    throw error;
  }
  if (writing) await writing;
  for (const concept of decks.concepts) concept.tags = [...(ctx.tagsOfConcept.get(concept.uid) ?? [])].slice(0, 1000);
  await stage('concepts', decks.concepts);
  await stage('concept_relations', decks.relations);
}

/**
 * Imports an uploaded package. Its bytes are handed on in a holder the import empties, so
 * that nothing keeps them for the whole import (the caller's props do not reach it).
 */
export function importApkg({ bytes, ...target }: ImportApkgProps, now: number): Promise<ImportResult & { offered_fsrs_params?: number[] }> {
  return importUpload(target, { bytes }, now);
}

/**
 * The import, holding at once only what it still reads: the upload and its archive until
 * the collection is open and its media stored; the collection (sql.js's file) until its
 * last page is staged — the switch runs without it. Measured on 50,000 cards (bench 16),
 * these were 12.7 and 38.7 MB of the isolate's memory held to the end.
 */
async function importUpload(props: ImportTarget, upload: { bytes: Uint8Array | null }, now: number): Promise<ImportResult & { offered_fsrs_params?: number[] }> {
  // `let`s emptied as soon as they are read: a suspended async function keeps its locals.
  let { collection, archive }: { collection: Uint8Array | null; archive: ZipArchive | null } = openPackage(upload.bytes!);
  upload.bytes = null;
  const SQL = await loadSqlite();
  const db = openCollection(SQL, collection!);
  // sql.js's file holds the collection's bytes now, until the database is closed.
  collection = null;
  const read = readRows(db);
  let stored: string[] = [];
  try {
    await breathe();
    const decks = readDecks(read);
    const noteTypes = readNoteTypes(read);
    const files = await storeMedia(props, archive!, wantedMedia(read), now);
    stored = files.stored;
    // The upload's last reader: its bytes go with it.
    archive = null;
    await breathe();
    const offered = presetFsrsParams(readPresets(read));
    const concepts = deckConcepts(decks, readUsedDecks(read), now);
    const ctx: CollectionContext = { crt: readCreated(read, now), decks, noteTypes, media: files.media, conceptOfDeck: concepts.conceptOfDeck, tagsOfConcept: new Map() };
    // The note types go first, on their own: should the import then fail, they are only
    // descriptions the next import of these notes replaces.
    const usedTypes = readUsedNoteTypes(read).flatMap((id) => noteTypes.get(id) ?? []);
    if (usedTypes.length) await props.d1.batch(upsertNoteTypes(props.d1, props.userId, usedTypes.map(noteTypeRow), now));
    const header: BackupHeader = { format_version: 1, account: { time_zone: null }, preferences: null };
    const result = await importInPieces({ d1: props.d1, userId: props.userId, header, merge: true }, now, async (stage, stageCards) => {
      await stage('files', files.rows);
      await stageCollection(read, ctx, concepts, stage, stageCards, now);
      // Every row is read: the collection's memory goes before the switch.
      db.close();
    });
    // The decks' history gives their concepts a mastery at once (the nightly refresh would
    // otherwise be the first to see them). The import has landed: a failure here only waits for that refresh.
    await refreshMastery({ DB: props.d1 }, now, props.userId).catch((err) => console.error('mastery after an Anki import failed', err));
    return { ...result, message: 'Anki package imported successfully', ...(await offeredParams(props.d1, props.userId, offered)) };
  } catch (error) {
    if (stored.length) await props.bucket.delete(stored);
    throw error;
  } finally {
    // Already closed once every row was staged (a second close does nothing).
    db.close();
  }
}
