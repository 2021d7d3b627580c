/**
 * Anki's collection format as far as Astrolabe writes and reads it: the
 * schema-11 tables every current Anki still imports (`col.ver` 11), the JSON of the
 * collection row (one Basic note type, decks, deck options), how an FSRS card maps to
 * Anki's scheduling columns and back, and field HTML. Pure: no I/O, time passed in.
 *
 * Anki's units: card and note ids are milliseconds, `mod` seconds; a review card's `due`
 * is a day number counted from the collection's `crt` (seconds), a learning card's `due`
 * is epoch seconds, a new card's `due` its position. `cards.data` holds the FSRS memory
 * state as `{"s": stability, "d": difficulty, "dr": desired retention}`.
 */
import type { AnkiNoteType } from './anki-template';
import { CLOZE_BLANK } from './cloze';
import type { StoredCard } from './fsrs';

const DAY_MS = 86_400_000;

export const ANKI_SCHEMA = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null, ver integer not null,
  dty integer not null, usn integer not null, ls integer not null, conf text not null, models text not null, decks text not null,
  dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null, usn integer not null,
  tags text not null, flds text not null, sfld integer not null, csum integer not null, flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null, mod integer not null,
  usn integer not null, type integer not null, queue integer not null, due integer not null, ivl integer not null,
  factor integer not null, reps integer not null, lapses integer not null, left integer not null, odue integer not null,
  odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null, ivl integer not null,
  lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);
`;

export const ANKI_DEFAULT_DECK_ID = 1;
export const ANKI_MODEL_ID = 1_700_000_000_001;
export const ANKI_CLOZE_MODEL_ID = 1_700_000_000_002;
export const DEFAULT_APKG_FILE_NAME = 'flashcards.apkg';
export const FIELD_SEPARATOR = '\x1f';
/** Anki caps the answer time it records at 60 s. */
const MAX_ANSWER_MS = 60_000;
const DEFAULT_EASE = 2500;

const CARD_CSS = '.card {\n  font-family: arial;\n  font-size: 20px;\n  text-align: center;\n  color: black;\n  background-color: white;\n}\n';

/** A note type as schema 11's `col.models` holds it. */
export function modelJson(type: AnkiNoteType, nowSeconds: number) {
  // Anki finds an Image Occlusion type's fields by their tag (the field's stock role: Occlusion 0 … Comments 4), as it writes them.
  const field = (name: string, ord: number) => ({
    name, ord, sticky: false, rtl: false, font: 'Arial', size: 20, media: [],
    ...(type.stockKind ? { tag: ord, preventDeletion: ord < 4 } : {}),
  });
  return {
    id: type.id,
    name: type.name,
    type: type.cloze ? 1 : 0,
    mod: nowSeconds,
    usn: -1,
    sortf: 0,
    did: ANKI_DEFAULT_DECK_ID,
    tmpls: type.templates.map((t) => ({ name: t.name, ord: t.ord, qfmt: t.qfmt, afmt: t.afmt, bqfmt: '', bafmt: '', did: null, bfont: '', bsize: 0 })),
    flds: type.fields.map(field),
    css: type.css || CARD_CSS,
    latexPre: '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
    latexPost: '\\end{document}',
    latexsvg: false,
    // Anki ≥ 2.1.28 works card requirements out itself; older ones read this.
    req: type.templates.map((t) => [t.ord, 'any', [0]]),
    tags: [],
    vers: [],
    ...(type.stockKind ? { originalStockKind: type.stockKind } : {}),
  };
}

/** The Basic note type: fields Front and Back, one card. */
export const BASIC_NOTE_TYPE: AnkiNoteType = {
  id: ANKI_MODEL_ID,
  name: 'Basic (Astrolabe)',
  cloze: false,
  fields: ['Front', 'Back'],
  templates: [{ name: 'Card 1', ord: 0, qfmt: '{{Front}}', afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}' }],
};

/** The Cloze note type of cloze cards made in Astrolabe: fields Text and Back Extra, a card per deletion. */
export const CLOZE_NOTE_TYPE: AnkiNoteType = {
  id: ANKI_CLOZE_MODEL_ID,
  name: 'Cloze (Astrolabe)',
  cloze: true,
  fields: ['Text', 'Back Extra'],
  templates: [{ name: 'Cloze', ord: 0, qfmt: '{{cloze:Text}}', afmt: '{{cloze:Text}}<br>\n{{Back Extra}}' }],
  css: `${CARD_CSS}.cloze {\n  font-weight: bold;\n  color: blue;\n}\n`,
};

/** The Text field of an Astrolabe cloze card ('Complétez : « … _____ … »' and its answer), or null for another card. */
export function clozeText(question: string, answer: string): string | null {
  const match = /^Complétez : « ([\s\S]*) »$/.exec(question);
  if (!match || match[1]!.split(CLOZE_BLANK).length !== 2 || !answer.trim()) return null;
  return match[1]!.replace(CLOZE_BLANK, `{{c1::${answer.trim().replace(/\}\}/g, '} }')}}}`);
}

export function deckJson(id: number, name: string, nowSeconds: number) {
  return {
    id,
    name,
    mod: nowSeconds,
    usn: -1,
    lrnToday: [0, 0],
    revToday: [0, 0],
    newToday: [0, 0],
    timeToday: [0, 0],
    collapsed: false,
    browserCollapsed: false,
    desc: '',
    dyn: 0,
    conf: 1,
    extendNew: 0,
    extendRev: 0,
  };
}

/** The one preset: Anki's defaults, with the person's desired retention and FSRS parameters (empty: FSRS's defaults). */
export function deckOptions(nowSeconds: number, desiredRetention: number, fsrsParams: readonly number[] | null = null) {
  return {
    1: {
      id: 1,
      name: 'Default',
      mod: nowSeconds,
      usn: -1,
      maxTaken: 60,
      autoplay: true,
      timer: 0,
      replayq: true,
      dyn: false,
      new: { bury: false, delays: [1, 10], initialFactor: DEFAULT_EASE, ints: [1, 4, 0], order: 1, perDay: 20 },
      rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
      lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
      desiredRetention,
      fsrsParams6: fsrsParams ? [...fsrsParams] : [],
    },
  };
}

/**
 * `col.conf` as Anki ≥ 2.1.50 writes it: `schedVer: 2` above all — without it Anki takes
 * the collection for a v1 one and raises every learning answer by a button on import.
 */
export function collectionConf(nextPos: number) {
  return {
    schedVer: 2,
    sched2021: true,
    // Days start at UTC midnight: the collection's crt is one.
    creationOffset: 0,
    dayLearnFirst: false,
    activeDecks: [ANKI_DEFAULT_DECK_ID],
    curDeck: ANKI_DEFAULT_DECK_ID,
    newSpread: 0,
    collapseTime: 1200,
    timeLim: 0,
    estTimes: true,
    dueCounts: true,
    curModel: ANKI_MODEL_ID,
    nextPos,
    sortType: 'noteFld',
    sortBackwards: false,
    addToCur: true,
  };
}

/** The collection's creation time: today's UTC midnight, so day numbers count from it. */
export function collectionCreated(now: number): number {
  return Math.floor(now / DAY_MS) * (DAY_MS / 1000);
}

/** Anki's scheduling columns for an FSRS card. */
export interface AnkiSchedule {
  type: number;
  queue: number;
  due: number;
  ivl: number;
  factor: number;
  left: number;
  data: string;
}

/** Our card as Anki schedules it; `position` orders new cards, `crtSeconds` counts day numbers. */
export function ankiSchedule(card: StoredCard, position: number, crtSeconds: number, now: number, desiredRetention: number): AnkiSchedule {
  const memory = card.state === 0 || card.stability <= 0 ? '' : JSON.stringify({ s: round(card.stability, 4), d: round(card.difficulty, 3), dr: desiredRetention });
  const dayNumber = Math.floor((card.due - crtSeconds * 1000) / DAY_MS);
  if (card.state === 0) return { type: 0, queue: 0, due: position, ivl: 0, factor: 0, left: 0, data: memory };
  if (card.state === 2) return { type: 2, queue: 2, due: dayNumber, ivl: Math.max(1, card.scheduledDays), factor: DEFAULT_EASE, left: 0, data: memory };
  // Learning (1) or relearning (3): a step due within a day is timed in seconds, a longer one by day.
  const intraday = card.due - now < DAY_MS;
  return {
    type: card.state === 1 ? 1 : 3,
    queue: intraday ? 1 : 3,
    due: intraday ? Math.floor(card.due / 1000) : dayNumber,
    ivl: card.state === 3 ? Math.max(1, card.scheduledDays) : 0,
    factor: card.state === 3 ? DEFAULT_EASE : 0,
    left: 1001,
    data: memory,
  };
}

/** Anki's revlog `type` for the FSRS state a card was in when answered. */
export function revlogType(stateBefore: number): number {
  return stateBefore === 2 ? 1 : stateBefore === 3 ? 2 : 0;
}

export function answerTime(durationMs: number | null): number {
  return Math.min(Math.max(durationMs ?? 0, 0), MAX_ANSWER_MS);
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An uploaded image or sound in card text: `![alt](address)` or `[🔊 name](address)` (domain/card-speech.ts). */
const CARD_MEDIA = /(?:!\[([^\]]*)\]|\[🔊 ([^\]\n]*)\])\((?:https?:\/\/[^/\s)]+)?\/api\/v1\/files\/(\d+)\/([0-9a-f-]{36})\)/gu;

/**
 * A card side as an Anki field: text escaped, line breaks kept, and each uploaded image
 * (`<img>`) or sound (`[sound:…]`) a media file named by `mediaName(owner, uuid, sound's name)`
 * (null keeps the text as it is).
 */
export function cardTextToField(text: string, mediaName: (owner: number, uuid: string, soundName?: string) => string | null): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(CARD_MEDIA)) {
    html += escapeHtml(text.slice(last, match.index));
    const [whole, alt, soundName, owner, uuid] = match;
    const name = mediaName(Number(owner), uuid!, soundName);
    if (!name) html += escapeHtml(whole);
    // Anki reads a sound's name up to the first ']' (and HTML-escapes nothing inside it).
    else html += soundName === undefined ? `<img src="${escapeHtml(name)}" alt="${escapeHtml(alt!)}">` : `[sound:${name}]`;
    last = match.index! + whole.length;
  }
  return (html + escapeHtml(text.slice(last))).replace(/\r?\n/g, '<br>');
}

/** The sort field Anki keeps for a note: its first field without HTML. */
export function sortField(field: string): string {
  return field.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim();
}

/** A deck name part: Anki's `::` separates levels, so it cannot appear inside one. */
export function deckPart(name: string): string {
  return name.replace(/::/g, ':').replace(/[\x00-\x1f"]/g, ' ').trim() || 'Untitled';
}

/** Anki's tag list: space-separated with a space either side; spaces inside a tag become '_'. */
export function ankiTags(tags: readonly string[]): string {
  const clean = tags.map((t) => t.trim().replace(/\s+/g, '_')).filter(Boolean);
  return clean.length ? ` ${clean.join(' ')} ` : '';
}
