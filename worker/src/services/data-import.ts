/**
 * Restoring a JSON backup. An import is a job: rows are validated and staged
 * in `import_rows` by as many calls as the file needs (one for a file sent whole, many
 * for the page's chunked upload of a big backup), then `commitImport` checks the staged
 * rows and switches them in with one D1 batch — replace empties the person's data in
 * that same batch first. Nothing of the person's data changes before that batch, and the
 * batch is one transaction, so a failure at any point leaves the account as it was; the
 * staged rows of a failed or abandoned job are deleted.
 */
import { ZodError, type ZodIssue } from 'zod';
import {
  IMPORT_LIMITS,
  SECTIONS,
  SECTION_NAMES,
  backupHeader,
  chunkRows,
  JsonMeter,
  type BackupHeader,
  type ImportResult,
  type SectionName,
} from '../domain/data-format';
import { tagKey } from '../domain/tags';
import { breathe } from '../lib/breathe';
import { readMultipartFile } from '../lib/multipart-file';
import { titleKey } from '../domain/wiki-links';
import { deleteUserRowsStatements } from '../db/queries/data';
import {
  checkStagedStatements,
  countStagedStatement,
  deleteImportJobStatement,
  deleteImportStatement,
  failingWriteStatement,
  importJobStatement,
  PACKED_REVIEW_FIELDS,
  stageRowsStatement,
  startImportJobStatements,
  switchHeaderStatements,
  switchInStatements,
  type StagedProblem,
} from '../db/queries/data-import';
import { firstRow, readBatch } from '../db/rows';
import { ApiError, notFound } from '../lib/errors';
import { linkStagedWikiTitles } from './import-wiki-links';

const STALE_IMPORT_MS = 24 * 3_600_000;
/** Stage statements sent per batch (≤ 1.8 MB each): keeps each D1 call well under its time and size limits. */
const STAGE_STATEMENTS_PER_BATCH = 4;

/** Test-only: fail the switch batch halfway, to prove it lands whole or not at all. */
export type FailPoint = 'middle' | null;

interface JobProps {
  d1: D1Database;
  userId: number;
}

/** Opens an import job for the backup's header; sweeps the person's stale jobs first. */
export async function startImport({ d1, userId, header, merge }: JobProps & { header: BackupHeader; merge: boolean }, now: number) {
  const importId = crypto.randomUUID();
  await d1.batch(startImportJobStatements(d1, importId, userId, merge, JSON.stringify(header), now, now - STALE_IMPORT_MS));
  return importId;
}

async function requireJob(d1: D1Database, userId: number, importId: string) {
  const job = await firstRow(importJobStatement(d1, userId, importId));
  if (!job) throw notFound('Import');
  return { merge: job.merge === 1 };
}

/** Validates one section's rows; the issues carry `[section, index, field]` as their location. */
export function validateRows(section: SectionName, rows: unknown[], firstIndex = 0): unknown[] {
  const schema = SECTIONS[section];
  const issues: ZodIssue[] = [];
  const valid = rows.map((row, i) => {
    const result = schema.safeParse(row);
    if (result.success) return stagedForm(section, result.data as Record<string, unknown>);
    for (const issue of result.error.issues) issues.push({ ...issue, path: [section, firstIndex + i, ...issue.path] });
    return null;
  });
  if (issues.length) throw new ZodError(issues.slice(0, 20));
  return valid;
}

/** Rows validated at once before the isolate's other requests get a turn (about 10 ms of zod). */
const VALIDATE_SLICE = 1_000;

/**
 * validateRows over a whole backup's section, a slice of rows at a time, a macrotask apart:
 * 50,000 rows take about half a second of zod, which would otherwise hold every other
 * request of the isolate. The same issues (the first 20) as one call would give.
 */
export async function validateSection(section: SectionName, rows: unknown[]): Promise<unknown[]> {
  const valid: unknown[] = [];
  const issues: ZodIssue[] = [];
  for (let at = 0; at < rows.length && issues.length < 20; at += VALIDATE_SLICE) {
    if (at > 0) await breathe();
    try {
      valid.push(...validateRows(section, rows.slice(at, at + VALIDATE_SLICE), at));
    } catch (error) {
      if (!(error instanceof ZodError)) throw error;
      issues.push(...error.issues);
    }
  }
  if (issues.length) throw new ZodError(issues.slice(0, 20));
  return valid;
}

/** What the switch reads: tag names with their case-folded keys, a concept's title key. */
function stagedForm(section: SectionName, row: Record<string, unknown>): Record<string, unknown> {
  const tags = (names: string[]) => names.map((name) => ({ name, key: tagKey(name) }));
  if (section === 'tags') return { tags: tags([row.name as string]) };
  if (section === 'concepts') return { ...row, title_key: titleKey(row.title as string), tags: tags(row.tags as string[]) };
  return row;
}

/** Bytes of rows staged by one statement: one bound value, under D1's 2 MB per value. */
const STAGE_BYTES = 1_800_000;
const utf8 = new TextEncoder();

/**
 * Stages already validated rows, a few statements per batch, each statement about one
 * chunk. A chunked call's rows (≤ 1 MB as sent) fit one statement: they are written as
 * JSON once, and split row by row only when they do not fit.
 */
async function stageValidRows(d1: D1Database, importId: string, section: SectionName, rows: unknown[], offset: number | null = null) {
  const whole = JSON.stringify(rows);
  const fits = whole.length * 3 <= STAGE_BYTES || utf8.encode(whole).length <= STAGE_BYTES;
  const chunks = fits ? [rows] : chunkRows(rows, STAGE_BYTES);
  let first = offset;
  const statements = chunks.map((chunk) => {
    const statement = stageRowsStatement(d1, importId, section, chunks.length === 1 ? whole : JSON.stringify(chunk), first);
    if (first !== null) first += chunk.length;
    return statement;
  });
  for (let i = 0; i < statements.length; i += STAGE_STATEMENTS_PER_BATCH) {
    await d1.batch(statements.slice(i, i + STAGE_STATEMENTS_PER_BATCH));
  }
}

/**
 * One chunked call: validates and stages rows of a section into the person's open job.
 * `offset` (the index of the chunk's first row in its section) lets the page send chunks
 * side by side; a chunk that overlaps one already staged is refused.
 */
export async function stageImportRows({
  d1,
  userId,
  importId,
  section,
  rows,
  offset = null,
}: JobProps & { importId: string; section: SectionName; rows: unknown[]; offset?: number | null }) {
  await requireJob(d1, userId, importId);
  const valid = validateRows(section, rows, offset ?? 0);
  try {
    await stageValidRows(d1, importId, section, valid, offset);
  } catch (error) {
    if (offset !== null && /UNIQUE constraint failed/.test(String(error))) {
      throw new ApiError(409, 'chunk_overlap', `Rows ${offset}–${offset + rows.length - 1} of ${section} overlap rows already sent`);
    }
    throw error;
  }
  return { staged: rows.length };
}

export async function abandonImport({ d1, userId, importId }: JobProps & { importId: string }) {
  await requireJob(d1, userId, importId);
  await d1.batch([deleteImportStatement(d1, importId), deleteImportJobStatement(d1, importId)]);
}

const countOf = (counts: Map<string, number>, section: SectionName) => counts.get(section) ?? 0;

/**
 * Checks the staged rows, makes the links their `[[Title]]`s write (import-wiki-links.ts;
 * `linked`: the importer staged its texts with their links already made) and switches
 * them in with one batch. The job and its rows are
 * deleted whatever happens; the person's data changes only if the batch succeeds.
 */
export async function commitImport({
  d1,
  userId,
  importId,
  failAt = null,
  linked = false,
  packedReviews = 0,
}: JobProps & { importId: string; failAt?: FailPoint; linked?: boolean; packedReviews?: number }): Promise<ImportResult> {
  const { merge } = await requireJob(d1, userId, importId);
  try {
    const [counted, ...checks] = await readBatch(d1, [countStagedStatement(d1, importId), ...checkStagedStatements(d1, importId, userId, merge)]);
    const counts = new Map(counted.map((r) => [r.section, Number(r.n)]));
    if (packedReviews) counts.set('reviews', countOf(counts, 'reviews') + packedReviews);
    refuseProblems(checks.flat(), counts);
    if (!linked) await linkStagedWikiTitles(d1, userId, importId, merge);
    const switchIn = switchInStatements(d1, importId, userId, merge);
    // The isolate's other requests (and DevTools) get a turn before the switch's long batch.
    await breathe();
    // A write that fails after half the statements have run.
    if (failAt === 'middle') switchIn.splice(Math.floor(switchIn.length / 2), 0, failingWriteStatement(d1, userId));
    await d1.batch([
      ...(merge ? [] : deleteUserRowsStatements(d1, userId)),
      ...switchIn,
      ...switchHeaderStatements(d1, importId, userId),
      deleteImportStatement(d1, importId),
      deleteImportJobStatement(d1, importId),
    ]);
    return {
      message: merge ? 'Data merged successfully' : 'Data imported successfully',
      concepts: countOf(counts, 'concepts'),
      flashcards: countOf(counts, 'flashcards'),
      reviews: countOf(counts, 'reviews'),
      study_sessions: countOf(counts, 'study_sessions'),
    };
  } finally {
    // A no-op after a successful switch (it already deleted them).
    await d1.batch([deleteImportStatement(d1, importId), deleteImportJobStatement(d1, importId)]);
  }
}

function refuseProblems(problems: StagedProblem[], counts: Map<string, number>) {
  const tooMany = SECTION_NAMES.filter((s) => countOf(counts, s) > IMPORT_LIMITS.maxRows);
  if (tooMany.length) throw new ApiError(413, 'import_too_large', `Too many rows in ${tooMany.join(', ')} (at most ${IMPORT_LIMITS.maxRows} each)`);
  if (!problems.length) return;
  throw new ZodError(
    problems.map((p) => ({
      code: 'custom' as const,
      path: [p.section, p.field],
      message: p.field === 'uid' ? `Duplicate identity ${String(p.value)}` : `Refers to ${String(p.value)}, which is not in the file`,
    })),
  );
}

/** A parsed backup file: its header and each section's rows (missing sections are empty). */
export interface ParsedBackup {
  header: BackupHeader;
  sections: Record<SectionName, unknown[]>;
}

/** Checks a whole backup object (header, sections as arrays within the row limit). */
export function readBackup(value: unknown): ParsedBackup {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError(422, 'invalid_backup', 'The file is not an Astrolabe backup (expected a JSON object)');
  }
  const record = value as Record<string, unknown>;
  const header = backupHeader.parse(record);
  const sections = {} as Record<SectionName, unknown[]>;
  for (const name of SECTION_NAMES) {
    const rows = record[name] ?? [];
    if (!Array.isArray(rows)) throw new ZodError([{ code: 'custom', path: [name], message: 'Expected an array' }]);
    if (rows.length > IMPORT_LIMITS.maxRows) throw new ApiError(413, 'import_too_large', `Too many rows in ${name} (at most ${IMPORT_LIMITS.maxRows})`);
    sections[name] = rows;
  }
  return { header, sections };
}

/** A whole backup in one request: validate everything, stage it, switch it in. */
export async function importBackup(
  { d1, userId, backup, merge, failAt = null }: JobProps & { backup: ParsedBackup; merge: boolean; failAt?: FailPoint },
  now: number,
): Promise<ImportResult> {
  const valid: (readonly [SectionName, unknown[]])[] = [];
  for (const name of SECTION_NAMES) valid.push([name, await validateSection(name, backup.sections[name])]);
  return importStaged({ d1, userId, header: backup.header, merge, failAt }, now, async (importId) => {
    for (const [name, rows] of valid) if (rows.length) await stageValidRows(d1, importId, name, rows);
  });
}

/**
 * Stages one more piece of a section's rows into the job `importInPieces` opened; validated,
 * their indexes counted from the section's earlier pieces. `linkParts`: for rows whose
 * text links a concept of the same import, the text cut where that concept's id goes
 * (domain/wiki-links.ts cutAtStandIns), by row index.
 */
export type StagePiece = (section: SectionName, rows: unknown[], linkParts?: readonly (string[] | null)[]) => Promise<void>;

/**
 * Stages one more piece of flashcards with their answers: `reviews[i]` are the answers to
 * `cards[i]` (their `flashcard_uid` is its uid, they belong to no session). Each row is
 * validated as a row of its section, and the answers are staged inside their card's row
 * (PACKED_REVIEW_FIELDS), so an import of many answers writes each of them once.
 */
export type StageCards = (cards: unknown[], reviews: readonly unknown[][]) => Promise<void>;

const UID = /^[A-Za-z0-9_-]{1,64}$/;
const isUid = (value: unknown) => typeof value === 'string' && UID.test(value);
const isCount = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0;
const isTime = (value: unknown) => isCount(value) && (value as number) <= 8.64e15;
const isBetween = (value: unknown, min: number, max: number) => typeof value === 'number' && value >= min && value <= max;

/**
 * An answer that the `reviews` schema (domain/data-format.ts) accepts as it is, checked by
 * hand: each test is that schema's own for its field (NaN and infinities fail every bound,
 * as they fail zod's), so a row passing here passes zod with the same values, the
 * defaults aside (a missing `session_uid` or `duration_ms` is null either way). A row
 * failing here goes through zod, which words the refusal. Zod per answer was a sixth of
 * a 300,000-answer Anki import.
 */
export function isPlainAnswer(row: unknown): row is Record<string, unknown> {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return false;
  const r = row as Record<string, unknown>;
  return (
    isUid(r.uid) &&
    isUid(r.flashcard_uid) &&
    (r.session_uid === undefined || r.session_uid === null || isUid(r.session_uid)) &&
    Number.isInteger(r.rating) && isBetween(r.rating, 1, 4) &&
    isTime(r.due) &&
    isBetween(r.stability, 0, 1e9) &&
    isBetween(r.difficulty, 0, 100) &&
    isCount(r.elapsed_days) && isCount(r.scheduled_days) && isCount(r.learning_steps) &&
    Number.isInteger(r.state) && isBetween(r.state, 0, 3) &&
    isCount(r.last_elapsed_days) &&
    isTime(r.reviewed_at) &&
    (r.duration_ms === undefined || r.duration_ms === null || isCount(r.duration_ms))
  );
}

/** Answers to pack, checked as `validateRows('reviews', …)` checks them: by hand when every one is plain (packed as they are, a missing default read as null), else through zod (its issues, or its values). */
function validAnswers(rows: unknown[], firstIndex: number): Record<string, unknown>[] {
  if (rows.every(isPlainAnswer)) return rows;
  return validateRows('reviews', rows, firstIndex) as Record<string, unknown>[];
}

/** A card's validated answers as its staged row carries them; a duplicate uid among them is refused as a duplicate row would be. */
function packReviews(card: Record<string, unknown>, reviews: Record<string, unknown>[]): unknown[][] {
  const uids = new Set<unknown>();
  return reviews.map((review, i) => {
    if (review.flashcard_uid !== card.uid || (review.session_uid ?? null) !== null) throw new Error('A packed answer must be its own card\'s, outside any session');
    if (uids.has(review.uid)) throw new ZodError([{ code: 'custom', path: ['reviews', 'uid'], message: `Duplicate identity ${String(review.uid)}` }]);
    uids.add(review.uid);
    return PACKED_REVIEW_FIELDS.map((field) => review[field] ?? null);
  });
}

/**
 * A backup built and staged piece by piece by `fill` (an import from another format that
 * does not hold the whole backup in memory at once), then switched in with the same one
 * batch as a backup sent whole: a failure while filling drops what was staged, and the
 * person's data changes only when the switch lands. `linked`: `fill` stages texts with
 * their `[[Title]]`s already made into links, so the switch does not read them back.
 */
export async function importInPieces(
  { d1, userId, header, merge, linked = false }: JobProps & { header: BackupHeader; merge: boolean; linked?: boolean },
  now: number,
  fill: (stage: StagePiece, stageCards: StageCards) => Promise<void>,
): Promise<ImportResult> {
  const staged = new Map<SectionName, number>();
  /** Validates a piece of a section's rows, their indexes counted from the section's earlier pieces. */
  const validPiece = (section: SectionName, rows: unknown[], validate = validateRows) => {
    const first = staged.get(section) ?? 0;
    staged.set(section, first + rows.length);
    return validate(section, rows, first) as Record<string, unknown>[];
  };
  let packedReviews = 0;
  return importStaged({ d1, userId, header, merge, linked, packed: () => packedReviews }, now, (importId) =>
    fill(
      async (section, rows, linkParts) => {
        const valid = validPiece(section, rows);
        if (linkParts) valid.forEach((row, i) => linkParts[i] && (row.link_parts = linkParts[i]));
        if (valid.length) await stageValidRows(d1, importId, section, valid);
      },
      async (cards, reviews) => {
        const valid = validPiece('flashcards', cards);
        const answers = validPiece('reviews', reviews.flat(), (_, rows, first = 0) => validAnswers(rows, first));
        let at = 0;
        valid.forEach((card, i) => {
          const own = answers.slice(at, (at += reviews[i]?.length ?? 0));
          if (own.length) card.packed_reviews = packReviews(card, own);
        });
        packedReviews += answers.length;
        if (valid.length) await stageValidRows(d1, importId, 'flashcards', valid);
      },
    ),
  );
}

/** Opens a job, lets `fill` stage its rows, and commits it; a failure while filling deletes the job and its rows. */
async function importStaged(
  {
    d1,
    userId,
    header,
    merge,
    failAt = null,
    linked = false,
    packed = () => 0,
  }: JobProps & { header: BackupHeader; merge: boolean; failAt?: FailPoint; linked?: boolean; packed?: () => number },
  now: number,
  fill: (importId: string) => Promise<void>,
): Promise<ImportResult> {
  const importId = await startImport({ d1, userId, header, merge }, now);
  try {
    await fill(importId);
  } catch (error) {
    await d1.batch([deleteImportStatement(d1, importId), deleteImportJobStatement(d1, importId)]);
    throw error;
  }
  return commitImport({ d1, userId, importId, failAt, linked, packedReviews: packed() });
}

/**
 * The bytes of the `file` part of a multipart import, within `maxBytes` (413 past it); 422
 * when there is none. Read as the body streams in, so the import holds the file once: no
 * whole body, then a parsed form's File, then a copy of its bytes.
 */
export async function readImportFile(request: Request, maxBytes: number): Promise<Uint8Array> {
  return (await readMultipartFile(request, { field: 'file', maxBytes })).bytes;
}

/** Characters of a backup measured at once before the isolate's other requests get a turn (well under a millisecond). */
const SCAN_PIECE = 64 * 1024;

/** The refusal for a backup past the import's limits. */
function refuseBeyond(beyond: ReturnType<JsonMeter['write']>): void {
  if (beyond === 'depth') throw new ApiError(422, 'invalid_backup', `The file is nested too deeply (at most ${IMPORT_LIMITS.maxDepth} levels)`);
  if (beyond) {
    const what = beyond === 'containers' ? `${IMPORT_LIMITS.maxContainers} objects and lists` : `${IMPORT_LIMITS.maxValues} values`;
    throw new ApiError(413, 'import_too_large', `The file holds too many values for one request (at most ${what}); send it in parts with the chunked import`);
  }
}

/** Feeds `text` to the meter a piece at a time, a macrotask apart; throws at the first piece past a limit. */
async function measureBackup(meter: JsonMeter, text: string): Promise<void> {
  for (let at = 0; at < text.length; at += SCAN_PIECE) {
    if (at > 0) await breathe();
    refuseBeyond(meter.write(text.slice(at, at + SCAN_PIECE)));
  }
}

/**
 * The backup file of a multipart import (field `file`), measured against the import's
 * limits while it streams in: refused at the first piece past one (413, or 422 when nested
 * too deeply), the rest of the upload dropped unparsed; then parsed and checked.
 */
export async function readBackupUpload(request: Request): Promise<ParsedBackup> {
  const meter = new JsonMeter(IMPORT_LIMITS);
  const decoder = new TextDecoder();
  const texts: string[] = [];
  const take = async (text: string) => {
    await measureBackup(meter, text);
    texts.push(text);
  };
  await readMultipartFile(request, { field: 'file', maxBytes: IMPORT_LIMITS.maxFileBytes, onChunk: (bytes) => take(decoder.decode(bytes, { stream: true })) });
  await take(decoder.decode());
  return parseMeasuredBackup(texts.join(''));
}

/** A backup's text already measured within the limits, parsed and checked. */
function parseMeasuredBackup(text: string): ParsedBackup {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(422, 'invalid_json', 'The file is not valid JSON (is it complete?)');
  }
  return readBackup(value);
}
