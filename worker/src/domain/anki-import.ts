/**
 * Reading an Anki collection into Astrolabe's terms (migrate from Anki): deck
 * paths, note fields to card text, and each card's FSRS state — Anki's own memory state
 * (`cards.data` s/d) when it has one, otherwise computed by replaying the card's review
 * history through ts-fsrs. Pure: the clock is passed in.
 */
import type { AnkiNoteType } from './anki-template';
import { blockToPlainText } from './richtext';
import { soundLink } from './card-speech';
import { isRating, newCard, reviewCard, type StoredCard, type StoredReviewLog } from './fsrs';

const DAY_MS = 86_400_000;

/** A deck's path: schema 18 separates levels with \x1f, schema 11 with '::'. */
export function deckPath(name: string): string[] {
  return name
    .split(name.includes('\x1f') ? '\x1f' : '::')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A media file of the package as the card shows it: an uploaded image or sound, by its address. */
export interface CardMedia {
  address: string;
  kind: 'image' | 'audio';
}

/**
 * A rendered card side's HTML as card text: line breaks (`<br>`, `<div>`, paragraphs) and
 * list items kept as lines, images as `![](address)`, sounds as `[🔊 name](address)` — a
 * sound that could not be kept stays as `🔊 name`, so the card still says it had one —,
 * MathJax and everything else as the text it is.
 */
export function fieldToCardText(html: string, media: (fileName: string) => CardMedia | null): string {
  let ordered = 0;
  const withMedia = html
    .replace(/<(style|script)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/\[sound:([^\]]+)\]/g, (_, name: string) => {
      const found = media(name.trim());
      return found?.kind === 'audio' ? `\n${soundLink(name.trim(), found.address)}\n` : `\n🔊 ${name.trim()}\n`;
    })
    .replace(IMG_SRC, (_, double?: string, single?: string, bare?: string) => {
      const found = media(mediaNameOfSrc(double ?? single ?? bare ?? ''));
      return found?.kind === 'image' ? `![](${found.address})` : '';
    })
    .replace(/<(ol|ul|li)\b[^>]*>/gi, (_, tag: string) => {
      if (tag.toLowerCase() !== 'li') return (ordered = tag.toLowerCase() === 'ol' ? 1 : 0), '\n';
      return ordered ? `\n${ordered++}. ` : '\n- ';
    })
    .replace(/<(div|p|h[1-6]|blockquote|pre|tr|table|hr)\b[^>]*>/gi, '\n')
    .replace(/<\/(td|th)>/gi, ' ')
    .replace(/&#(x[0-9a-f]+|\d+);/gi, (whole, code: string) => numericEntity(whole, code));
  return blockToPlainText(withMedia);
}

/** `&#233;` as `é`; the three characters that would read as markup stay named. */
function numericEntity(whole: string, code: string): string {
  const point = code[0] === 'x' || code[0] === 'X' ? parseInt(code.slice(1), 16) : Number(code);
  const named: Record<number, string> = { 38: '&amp;', 60: '&lt;', 62: '&gt;' };
  if (named[point]) return named[point];
  return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
}

function safeDecode(src: string): string {
  try {
    return decodeURIComponent(src);
  } catch {
    return src;
  }
}

/** An `<img>`'s src, quoted (where a name may hold spaces) or bare. */
const IMG_SRC = /<img\b[^>]*\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^"'>\s]+))[^>]*>/gi;
const HTML_ESCAPES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'" };

/**
 * The media file name an `<img src>` of a field names. Anki writes the name HTML-escaped
 * (`&amp;`) and, depending on the version and how it was added, URL-encoded (`%20`): both are
 * undone, so `my image.png`, `my%20image.png` and `a&amp;b.png` find their file in the media map.
 */
export function mediaNameOfSrc(src: string): string {
  return safeDecode(src.trim().replace(/&(amp|lt|gt|quot|apos|#39);/g, (_, name: string) => HTML_ESCAPES[name]!));
}

/** The media file names of a field's images, in order. */
export function imageSources(html: string): string[] {
  return [...html.matchAll(IMG_SRC)].map((m) => mediaNameOfSrc(m[1] ?? m[2] ?? m[3] ?? ''));
}

/** The media file names a note's fields use: `<img src>` and `[sound:…]`. */
export function noteMediaNames(fields: string): string[] {
  return [
    ...imageSources(fields),
    ...[...fields.matchAll(/\[sound:([^\]]+)\]/g)].map((m) => m[1]!.trim()),
  ];
}

/** Anki's tags column: space-separated names. */
export function noteTags(tags: string): string[] {
  return [...new Set(tags.split(/\s+/).filter(Boolean))].slice(0, 100);
}

export interface AnkiCardRow {
  type: number;
  queue: number;
  due: number;
  ivl: number;
  reps: number;
  lapses: number;
  data: string;
}

export interface AnkiReview {
  /** Answer time, ms (the revlog id). */
  at: number;
  ease: number;
  /** Answer time spent, ms. */
  time: number;
  /** revlog type: 0 learn, 1 review, 2 relearn, 3 filtered, 4 manual reschedule. */
  type: number;
}

export interface ImportedReview extends StoredReviewLog {
  durationMs: number;
  cardBefore: StoredCard;
}

/** Anki's FSRS memory state, when the card has one. */
export function ankiMemory(data: string): { s: number; d: number } | null {
  try {
    const parsed = JSON.parse(data || '{}') as { s?: unknown; d?: unknown };
    return typeof parsed.s === 'number' && typeof parsed.d === 'number' && parsed.s > 0 ? { s: parsed.s, d: parsed.d } : null;
  } catch {
    return null;
  }
}

/** When Anki has the card due, in ms: review and day-learning cards by day number from `crt`, learning ones in seconds. */
function ankiDue(card: AnkiCardRow, crtSeconds: number, now: number): number {
  if (card.queue === 1 || (card.type === 1 && card.due > 1e9)) return card.due * 1000;
  if (card.queue === 2 || card.queue === 3 || card.type === 2 || card.type === 3) return crtSeconds * 1000 + card.due * DAY_MS;
  return now;
}

/**
 * The card's history replayed through ts-fsrs (answers only: manual reschedules and
 * ease-less rows skipped), then its state aligned with what Anki knows: Anki's due date,
 * interval, reps and lapses, and Anki's memory state when it has one.
 */
export function importCardState(card: AnkiCardRow, reviews: AnkiReview[], crtSeconds: number, now: number) {
  const answers = reviews.filter((r) => r.type !== 4 && isRating(r.ease)).sort((a, b) => a.at - b.at);
  let state: StoredCard = newCard(answers[0]?.at ?? now);
  const logs: ImportedReview[] = [];
  for (const answer of answers) {
    const { card: next, log } = reviewCard(state, answer.at, answer.ease as 1 | 2 | 3 | 4, { fuzz: false });
    logs.push({ ...log, durationMs: Math.max(0, answer.time), cardBefore: state });
    state = next;
  }
  if (card.type === 0 || card.queue === 0) return { card: newCard(now), logs };
  const memory = ankiMemory(card.data);
  const lastReview = answers.at(-1)?.at ?? state.lastReview ?? now;
  const aligned: StoredCard = {
    ...state,
    // A v1 collection keeps relearning cards as review cards in a learning queue.
    state: card.type === 1 ? 1 : card.type === 3 || (card.type === 2 && (card.queue === 1 || card.queue === 3)) ? 3 : 2,
    due: ankiDue(card, crtSeconds, now),
    scheduledDays: Math.max(0, card.ivl),
    reps: card.reps,
    lapses: card.lapses,
    lastReview,
    stability: memory?.s ?? (state.stability > 0 ? state.stability : Math.max(1, card.ivl)),
    difficulty: memory?.d ?? (state.difficulty > 0 ? state.difficulty : 5),
  };
  return { card: aligned, logs };
}

/** zstd frames start with these bytes (anki21b collections and their media are zstd-compressed). */
export const isZstd = (bytes: Uint8Array) => bytes[0] === 0x28 && bytes[1] === 0xb5 && bytes[2] === 0x2f && bytes[3] === 0xfd;

/**
 * The package's media list, zip entry name → file name: a JSON object in legacy packages,
 * a protobuf `MediaEntries { repeated MediaEntry entries = 1 }` (each `string name = 1`)
 * in current ones, where entry i is stored as zip entry "i".
 */
export function mediaNames(bytes: Uint8Array): Map<string, string> {
  if (bytes[0] === 0x7b) {
    const parsed = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, string>;
    return new Map(Object.entries(parsed));
  }
  const names = new Map<string, string>();
  let index = 0;
  for (const entry of protobufFields(bytes)) {
    if (entry.field !== 1 || !entry.bytes) continue;
    const name = protobufFields(entry.bytes).find((f) => f.field === 1 && f.bytes);
    if (name?.bytes) names.set(String(index), new TextDecoder().decode(name.bytes));
    index++;
  }
  return names;
}

interface ProtobufField {
  field: number;
  bytes?: Uint8Array;
  value?: number;
  /** A fixed32 field's value read as a float (an unpacked `repeated float`). */
  float?: number;
}

/** A protobuf message's fields in order (length-delimited as bytes, varints as values, fixed32 as floats). */
export function protobufFields(bytes: Uint8Array): ProtobufField[] {
  const out: ProtobufField[] = [];
  let pos = 0;
  const varint = () => {
    let value = 0;
    for (let shift = 0; pos < bytes.length; shift += 7) {
      const b = bytes[pos++]!;
      value += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) break;
    }
    return value;
  };
  while (pos < bytes.length) {
    const key = varint();
    const wire = key & 7;
    const field = Math.floor(key / 8);
    if (wire === 0) out.push({ field, value: varint() });
    else if (wire === 2) {
      const length = varint();
      out.push({ field, bytes: bytes.subarray(pos, pos + length) });
      pos += length;
    } else if (wire === 1) pos += 8;
    else if (wire === 5) {
      if (pos + 4 <= bytes.length) out.push({ field, float: new DataView(bytes.buffer, bytes.byteOffset + pos, 4).getFloat32(0, true) });
      pos += 4;
    }
    else break;
  }
  return out;
}

const protobufText = (fields: ProtobufField[], field: number) => {
  const found = fields.find((f) => f.field === field && f.bytes);
  return found?.bytes ? new TextDecoder().decode(found.bytes) : '';
};

/** A schema-18 note type (`notetypes.config`: `kind = 1`, 1 for Cloze; `css = 3`) with its fields and templates (`templates.config`: `q_format = 1`, `a_format = 2`). */
export function noteTypeFromTables(
  row: { id: number; name: string; config: Uint8Array },
  fields: { ord: number; name: string }[],
  templates: { ord: number; name: string; config: Uint8Array }[],
): AnkiNoteType {
  const config = protobufFields(row.config);
  const kind = config.find((f) => f.field === 1 && f.value !== undefined)?.value ?? 0;
  return {
    id: row.id,
    name: row.name,
    cloze: kind === 1,
    css: protobufText(config, 3),
    fields: [...fields].sort((a, b) => a.ord - b.ord).map((f) => f.name),
    templates: templates.map((t) => {
      const config = protobufFields(t.config);
      return { ord: t.ord, name: t.name, qfmt: protobufText(config, 1), afmt: protobufText(config, 2) };
    }),
  };
}

interface Schema11Model {
  id: number | string;
  name: string;
  type: number;
  css?: string;
  flds: { name: string; ord: number }[];
  tmpls: { name: string; ord: number; qfmt: string; afmt: string }[];
}

/** The note types of a schema-11 collection (`col.models`, a JSON object by id). */
export function noteTypesFromModels(json: string): AnkiNoteType[] {
  let models: Record<string, Schema11Model>;
  try {
    models = JSON.parse(json || '{}') as Record<string, Schema11Model>;
  } catch {
    return [];
  }
  return Object.values(models).map((m) => ({
    id: Number(m.id),
    name: String(m.name ?? ''),
    cloze: m.type === 1,
    css: String(m.css ?? ''),
    fields: [...(m.flds ?? [])].sort((a, b) => a.ord - b.ord).map((f) => String(f.name)),
    templates: (m.tmpls ?? []).map((t) => ({ ord: Number(t.ord), name: String(t.name ?? ''), qfmt: String(t.qfmt ?? ''), afmt: String(t.afmt ?? '') })),
  }));
}

/**
 * The collection's scheduler: `schedVer` in `col.conf` (schema 11) or in the `config`
 * table (schema 18); without one Anki reads the collection as v1.
 */
export function schedulerVersion(schedVer: unknown): 1 | 2 {
  return Number(schedVer) >= 2 ? 2 : 1;
}

/**
 * A v1 answer as Anki reads it once upgraded: the v1 scheduler had three buttons while
 * learning, so a learning or relearning answer's ease 2 and 3 are Good and Easy (3, 4).
 */
export function upgradedEase(review: AnkiReview, scheduler: 1 | 2): number {
  return scheduler === 1 && (review.type === 0 || review.type === 2) && (review.ease === 2 || review.ease === 3) ? review.ease + 1 : review.ease;
}

/** Appends `item` to the list kept under `key`, in place. */
export function pushTo<K, V>(lists: Map<K, V[]>, key: K, item: V): void {
  const list = lists.get(key);
  if (list) list.push(item);
  else lists.set(key, [item]);
}

/**
 * The revlog's rows (id, cid, ease, time, type) as each card's history, eases read as the
 * collection's scheduler meant them. Each history grows in place, so the work is linear in
 * the rows however they spread over cards (copying a card's history at each of
 * its 48,000 answers took half a minute).
 */
export function reviewsByCard(rows: number[][], scheduler: 1 | 2): Map<number, AnkiReview[]> {
  const byCard = new Map<number, AnkiReview[]>();
  for (const [at, cid, ease, time, type] of rows) {
    const review = { at: at!, ease: ease!, time: time!, type: type! };
    pushTo(byCard, cid!, { ...review, ease: upgradedEase(review, scheduler) });
  }
  return byCard;
}
