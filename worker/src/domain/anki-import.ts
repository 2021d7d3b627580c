/**
 * Reading an Anki collection into Astrolabe's terms (issue 15, migrate from Anki): deck
 * paths, note fields to card text, and each card's FSRS state — Anki's own memory state
 * (`cards.data` s/d) when it has one, otherwise computed by replaying the card's review
 * history through ts-fsrs. Pure: the clock is passed in.
 */
import { blockToPlainText } from './richtext';
import { isRating, newCard, reviewCard, type StoredCard, type StoredReviewLog } from './fsrs';

const DAY_MS = 86_400_000;

/** A deck's path: schema 18 separates levels with \x1f, schema 11 with '::'. */
export function deckPath(name: string): string[] {
  return name
    .split(name.includes('\x1f') ? '\x1f' : '::')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** A note field's HTML as card text: images as `![](address)` (via `imageAddress`), sounds dropped. */
export function fieldToCardText(html: string, imageAddress: (fileName: string) => string | null): string {
  const withImages = html
    .replace(/\[sound:[^\]]*\]/g, '')
    .replace(/<img\b[^>]*\bsrc\s*=\s*["']?([^"'>\s]+)["']?[^>]*>/gi, (_, src: string) => {
      const address = imageAddress(decodeURIComponent(src));
      return address ? `![](${address})` : '';
    });
  return blockToPlainText(withImages);
}

/** A note's two sides: the first field, and the others joined (a reversed card swaps them). */
export function noteSides(fields: string, ord: number): { question: string; answer: string } {
  const parts = fields.split('\x1f');
  const front = parts[0] ?? '';
  const back = parts.slice(1).filter((p) => p.trim()).join('<br>');
  return ord === 1 && parts.length === 2 ? { question: back, answer: front } : { question: front, answer: back };
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
    state: card.type === 1 ? 1 : card.type === 3 ? 3 : 2,
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

function protobufFields(bytes: Uint8Array): { field: number; bytes?: Uint8Array }[] {
  const out: { field: number; bytes?: Uint8Array }[] = [];
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
    if (wire === 0) varint();
    else if (wire === 2) {
      const length = varint();
      out.push({ field, bytes: bytes.subarray(pos, pos + length) });
      pos += length;
    } else if (wire === 1) pos += 8;
    else if (wire === 5) pos += 4;
    else break;
  }
  return out;
}
