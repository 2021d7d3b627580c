/**
 * Cornell notes: a sheet per concept — rows of a cue (a short question or
 * keyword, left) beside notes (a rich document, right) — and a summary at the bottom.
 * Pure rules shared by the page and the Worker: which cues become flashcards, and how
 * two versions of a sheet are put together without losing what either holds.
 */
import { ANSWER_MAX } from './flashcard-fields';
import { docToPlainText, type RichDoc } from './richtext';

export interface CornellRow {
  cue: string;
  notes: RichDoc | null;
}

export interface CornellSheetBody {
  rows: CornellRow[];
  summary: string;
}

/** The most rows a sheet holds, the longest cue and summary (characters). */
export const CORNELL_ROWS_MAX = 100;
export const CORNELL_CUE_MAX = 500;
export const CORNELL_SUMMARY_MAX = 5_000;
/** The most a sheet's rows weigh as stored JSON (their notes are rich documents). */
export const CORNELL_SHEET_BYTES_MAX = 512 * 1024;

/** Whitespace (incl. the non-breaking space French puts before '?') folded to one space. */
const squash = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ').trim();

/** A cue written as a question: it ends with '?' (French '… ?' or '…?'), and asks something before it. */
export function isQuestionCue(cue: string): boolean {
  const text = squash(cue);
  return /\?$/.test(text) && /[\p{L}\p{N}]/u.test(text);
}

/** The key two questions are compared by: case, accents and spacing do not count. */
export const questionKey = (question: string) =>
  squash(question)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s*\?$/, '');

/** The card a row makes, or null: its cue must be a question and its notes say something. */
export function cueCard(row: CornellRow): { question: string; answer: string } | null {
  if (!isQuestionCue(row.cue)) return null;
  const answer = docToPlainText(row.notes).trim();
  if (!answer) return null;
  return { question: squash(row.cue), answer: answer.length > ANSWER_MAX ? `${answer.slice(0, ANSWER_MAX - 1)}…` : answer };
}

/**
 * 'Créer des cartes à partir des questions': a card per question cue with notes beside it,
 * except those whose question the concept already has (or an earlier row of the sheet), so
 * asking again adds nothing.
 */
export function cornellCards(rows: readonly CornellRow[], existingQuestions: Iterable<string>): { question: string; answer: string }[] {
  const seen = new Set([...existingQuestions].map(questionKey));
  const cards: { question: string; answer: string }[] = [];
  for (const row of rows) {
    const card = cueCard(row);
    if (!card || seen.has(questionKey(card.question))) continue;
    seen.add(questionKey(card.question));
    cards.push(card);
  }
  return cards;
}

const rowKey = (row: CornellRow) => JSON.stringify([squash(row.cue), row.notes ?? null]);

/**
 * A sheet written here over a version saved elsewhere in the meantime: the saved version
 * first, then each row of ours it does not hold, and both summaries when they differ.
 * Nothing either side wrote is dropped; the person tidies the result.
 */
export function mergeCornellSheets(saved: CornellSheetBody, mine: CornellSheetBody): CornellSheetBody {
  const held = new Set(saved.rows.map(rowKey));
  const rows = [...saved.rows, ...mine.rows.filter((row) => !held.has(rowKey(row)) && (row.cue.trim() || docToPlainText(row.notes).trim()))];
  const a = saved.summary.trim();
  const b = mine.summary.trim();
  const summary = !b || a === b ? saved.summary : !a ? mine.summary : `${saved.summary}\n\n${mine.summary}`;
  return { rows, summary };
}
