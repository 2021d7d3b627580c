/**
 * Cards from a table: a CSV or TSV file, a spreadsheet's copy, an Anki text export or a
 * Quizlet export (term, a separator, definition; cards separated by new lines or by a
 * separator the person chose). Pure: the text is read into rows (papaparse for quoted
 * fields and the delimiter guess), the columns mapped to a card's parts, and the rows
 * turned into cards; the service (services/card-table-import.ts) writes them. Shared with
 * the page, which offers the same separators and column roles.
 */
import Papa from 'papaparse';
import { normaliseCardTags, QUESTION_MAX, ANSWER_MAX } from './flashcard-fields';
import { titleKey } from './wiki-links';

export const CARD_TABLE_LIMITS = {
  /** Under the API's 1 MB JSON body: a few thousand cards of vocabulary weigh a few hundred KB. */
  maxChars: 900_000,
  maxRows: 5_000,
  maxColumns: 50,
  /** Distinct concepts a concept column may name in one import. */
  maxConcepts: 200,
  previewRows: 10,
  maxSeparator: 10,
};

/** Field separators offered by name; anything else (1 to 10 characters) is a custom one. */
const FIELD_SEPARATORS = { comma: ',', semicolon: ';', tab: '\t' } as const;
type FieldSeparator = 'auto' | keyof typeof FIELD_SEPARATORS | string;
/** 'newline' reads quoted CSV; a custom separator (Quizlet's 'between cards') splits plain text. */
type RowSeparator = 'newline' | string;

export interface TableOptions {
  delimiter: FieldSeparator;
  row_separator: RowSeparator;
  /** null: guessed from the first row. */
  has_header: boolean | null;
}

export interface CardTable {
  /** The field separator used (the guessed one when 'auto'). */
  delimiter: string;
  has_header: boolean;
  /** The header row's names, or null when the first row is a card. */
  header: string[] | null;
  rows: string[][];
  columns: number;
  /** The tags column an Anki text export names in its `#tags column:` line (0-based). */
  tags_column: number | null;
}

export const CARD_ROLES = ['front', 'back', 'tags', 'concept'] as const;
export type CardRole = (typeof CARD_ROLES)[number];
/** Which column (0-based) holds each part; tags and concept are optional. */
export interface ColumnMapping {
  front: number;
  back: number;
  tags: number | null;
  concept: number | null;
}

/** A refusal the person can act on, in French; the service turns it into a 422. */
export class CardTableError extends Error {
  constructor(
    readonly code: 'table_empty' | 'table_too_large' | 'table_mapping' | 'card_too_long',
    message: string,
  ) {
    super(message);
  }
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

/** Header names that say which part a column is, in the languages people export in. */
const HEADER_WORDS: Record<CardRole, string[]> = {
  front: ['front', 'recto', 'question', 'term', 'terme', 'mot', 'word', 'face'],
  back: ['back', 'verso', 'answer', 'reponse', 'definition', 'meaning', 'traduction', 'translation'],
  tags: ['tags', 'tag', 'etiquettes', 'etiquette', 'mots-cles', 'labels'],
  concept: ['concept', 'deck', 'paquet', 'chapitre', 'chapter', 'topic', 'sujet', 'theme'],
};
const roleOfHeader = (name: string): CardRole | null => CARD_ROLES.find((role) => HEADER_WORDS[role].includes(fold(name))) ?? null;

/** Anki's text export opens with `#separator:tab`, `#html:true`, `#tags column:3` lines. */
const ANKI_SEPARATORS: Record<string, string> = { comma: ',', semicolon: ';', tab: '\t', space: ' ', pipe: '|', colon: ':' };
interface AnkiHeaders {
  body: string;
  separator: string | null;
  tagsColumn: number | null;
}
function ankiHeaders(text: string): AnkiHeaders {
  let separator: string | null = null;
  let tagsColumn: number | null = null;
  let at = 0;
  for (;;) {
    const end = text.indexOf('\n', at);
    const line = text.slice(at, end === -1 ? text.length : end).replace(/\r$/, '');
    const header = /^#([a-z ]+):(.*)$/i.exec(line);
    if (!header) break;
    const [key, value] = [header[1]!.toLowerCase(), header[2]!.trim()];
    if (key === 'separator') separator = ANKI_SEPARATORS[value.toLowerCase()] ?? (value.length === 1 ? value : null);
    if (key === 'tags column' && /^\d+$/.test(value)) tagsColumn = Number(value) - 1;
    if (end === -1) return { body: '', separator, tagsColumn };
    at = end + 1;
  }
  return { body: text.slice(at), separator, tagsColumn };
}

function separatorOf(choice: FieldSeparator): string | null {
  if (choice === 'auto') return null;
  return FIELD_SEPARATORS[choice as keyof typeof FIELD_SEPARATORS] ?? choice;
}

/** Rows of plain text cut by a custom row separator (Quizlet's 'between cards'): no quoting there. */
function splitPlain(body: string, rowSeparator: string, delimiter: string): string[][] {
  return body
    .split(rowSeparator)
    .filter((row) => row.trim() !== '')
    .map((row) => row.replace(/^\r?\n|\r?\n$/g, '').split(delimiter));
}

function parseRows(body: string, options: TableOptions, ankiSeparator: string | null): { rows: string[][]; delimiter: string } {
  const chosen = separatorOf(options.delimiter) ?? ankiSeparator;
  if (options.row_separator !== 'newline') {
    const delimiter = chosen ?? (body.includes('\t') ? '\t' : ',');
    return { rows: splitPlain(body, options.row_separator, delimiter), delimiter };
  }
  const parse = (delimiter: string, quoteChar = '"') => Papa.parse<string[]>(body, { delimiter, quoteChar, delimitersToGuess: [',', ';', '\t'], skipEmptyLines: 'greedy' });
  let result = parse(chosen ?? '');
  // papaparse guesses on rows read with quotes, so one stray quote in a Quizlet export (it
  // never quotes) defeats the guess: then the first line's own separator is taken.
  if (!chosen && result.errors.some((e) => e.code === 'UndetectableDelimiter')) {
    const firstLine = body.slice(0, body.search(/\r?\n|$/));
    const found = ['\t', ';', ','].find((d) => firstLine.includes(d));
    if (found) result = parse(found);
  }
  // Tab-separated text from Quizlet keeps quotes as written: read it again without quoting.
  if (result.meta.delimiter === '\t' && result.errors.some((e) => e.type === 'Quotes')) result = parse('\t', '\u0000');
  return { rows: result.data, delimiter: result.meta.delimiter };
}

/** The text read into rows: header lines of an Anki export honoured, blank rows left out. */
export function readCardTable(text: string, options: TableOptions): CardTable {
  if (text.length > CARD_TABLE_LIMITS.maxChars) {
    throw new CardTableError('table_too_large', `Le texte dépasse ${CARD_TABLE_LIMITS.maxChars.toLocaleString('fr-FR')} caractères : importez-le en plusieurs fois.`);
  }
  const anki = ankiHeaders(text.replace(/^\uFEFF/, ''));
  const { rows: all, delimiter } = parseRows(anki.body, options, anki.separator);
  const rows = all.map((row) => row.map((cell) => cell.trim()));
  if (!rows.length) throw new CardTableError('table_empty', "Le texte ne contient aucune ligne : collez ou choisissez un fichier CSV, TSV ou un export Quizlet.");
  const columns = Math.max(...rows.map((r) => r.length));
  if (columns > CARD_TABLE_LIMITS.maxColumns) throw new CardTableError('table_too_large', `Le tableau compte ${columns} colonnes : au plus ${CARD_TABLE_LIMITS.maxColumns}.`);
  const first = rows[0]!;
  const guessed = first.some((cell) => roleOfHeader(cell) !== null) && first.every((cell) => cell.length <= 40);
  const hasHeader = options.has_header ?? guessed;
  const body = hasHeader ? rows.slice(1) : rows;
  if (body.length > CARD_TABLE_LIMITS.maxRows) {
    throw new CardTableError('table_too_large', `Le tableau compte ${body.length} lignes : une importation en prend au plus ${CARD_TABLE_LIMITS.maxRows}. Importez-le en plusieurs fois : les cartes déjà importées ne sont pas ajoutées deux fois.`);
  }
  return { delimiter, has_header: hasHeader, header: hasHeader ? first : null, rows: body, columns, tags_column: anki.tagsColumn };
}

/** What the preview proposes: columns named by the header, else front then back, then tags per an Anki export. */
export function suggestMapping(table: CardTable): ColumnMapping {
  const mapping: ColumnMapping = { front: 0, back: Math.min(1, table.columns - 1), tags: null, concept: null };
  const header = table.header ?? [];
  const found: Partial<Record<CardRole, number>> = {};
  header.forEach((name, i) => {
    const role = roleOfHeader(name);
    if (role && found[role] === undefined) found[role] = i;
  });
  const ankiTags = table.tags_column;
  return {
    front: found.front ?? mapping.front,
    back: found.back ?? (found.front === 0 ? 1 : mapping.back),
    tags: found.tags ?? (ankiTags !== null && ankiTags < table.columns ? ankiTags : null),
    concept: found.concept ?? null,
  };
}

function checkMapping(mapping: ColumnMapping, columns: number): void {
  if (columns < 2) {
    throw new CardTableError('table_mapping', 'Une seule colonne a été trouvée : séparez le recto et le verso par une tabulation, une virgule ou un point-virgule, ou choisissez le bon séparateur.');
  }
  const used = CARD_ROLES.map((role) => mapping[role]).filter((c): c is number => c !== null);
  if (used.some((c) => c >= columns)) throw new CardTableError('table_mapping', `Le tableau n'a que ${columns} colonne(s) : choisissez des colonnes qui existent.`);
  if (new Set(used).size !== used.length) throw new CardTableError('table_mapping', 'Une même colonne ne peut pas servir à deux rôles (recto, verso, étiquettes, concept).');
}

/** One card a row makes; `concept` is the title its concept column names, or null for the chosen concept. */
export interface TableCard {
  question: string;
  answer: string;
  tags: string[];
  concept: string | null;
}

export interface TableCards {
  cards: TableCard[];
  /** Rows with a front but no back, or the reverse: nothing to learn from them. */
  incomplete: number;
}

/** Tags as one cell: 'a, b' or Anki's space-separated 'a b'. */
const cellTags = (cell: string) => normaliseCardTags(cell.includes(',') ? cell : cell.split(/\s+/));

/** The rows as cards; a too-long side is refused with its line, so nothing is cut silently. */
export function tableCards(table: CardTable, mapping: ColumnMapping): TableCards {
  checkMapping(mapping, table.columns);
  const cards: TableCard[] = [];
  let incomplete = 0;
  const firstLine = table.has_header ? 2 : 1;
  table.rows.forEach((row, i) => {
    const question = row[mapping.front] ?? '';
    const answer = row[mapping.back] ?? '';
    if (!question || !answer) {
      if (question || answer) incomplete += 1;
      return;
    }
    if (question.length > QUESTION_MAX || answer.length > ANSWER_MAX) {
      throw new CardTableError('card_too_long', `Ligne ${firstLine + i} : le recto et le verso ne doivent pas dépasser ${QUESTION_MAX.toLocaleString('fr-FR')} caractères.`);
    }
    const tags = mapping.tags === null ? [] : cellTags(row[mapping.tags] ?? '');
    const concept = mapping.concept === null ? null : (row[mapping.concept] ?? '').slice(0, 500).trim() || null;
    cards.push({ question, answer, tags, concept });
  });
  const concepts = new Set(cards.map((c) => c.concept && titleKey(c.concept)).filter(Boolean));
  if (concepts.size > CARD_TABLE_LIMITS.maxConcepts) {
    throw new CardTableError('table_too_large', `La colonne concept nomme ${concepts.size} concepts : une importation en crée au plus ${CARD_TABLE_LIMITS.maxConcepts}.`);
  }
  return { cards, incomplete };
}

/** The same card twice (same concept, front and back): a re-import adds nothing. */
export const cardKey = (conceptKey: string | number, question: string, answer: string) => `${conceptKey}\u0000${question}\u0000${answer}`;
