/**
 * The JSON backup format, written once for the exporter, the importer and the
 * page that uploads a backup in chunks. A backup is one object: `format`,
 * `format_version`, `exported_at`, `account`, `preferences`, then one flat array per
 * section below. Objects are named by a stable `uid` (tags by name, daily notes by date,
 * files by their storage key), and references between them are uids, never ids, so a
 * backup restores into any account and a merge recognises what it already holds.
 */
import { z } from 'zod';
import { SPEECH_LANGUAGE_TAGS } from './card-speech';
import { COMPOSITE_STEPS } from './composite-steps';
import { CORNELL_SHEET_BYTES_MAX, CORNELL_SUMMARY_MAX } from './cornell';
import { OCCLUSION_KINDS, OCCLUSION_LABEL_MAX, OCCLUSION_MODES, OCCLUSION_ORDINAL_MAX, OCCLUSION_SHAPES_MAX, parseCardOcclusion } from './image-occlusion';

export const EXPORT_FORMAT = 'astrolabe-export';
export const FORMAT_VERSION = 1;
export const DEFAULT_EXPORT_FILE_NAME = 'pkm_export.json';

/** Limits a file must respect before anything is parsed or written. */
export const IMPORT_LIMITS = {
  /** One-request import (multipart); bigger backups go through the chunked calls. */
  maxFileBytes: 16 * 1024 * 1024,
  /** Deeper JSON than any backup has is refused before JSON.parse sees it. */
  maxDepth: 16,
  /**
   * Objects and arrays, and values, in a one-request backup: what JSON.parse would build,
   * counted first. A 16 MB backup of real rows holds far fewer (a row is an object of tens
   * of bytes or more); 16 MB of `{}` or `0` would cost hundreds of MB once parsed.
   */
  maxContainers: 400_000,
  maxValues: 3_000_000,
  /** Rows per section in one import. */
  maxRows: 1_000_000,
  /** Serialised size of the rows one chunked call sends (the API's body limit is 1 MB). */
  chunkBytes: 900 * 1024,
} as const;

const uid = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'uid must be 1-64 letters, digits, - or _');
const time = z.number().int().min(0).max(8.64e15);
const text = (max: number) => z.string().max(max);
const json = z.unknown();
/** JSON kept as the text it is stored as (a Cornell sheet's rows, a method's details): bounded, and parsed once to be sure it is JSON. */
const jsonText = (max: number) =>
  text(max).refine((value) => {
    try {
      JSON.parse(value);
      return true;
    } catch {
      return false;
    }
  }, 'must be JSON text');

const concept = z.object({
  uid,
  title: text(500).min(1),
  content: json.optional(),
  content_text: text(2_000_000).default(''),
  notes: text(100_000).nullable().default(null),
  source: text(50).default('MANUAL'),
  source_url: text(2048).nullable().default(null),
  category: text(200).nullable().default(null),
  mastery_level: z.number().min(0).max(1).nullable().default(null),
  next_review_at: time.nullable().default(null),
  tags: z.array(text(100).min(1)).max(1000).default([]),
  created_at: time,
  updated_at: time,
});

const card = {
  due: time,
  stability: z.number().min(0).max(1e9),
  difficulty: z.number().min(0).max(100),
  elapsed_days: z.number().int().min(0),
  scheduled_days: z.number().int().min(0),
  learning_steps: z.number().int().min(0),
  state: z.number().int().min(0).max(3),
};

/** Row schemas per section, in the order a restore writes them (references first). */
export const SECTIONS = {
  tags: z.object({ name: text(100).min(1) }),
  concepts: concept,
  concept_relations: z.object({ parent_uid: uid, child_uid: uid }),
  concept_links: z.object({
    uid,
    concept_uid: uid,
    target_concept_uid: uid,
    link_type: text(50).default('wiki'),
    description: text(2000).nullable().default(null),
    created_at: time,
  }),
  constellations: z.object({
    uid,
    name: text(200).min(1),
    description: text(5000).nullable().default(null),
    color: text(50).default('#4e337c'),
    icon: text(50).nullable().default(null),
    created_at: time,
    updated_at: time,
  }),
  constellation_concepts: z.object({ constellation_uid: uid, concept_uid: uid, added_at: time }),
  flashcards: z.object({
    uid,
    concept_uid: uid,
    question: text(100_000),
    answer: text(100_000),
    /** Each side's speech language (text-to-speech); null: guessed from the text. */
    question_lang: z.enum(SPEECH_LANGUAGE_TAGS).nullable().default(null),
    answer_lang: z.enum(SPEECH_LANGUAGE_TAGS).nullable().default(null),
    tags: z.array(text(100)).max(1000).default([]),
    ...card,
    reps: z.number().int().min(0),
    lapses: z.number().int().min(0),
    last_review: time.nullable(),
    /** Kept out of every study queue until unsuspended (1), buried until a time, the answer typed in review (1); absent in older backups. */
    suspended: z.number().int().min(0).max(1).default(0),
    buried_until: time.nullable().default(null),
    type_answer: z.number().int().min(0).max(1).default(0),
    /** An image-occlusion card's image, shapes, asked shape and mode; null for a question/answer card and in older backups. */
    occlusion: z
      .object({
        image: text(200),
        shapes: z
          .array(
            z.object({
              kind: z.enum(OCCLUSION_KINDS).default('rect'),
              ordinal: z.number().int().min(1).max(OCCLUSION_ORDINAL_MAX).optional(),
              left: z.number(),
              top: z.number(),
              width: z.number(),
              height: z.number(),
              label: text(OCCLUSION_LABEL_MAX),
            }),
          )
          .min(1)
          .max(OCCLUSION_SHAPES_MAX),
        target: z.number().int().min(0),
        mode: z.enum(OCCLUSION_MODES),
        group: text(100).min(1).nullable().default(null),
        version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
      })
      .refine((o) => parseCardOcclusion(JSON.stringify(o)) !== null, 'occlusion: the image must be an upload (/api/v1/files/...), every shape inside it (fractions 0-1), and target one of them')
      .nullable()
      .default(null),
    created_at: time,
    updated_at: time,
    /** The Anki note and card it came from, so an Anki export updates that note. */
    anki_note: z
      .object({ guid: text(100).min(1), ord: z.number().int().min(0).max(1000), type_id: z.number().int(), fields: z.array(text(100_000)).max(100) })
      .nullable()
      .default(null),
  }),
  study_sessions: z.object({
    uid,
    method_type: text(50),
    scope: text(50),
    total_cards: z.number().int().min(0),
    cards_reviewed: z.number().int().min(0),
    rating_sum: z.number().int().min(0),
    started_at: time,
    ended_at: time.nullable(),
    /** A Composite session's methods in order; null for the other methods and in older backups. */
    steps: z.array(z.enum(COMPOSITE_STEPS)).max(COMPOSITE_STEPS.length).nullable().default(null),
  }),
  study_session_cards: z.object({
    session_uid: uid,
    flashcard_uid: uid,
    position: z.number().int().min(0),
    rating: z.number().int().min(1).max(4).nullable(),
    answered_at: time.nullable(),
  }),
  reviews: z.object({
    uid,
    flashcard_uid: uid,
    session_uid: uid.nullable().default(null),
    rating: z.number().int().min(1).max(4),
    ...card,
    last_elapsed_days: z.number().int().min(0),
    reviewed_at: time,
    duration_ms: z.number().int().min(0).nullable().default(null),
    card_before: json,
  }),
  daily_notes: z.object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    title: text(500).nullable().default(null),
    created_at: time,
    updated_at: time,
  }),
  note_blocks: z.object({
    uid,
    note_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    text: text(200_000),
    plain_text: text(200_000).default(''),
    order_idx: z.number().int(),
    created_at: time,
    updated_at: time,
  }),
  block_mentions: z.object({ block_uid: uid, concept_uid: uid }),
  files: z.object({
    key: text(300),
    file_name: text(300),
    mime_type: text(200),
    size: z.number().int().min(0),
    kind: text(20),
    created_at: time,
  }),
  /** A concept's Cornell sheet (one per concept): its rows of cue and notes as stored, and its summary. */
  cornell_sheets: z.object({
    concept_uid: uid,
    rows: jsonText(CORNELL_SHEET_BYTES_MAX),
    summary: text(CORNELL_SUMMARY_MAX).default(''),
    version: z.number().int().min(1),
    created_at: time,
    updated_at: time,
  }),
  /** What one step of a Blurting, Feynman, Cornell or Composite session gave on one concept. */
  study_method_results: z.object({
    session_uid: uid,
    concept_uid: uid,
    method_type: text(50),
    recall_score: z.number().min(0).max(1).nullable(),
    details: jsonText(1_000_000),
    cards_created: z.number().int().min(0),
    duration_ms: z.number().int().min(0),
    created_at: time,
    updated_at: time,
  }),
} as const;

export type SectionName = keyof typeof SECTIONS;
export const SECTION_NAMES = Object.keys(SECTIONS) as SectionName[];
export type SectionRow<S extends SectionName> = z.infer<(typeof SECTIONS)[S]>;

/** Everything in a backup that is not a section: checked before any row is staged. */
export const backupHeader = z.object({
  format: z.literal(EXPORT_FORMAT).optional(),
  format_version: z.literal(FORMAT_VERSION, {
    errorMap: () => ({ message: `Unsupported format_version (this server reads version ${FORMAT_VERSION})` }),
  }),
  account: z.object({ time_zone: z.string().max(100).nullable().default(null) }).default({ time_zone: null }),
  preferences: z.record(z.unknown()).nullable().default(null),
});
export type BackupHeader = z.infer<typeof backupHeader>;

/** What the import answers (spec document 3 §3: message, concepts, flashcards, reviews, study_sessions). */
export interface ImportResult {
  message: string;
  concepts: number;
  flashcards: number;
  reviews: number;
  study_sessions: number;
}

/** The toast after an import (spec document 3 §8). */
export function importSummaryText(result: Omit<ImportResult, 'message'>): string {
  return `Imported: ${result.concepts} concepts, ${result.flashcards} flashcards, ${result.reviews} reviews, ${result.study_sessions} study sessions`;
}

/**
 * The deepest nesting of a JSON text, found by one pass that skips strings. A file
 * nested deeper than `limit` is refused before JSON.parse (which would recurse on it).
 */
export function jsonDepthExceeds(textValue: string, limit: number): boolean {
  return jsonBeyondLimits(textValue, { maxDepth: limit, maxContainers: Infinity, maxValues: Infinity }) === 'depth';
}

export interface JsonLimits {
  maxDepth: number;
  maxContainers: number;
  maxValues: number;
}

/**
 * Which limit a JSON text passes, by one scan of its characters before `JSON.parse`
 * builds anything: nesting depth, objects and arrays (what costs memory once parsed), or
 * values (roughly: commas and containers outside strings). Null when it stays within all.
 */
export function jsonBeyondLimits(textValue: string, limits: JsonLimits): 'depth' | 'containers' | 'values' | null {
  return new JsonMeter(limits).scan(textValue);
}

/**
 * jsonBeyondLimits's scan, resumable: `scan(text, until)` goes on from where the last call
 * stopped, so a caller can measure a large text a slice at a time and let other work run
 * between slices; `write(piece)` measures a text that arrives in pieces (an upload as it
 * streams in), a string or an escape cut between two pieces included.
 */
export class JsonMeter {
  private at = 0;
  /** Characters of the next piece `write` is given that the last one already read (an escaped character). */
  private carry = 0;
  private depth = 0;
  private containers = 0;
  private values = 1;
  private inString = false;

  constructor(private readonly limits: JsonLimits) {}

  /** Scans up to `until` (exclusive); the limit passed so far, or null. */
  scan(textValue: string, until = textValue.length): 'depth' | 'containers' | 'values' | null {
    const { beyond, end } = this.run(textValue, this.at, until);
    this.at = end;
    return beyond;
  }

  /** Scans the next piece of a text given in pieces; the limit passed so far, or null. */
  write(piece: string): 'depth' | 'containers' | 'values' | null {
    const { beyond, end } = this.run(piece, this.carry, piece.length);
    this.carry = end - piece.length;
    return beyond;
  }

  private run(textValue: string, from: number, until: number): { beyond: 'depth' | 'containers' | 'values' | null; end: number } {
    const { limits } = this;
    let { depth, containers, values, inString } = this;
    let i = from;
    for (; i < until; i++) {
      const ch = textValue.charCodeAt(i);
      if (inString) {
        if (ch === 92) i++; // backslash: skip the escaped character
        else if (ch === 34) inString = false;
      } else if (ch === 34) inString = true;
      else if (ch === 123 || ch === 91) {
        if (++depth > limits.maxDepth) return { beyond: 'depth', end: i };
        if (++containers > limits.maxContainers) return { beyond: 'containers', end: i };
      } else if (ch === 125 || ch === 93) depth--;
      else if (ch === 44 && ++values > limits.maxValues) return { beyond: 'values', end: i };
    }
    Object.assign(this, { depth, containers, values, inString });
    return { beyond: null, end: i };
  }
}

const utf8 = new TextEncoder();

/** Splits rows into chunks whose JSON (UTF-8) stays under `maxBytes`; a row is never split. */
export function chunkRows<T>(rows: readonly T[], maxBytes: number): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let size = 2;
  for (const row of rows) {
    const rowSize = utf8.encode(JSON.stringify(row)).length + 1;
    if (current.length > 0 && size + rowSize > maxBytes) {
      chunks.push(current);
      current = [];
      size = 2;
    }
    current.push(row);
    size += rowSize;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
