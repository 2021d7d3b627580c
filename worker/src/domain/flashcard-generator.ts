/**
 * The built-in, offline flashcard generator (used when no AI provider is configured) and
 * the parser for AI replies. Pure: no I/O.
 *
 * The generator reads the concept's own content and turns its structure into questions:
 *   1. definitions — "X est/sont …" sentences and "X : …" lines (not when X is a pronoun
 *      or a possessive such as 'Sa fonction', which would read 'Qu'est-ce que Sa fonction ?');
 *   2. cloze cards — in each informative sentence of ordinary prose, a key fact blanked:
 *      a date or year first, then a number, then a proper name (a second one from the
 *      same sentence comes in a later round);
 *   3. bold terms — the sentence with the term blanked, the term as the answer;
 *   4. headings — the heading as the question, the paragraph that follows as the answer;
 *   5. lists — "the elements of <intro>" with the items as the answer.
 * Candidates are deduplicated (same question or same answer, and the concept's existing
 * cards), never keep an answer that repeats its question, and are cut to the count asked.
 */
import { contentToDoc, type RichNode } from './richtext';

export interface GeneratedCard {
  recto: string;
  verso: string;
}

export interface GeneratorInput {
  title: string;
  /** The concept content in any accepted shape (document, JSON string, text). */
  content: unknown;
  /** Text the person selected; when given, only it is used. */
  sourceText?: string | null;
  count: number;
  /** Questions of the concept's existing cards: a candidate asking the same is dropped. */
  existingQuestions?: readonly string[];
}

interface Block {
  kind: 'heading' | 'paragraph' | 'list';
  text: string;
  bold: string[];
  items: string[];
}

const MAX_ANSWER = 400;
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const cut = (text: string, max = MAX_ANSWER) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
const inline = (node: RichNode): string => (typeof node.text === 'string' ? node.text : node.type === 'hardBreak' ? ' ' : (node.content ?? []).map(inline).join(''));

function boldTerms(node: RichNode, out: string[] = []): string[] {
  if (typeof node.text === 'string' && node.marks?.some((m) => m.type === 'bold' || m.type === 'strong')) out.push(squash(node.text));
  for (const child of node.content ?? []) boldTerms(child, out);
  return out;
}

/** The document as a flat list of headings, paragraphs and lists. */
function blocksOf(nodes: readonly RichNode[], out: Block[] = []): Block[] {
  for (const node of nodes) {
    if (node.type === 'heading' || node.type === 'paragraph') {
      const text = squash(inline(node));
      if (text) out.push({ kind: node.type, text, bold: boldTerms(node).filter(Boolean), items: [] });
    } else if (node.type === 'bulletList' || node.type === 'orderedList' || node.type === 'taskList') {
      const items = (node.content ?? []).map((item) => squash(inline(item))).filter(Boolean);
      if (items.length) out.push({ kind: 'list', text: '', bold: boldTerms(node).filter(Boolean), items });
    } else if (node.content) {
      blocksOf(node.content, out);
    }
  }
  return out;
}

/** Plain text (e.g. a selection): each line a paragraph, lines starting with -, * or • a list. */
function blocksOfText(text: string): Block[] {
  const blocks: Block[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = squash(raw);
    if (!line) continue;
    const item = /^(?:[-*•]|\d+[.)])\s+(.+)$/.exec(line);
    const last = blocks.at(-1);
    if (item) {
      if (last?.kind === 'list') last.items.push(item[1]!);
      else blocks.push({ kind: 'list', text: '', bold: [], items: [item[1]!] });
    } else {
      blocks.push({ kind: 'paragraph', text: line, bold: [], items: [] });
    }
  }
  return blocks;
}

/** A document (object or JSON string) by its structure; plain text by its lines. */
function blocksOfContent(content: unknown): Block[] {
  if (typeof content === 'string' && !content.trim().startsWith('{')) return blocksOfText(content);
  return blocksOf(contentToDoc(content)?.content ?? []);
}

const sentencesOf = (text: string) => text.split(/(?<=[.!?…])\s+/).map(squash).filter(Boolean);
const ARTICLE = /^(le|la|les|l’|l'|un|une|des|du)\b\s*/i;
/** "La mitochondrie" → "la mitochondrie": the subject reads naturally inside a question. */
const asSubject = (text: string) => (ARTICLE.test(text) ? text[0]!.toLowerCase() + text.slice(1) : text);

/** Subjects that only make sense inside their paragraph: pronouns, possessives, demonstratives. */
const NOT_A_SUBJECT = /^(?:sa|son|ses|leur|leurs|il|elle|ils|elles|ce|cet|cette|ces|cela|ceci|ça|on|c['’]|celui|celle|ceux|celles|qui|dont|nous|vous|je|tu|notre|votre|nos|vos|mon|ma|mes|ton|ta|tes|y|en|lui|tout|tous)\b/iu;

const MONTHS = 'janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre';
/** Key facts of a sentence, best first: full dates, years, centuries, numbers, proper names. */
const FACTS: RegExp[] = [
  new RegExp(`\\b(?:1er|[12]?\\d) (?:${MONTHS})(?: \\d{3,4})?\\b`, 'iu'),
  /\b(?:1[0-9]{3}|20[0-9]{2}|[1-9][0-9]{2})\b(?![,.]?\d)/u,
  /\b[IVXL]+e siècle\b/u,
  /\b\d+(?:[.,]\d+)?(?: (?:%|km|kg|mètres?|micromètres?|millions?|milliards?|molécules?|ans|années|victimes|habitants))?/u,
];
/** A run of capitalised words (with de, d', du, la, von …) that is not the sentence's first word. */
const PROPER_NAME = /(?<=[^.!?]\s)(?:[A-ZÉÈÀÂÎÔÛ][\p{L}’'-]+)(?:\s(?:(?:de|d’|d'|du|des|la|le|von|van)\s)?[A-ZÉÈÀÂÎÔÛ][\p{L}’'-]+)*/u;

const normal = (text: string) => text.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** Cloze cards of one sentence: each key fact blanked in turn (at most two per sentence). */
function clozeCards(sentence: string): GeneratedCard[] {
  if (sentence.length < 40 || sentence.length > 300 || /_{3,}/.test(sentence)) return [];
  const facts: string[] = [];
  for (const pattern of FACTS) {
    const found = pattern.exec(sentence)?.[0];
    if (found && !facts.some((f) => f.includes(found) || found.includes(f))) facts.push(found);
  }
  const name = PROPER_NAME.exec(sentence)?.[0];
  if (name && name.length > 2 && !facts.some((f) => f.includes(name) || name.includes(f))) facts.push(name);
  const cards: GeneratedCard[] = [];
  for (const fact of facts.slice(0, 2)) {
    const blanked = sentence.replace(fact, '_____');
    // The answer must not be readable in the question.
    if (normal(blanked).includes(normal(fact))) continue;
    cards.push({ recto: `Complétez : « ${blanked} »`, verso: fact });
  }
  return cards;
}

/** True when the answer tells nothing the question does not already say. */
export function answerRepeatsQuestion(card: GeneratedCard): boolean {
  const q = normal(card.recto.replace(/^complétez\s*:\s*/i, ''));
  const a = normal(card.verso);
  return !a || a === q || (a.length > 3 && q.includes(a) && !card.recto.includes('_____'));
}

function definitionCards(sentence: string): GeneratedCard[] {
  const colon = /^([^:]{2,60}?)\s*:\s+(.{3,})$/.exec(sentence);
  // 'Terme : sens' — a short term only; a whole clause before the colon is prose, not a definition.
  if (colon && colon[1]!.split(' ').length > 4) return [];
  if (colon) return [{ recto: `Que signifie « ${colon[1]} » ?`, verso: cut(colon[2]!) }];
  const copula = /^(.{2,80}?)\s+(est|sont)\s+(.{3,})$/u.exec(sentence);
  if (!copula || /[,;]/.test(copula[1]!) || NOT_A_SUBJECT.test(copula[1]!) || copula[1]!.split(' ').length > 6) return [];
  // 'est devenue', 'est abolie', 'sont à l'origine' describe an event, not a definition.
  if (/^(?:[a-zéèêàâîôûç]+(?:é|ée|és|ées|i|ie|is|ies|u|ue|us|ues)(?=[\s,.]|$)|à |en |dans |sur )/u.test(copula[3]!)) return [];
  const subject = asSubject(copula[1]!);
  const recto = copula[2] === 'sont' ? `Que sont ${subject} ?` : /^[aeiouyhéèêàâîôû]/i.test(subject) ? `Qu’est-ce qu’${subject} ?` : `Qu’est-ce que ${subject} ?`;
  const predicate = copula[3]!.replace(/[.!…]+$/, '');
  return [{ recto, verso: cut(`${predicate[0]!.toUpperCase()}${predicate.slice(1)}.`) }];
}

function boldCards(block: Block): GeneratedCard[] {
  const cards: GeneratedCard[] = [];
  for (const term of block.bold) {
    if (term.length < 2 || term.length > 80) continue;
    const sentence = sentencesOf(block.text).find((s) => s.includes(term));
    if (!sentence || sentence === term) continue;
    cards.push({ recto: `Complétez : « ${cut(sentence.replace(term, '_____'), 300)} »`, verso: term });
  }
  return cards;
}

function candidates(title: string, blocks: Block[]): GeneratedCard[][] {
  const definitions: GeneratedCard[] = [];
  const clozes: GeneratedCard[] = [];
  const secondClozes: GeneratedCard[] = [];
  const bold: GeneratedCard[] = [];
  const headings: GeneratedCard[] = [];
  const lists: GeneratedCard[] = [];
  blocks.forEach((block, i) => {
    const previous = blocks[i - 1];
    if (block.kind === 'paragraph') {
      for (const sentence of sentencesOf(block.text)) {
        definitions.push(...definitionCards(sentence));
        const [first, second] = clozeCards(sentence);
        if (first) clozes.push(first);
        if (second) secondClozes.push(second);
      }
      bold.push(...boldCards(block));
    } else if (block.kind === 'heading') {
      const next = blocks[i + 1];
      if (next?.kind === 'paragraph') headings.push({ recto: `${block.text.replace(/[:?]$/, '')} : que faut-il retenir ?`, verso: cut(next.text) });
    } else {
      for (const item of block.items) definitions.push(...definitionCards(item));
      const intro = previous && previous.kind !== 'list' ? previous.text.replace(/\s*:$/, '') : title;
      if (block.items.length >= 2) lists.push({ recto: `Quels sont les éléments de « ${cut(intro, 150)} » ?`, verso: cut(block.items.join(' ; ')) });
      bold.push(...boldCards({ ...block, text: block.items.join('. ') }));
    }
  });
  return [definitions, clozes, bold, headings, lists, secondClozes];
}

export type KeyItemKind = 'date' | 'number' | 'name' | 'term';

/** A key fact of the concept (what Blurting checks the person recalled) and the sentence it sits in. */
export interface KeyItem {
  text: string;
  kind: KeyItemKind;
  /** The sentence holding it (the cloze card blanks the item in it); null for a term with no sentence. */
  sentence: string | null;
}

/** How many key items a concept offers at most (a long page keeps its first ones). */
export const MAX_KEY_ITEMS = 60;
const FACT_KINDS: KeyItemKind[] = ['date', 'date', 'date', 'number'];

/** Every key fact of a sentence, by the generator's patterns (dates, years, centuries, numbers, then proper names). */
function sentenceFacts(sentence: string): { text: string; kind: KeyItemKind }[] {
  const facts: { text: string; kind: KeyItemKind }[] = [];
  const overlaps = (found: string) => facts.some((f) => f.text.includes(found) || found.includes(f.text));
  FACTS.forEach((pattern, i) => {
    for (const m of sentence.matchAll(new RegExp(pattern.source, `${pattern.flags}g`))) if (!overlaps(m[0])) facts.push({ text: m[0], kind: FACT_KINDS[i]! });
  });
  for (const m of sentence.matchAll(new RegExp(PROPER_NAME.source, 'gu'))) if (m[0].length > 2 && !overlaps(m[0])) facts.push({ text: m[0], kind: 'name' });
  return facts;
}

/**
 * The concept's key items, by the same reading as the card generator: defined terms
 * ('X est …', 'X : …'), bold terms, and the dates, numbers and proper names of its
 * sentences. One per distinct text (accents and case aside), in reading order.
 */
export function keyItemsOf(content: unknown): KeyItem[] {
  const items: KeyItem[] = [];
  const seen = new Set<string>();
  const add = (text: string, kind: KeyItemKind, sentence: string | null) => {
    const key = normal(text);
    if (!key || seen.has(key) || items.length >= MAX_KEY_ITEMS) return;
    seen.add(key);
    items.push({ text, kind, sentence });
  };
  const readSentence = (sentence: string) => {
    const defined = /^([^:]{2,60}?)\s*:\s+\S/.exec(sentence)?.[1] ?? /^(.{2,80}?)\s+(?:est|sont)\s+\S/u.exec(sentence)?.[1];
    if (defined && defined.split(' ').length <= 4 && !/[,;]/.test(defined) && !NOT_A_SUBJECT.test(defined)) add(defined.replace(ARTICLE, ''), 'term', sentence);
    for (const fact of sentenceFacts(sentence)) add(fact.text, fact.kind, sentence);
  };
  for (const block of blocksOfContent(content)) {
    const sentences = block.kind === 'list' ? block.items : block.kind === 'paragraph' ? sentencesOf(block.text) : [];
    for (const term of block.bold) add(term, 'term', sentences.find((s) => s.includes(term)) ?? null);
    sentences.forEach(readSentence);
  }
  // '1789' beside '5 mai 1789', 'XVI' beside 'Louis XVI': the longer item says it already.
  const inside = (short: string, long: string) => short !== long && ` ${long} `.includes(` ${short} `);
  return items.filter((item) => !/^[IVXLC]+$/.test(item.text) && !items.some((other) => inside(normal(item.text), normal(other.text))));
}

/** Up to `count` question/answer pairs drawn from the content's own structure. */
export function generateFlashcardsOffline(input: GeneratorInput): GeneratedCard[] {
  const source = input.sourceText?.trim();
  const blocks = source ? blocksOfText(source) : blocksOfContent(input.content);
  const cards: GeneratedCard[] = [];
  const seen = new Set<string>((input.existingQuestions ?? []).map((q) => q.trim().toLowerCase()));
  const add = (card: GeneratedCard) => {
    const q = card.recto.toLowerCase();
    const a = card.verso.toLowerCase();
    if (cards.length >= input.count || seen.has(q) || seen.has(`a:${a}`) || answerRepeatsQuestion(card)) return;
    seen.add(q);
    seen.add(`a:${a}`);
    cards.push(card);
  };
  // Round-robin over the kinds so a short request still gets a mix.
  const groups = candidates(input.title, blocks);
  for (let i = 0; cards.length < input.count && groups.some((g) => i < g.length); i++) for (const group of groups) if (group[i]) add(group[i]!);
  if (cards.length === 0) {
    const text = blocks.map((b) => b.text || b.items.join(' ; ')).join(' ');
    if (text) add({ recto: source ? 'Que dit ce passage ?' : `Que savez-vous de « ${input.title} » ?`, verso: cut(text) });
  }
  return cards;
}

/** The JSON value in a language model's reply, which may wrap it in a code fence or prose; undefined when there is none. */
export function jsonOfReply(reply: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(reply);
  const text = (fenced ? fenced[1]! : reply).trim();
  const start = text.search(/[[{]/);
  if (start < 0) return undefined;
  const end = Math.max(text.lastIndexOf(']'), text.lastIndexOf('}'));
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

/**
 * Reads flashcards out of a language model's reply: the JSON may be wrapped in a code
 * fence or prose, be an array or an object holding one, and name its fields recto/verso,
 * question/answer or front/back. Returns null when no usable card is found.
 */
export function parseGeneratedCards(reply: string, count: number): GeneratedCard[] | null {
  const value = jsonOfReply(reply);
  if (value === undefined) return null;
  const list = Array.isArray(value) ? value : Object.values((value ?? {}) as object).find(Array.isArray);
  if (!Array.isArray(list)) return null;
  const cards: GeneratedCard[] = [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const o = item as Record<string, unknown>;
    const recto = o.recto ?? o.question ?? o.front;
    const verso = o.verso ?? o.answer ?? o.back;
    if (typeof recto === 'string' && typeof verso === 'string' && recto.trim() && verso.trim()) cards.push({ recto: recto.trim(), verso: verso.trim() });
  }
  return cards.length ? cards.slice(0, count) : null;
}
