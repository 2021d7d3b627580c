/**
 * Anki's card rendering, as far as an imported card needs it: a note type's
 * question and answer templates filled from the note's fields — `{{Field}}`, sections
 * `{{#Field}}…{{/Field}}` and `{{^Field}}…{{/Field}}`, filters (`text:`, `hint:`, `type:`,
 * `cloze:`, furigana), special fields (`{{FrontSide}}`, `{{Tags}}`, `{{Deck}}`…), comments
 * and changed delimiters — and cloze deletions, each `cN` its own card. Read from Anki's
 * rslib (template.rs, cloze.rs), written anew. Pure: HTML in, HTML out.
 */

export interface AnkiTemplate {
  ord: number;
  name: string;
  qfmt: string;
  afmt: string;
}

export interface AnkiNoteType {
  id: number;
  name: string;
  cloze: boolean;
  fields: string[];
  templates: AnkiTemplate[];
  css?: string;
  /** Anki's originalStockKind when the type is one of its stock ones (6: Image Occlusion). */
  stockKind?: number;
}

/** A note type as the person's `anki_note_types` row keeps it. */
export function noteTypeRow(type: AnkiNoteType) {
  return { ankiId: type.id, name: type.name, kind: type.cloze ? 1 : 0, config: JSON.stringify({ fields: type.fields, templates: type.templates, css: type.css ?? '' }) };
}

/** A note type back from its row; null when its config cannot be read. */
export function noteTypeFromRow(row: { anki_id: number; name: string; kind: number; config: string }): AnkiNoteType | null {
  try {
    const config = JSON.parse(row.config) as { fields: string[]; templates: AnkiTemplate[]; css?: string };
    return { id: row.anki_id, name: row.name, cloze: row.kind === 1, fields: config.fields, templates: config.templates, css: config.css ?? '' };
  } catch {
    return null;
  }
}

export interface CardSpecials {
  tags: string;
  deck: string;
}

type Node =
  | { kind: 'text'; text: string }
  | { kind: 'field'; key: string; filters: string[] }
  | { kind: 'section'; key: string; negated: boolean; children: Node[] };

/** The template's tokens: text and `{{…}}` tags, delimiters changed by `{{=<% %>=}}` followed. */
function tokenize(template: string): { tag: boolean; text: string }[] {
  const tokens: { tag: boolean; text: string }[] = [];
  let open = '{{';
  let close = '}}';
  let at = 0;
  while (at < template.length) {
    const start = template.indexOf(open, at);
    if (start < 0) break;
    // A triple mustache `{{{Field}}}` reads as `{{Field}}`.
    const triple = open === '{{' && template[start + 2] === '{';
    const end = template.indexOf(triple ? '}}}' : close, start + open.length);
    if (end < 0) break;
    if (start > at) tokens.push({ tag: false, text: template.slice(at, start) });
    const inner = template.slice(start + open.length + (triple ? 1 : 0), end).trim();
    at = end + (triple ? 3 : close.length);
    const change = /^=\s*(\S+)\s+(\S+?)\s*=$/.exec(inner);
    if (change) [open, close] = [change[1]!, change[2]!];
    else tokens.push({ tag: true, text: inner });
  }
  if (at < template.length) tokens.push({ tag: false, text: template.slice(at) });
  return tokens;
}

/** The template as a tree; a closing tag without its opening is dropped, an unclosed section closes at the end. */
function parse(template: string): Node[] {
  const root: Node[] = [];
  const stack: { key: string; children: Node[] }[] = [{ key: '', children: root }];
  for (const token of tokenize(template)) {
    const top = stack.at(-1)!.children;
    if (!token.tag) top.push({ kind: 'text', text: token.text });
    else if (token.text.startsWith('!')) continue;
    else if (token.text.startsWith('#') || token.text.startsWith('^')) {
      const section: Node = { kind: 'section', key: token.text.slice(1).trim(), negated: token.text[0] === '^', children: [] };
      top.push(section);
      stack.push({ key: section.key, children: section.children });
    } else if (token.text.startsWith('/')) {
      const key = token.text.slice(1).trim();
      const index = stack.findLastIndex((s, i) => i > 0 && s.key === key);
      if (index > 0) stack.length = index;
    } else {
      const parts = token.text.split(':').map((p) => p.trim());
      top.push({ kind: 'field', key: parts.at(-1)!, filters: parts.slice(0, -1) });
    }
  }
  return root;
}

/** Anki's emptiness: only whitespace, `<br>` and `<div>` tags. */
export const fieldIsEmpty = (html: string) => /^(?:\s|<\/?(?:br|div) ?\/?>)*$/i.test(html);

// ---- Clozes -------------------------------------------------------------------------

type ClozeNode = string | { ords: number[]; hint: string | null; children: ClozeNode[] };

function parseClozes(text: string): ClozeNode[] {
  const output: ClozeNode[] = [];
  const open: { ords: number[]; hint: string | null; children: ClozeNode[]; opening: string }[] = [];
  const push = (node: ClozeNode) => (open.length ? open.at(-1)!.children : output).push(node);
  for (const part of text.split(/(\{\{c\d+(?:,\d+)*::|\}\})/)) {
    if (!part) continue;
    const opening = /^\{\{c([\d,]+)::$/.exec(part);
    if (opening) open.push({ ords: opening[1]!.split(',').map(Number), hint: null, children: [], opening: part });
    else if (part === '}}' && open.length) {
      const { opening: _, ...cloze } = open.pop()!;
      push(cloze);
    } else {
      const cloze = open.at(-1);
      const hintAt = cloze ? part.indexOf('::') : -1;
      if (cloze && hintAt >= 0) {
        cloze.hint = part.slice(hintAt + 2);
        push(part.slice(0, hintAt));
      } else push(part);
    }
  }
  // An unclosed deletion is text, as written.
  while (open.length) {
    const { opening, children } = open.pop()!;
    const flat = [opening, ...children];
    for (const node of flat) push(node);
  }
  return output;
}

function revealClozes(nodes: ClozeNode[], ord: number, question: boolean, found: { active: boolean }): string {
  let out = '';
  for (const node of nodes) {
    if (typeof node === 'string') {
      out += node;
      continue;
    }
    const active = node.ords.includes(ord);
    found.active ||= active;
    const inner = revealClozes(node.children, ord, question, found);
    out += active && question ? `[${node.hint ?? '...'}]` : inner;
  }
  return out;
}

/** A cloze field for card `cN` (`ord` = N): that deletion blanked on the question, shown on the answer; '' when the field has no `cN`. */
export function renderCloze(text: string, ord: number, question: boolean): string {
  const found = { active: false };
  const out = revealClozes(parseClozes(text), ord, question, found);
  return found.active ? out : '';
}

/** A field with every deletion shown, as plain text would read it. */
export function revealAllClozes(text: string): string {
  return revealClozes(parseClozes(text), 0, false, { active: false });
}

// ---- Rendering ----------------------------------------------------------------------

interface Context {
  fields: Map<string, string>;
  cardNumber: number;
  cloze: boolean;
  question: boolean;
  frontSide: string;
}

const stripHtml = (html: string) => html.replace(/<[^>]*>/g, '');

function applyFilter(filter: string, value: string, context: Context): string {
  switch (filter) {
    case 'text':
      return stripHtml(value);
    case 'cloze':
      return renderCloze(value, context.cardNumber, context.question);
    case 'cloze-only':
      return renderCloze(value, context.cardNumber, context.question);
    // The typing box has no place in a card's text; the answer shows under the question anyway.
    case 'type':
      return '';
    case 'kanji':
      return value.replace(/ ?([^ >[]+?)\[(.+?)\]/g, '$1');
    case 'kana':
      return value.replace(/ ?([^ >[]+?)\[(.+?)\]/g, '$2');
    case 'furigana':
      return value.replace(/ ?([^ >[]+?)\[(.+?)\]/g, '$1($2)');
    default:
      // hint, tts and filters of add-ons: the content as it is.
      return value;
  }
}

function render(nodes: Node[], context: Context): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'section') {
      const value = context.fields.get(node.key);
      const filled = value !== undefined && !fieldIsEmpty(value);
      if (filled !== node.negated) out += render(node.children, context);
    } else if (node.key === 'FrontSide' && !node.filters.length) out += context.frontSide;
    else {
      let value = context.fields.get(node.key) ?? '';
      // Filters apply from the field outwards: `text:cloze:Field` is cloze, then text.
      for (const filter of [...node.filters].reverse()) value = applyFilter(filter, value, context);
      out += value;
    }
  }
  return out;
}

/** Anki's answer is the question above `<hr id=answer>`: the part after it is what the answer adds. */
function answerPart(answerHtml: string, frontSide: string): string {
  const hr = /<hr[^>]*\bid\s*=\s*["']?answer["']?[^>]*>/i.exec(answerHtml);
  if (hr) return answerHtml.slice(hr.index + hr[0].length);
  return frontSide && answerHtml.startsWith(frontSide) ? answerHtml.slice(frontSide.length) : answerHtml;
}

/**
 * One card of a note rendered as Anki shows it: its question, and the answer as the part
 * the answer adds to the question (after `<hr id=answer>`, or without the front side) — a
 * cloze answer is the text with its deletion revealed, plus the Extra its template shows.
 * `ord` is the card's template (normal note types) or cloze number minus one.
 */
export function renderCard(noteType: AnkiNoteType, fieldValues: string[], ord: number, specials: CardSpecials): { question: string; answer: string } {
  const template = noteType.cloze ? noteType.templates[0] : noteType.templates.find((t) => t.ord === ord);
  if (!template) {
    // No template to read (a note type missing from the collection): the first field and the others, a second card reversed.
    const front = fieldValues[0] ?? '';
    const back = fieldValues.slice(1).filter((f) => !fieldIsEmpty(f)).join('<br>');
    return ord === 1 && fieldValues.length === 2 ? { question: back, answer: front } : { question: front, answer: back };
  }
  const fields = new Map(noteType.fields.map((name, i) => [name, fieldValues[i] ?? '']));
  const deckParts = specials.deck.split('::');
  fields.set('Tags', specials.tags.trim());
  fields.set('Type', noteType.name);
  fields.set('Deck', specials.deck);
  fields.set('Subdeck', deckParts.at(-1) ?? '');
  fields.set('Card', noteType.cloze ? `Cloze ${ord + 1}` : template.name);
  if (noteType.cloze) fields.set(`c${ord + 1}`, '1');
  const context: Context = { fields, cardNumber: ord + 1, cloze: noteType.cloze, question: true, frontSide: '' };
  const question = render(parse(template.qfmt), context);
  const answerHtml = render(parse(template.afmt), { ...context, question: false, frontSide: question });
  return { question, answer: answerPart(answerHtml, question) };
}
