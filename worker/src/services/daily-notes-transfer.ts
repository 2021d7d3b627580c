/**
 * A daily note to and from a file (export as Markdown or JSON, import a .md or .json note)
 * and highlight import. Every import is checked whole before anything is written, then
 * written in one batch: a bad file writes nothing.
 */
import { ApiError, BODY_TOO_LARGE, notFound } from '../lib/errors';
import { selectBlocksOfNote, selectKnownHighlightKeys, insertHighlightKeys, selectNoteByDate } from '../db/queries/daily-notes';
import { insertBlocks, nextBlockOrderStatement } from '../db/queries/daily-notes';
import { allRows, firstRow } from '../db/rows';
import { blockTextProblem, NOTE_TITLE_MAX_CHARS, NOTE_TITLE_TOO_LONG } from '../domain/daily-blocks';
import { isNoteDate, INVALID_DATE } from '../domain/daily-dates';
import { NoteFileError, noteToJson, noteToMarkdown, parseNoteJson, parseNoteMarkdown, type NoteFile } from '../domain/daily-transfer';
import { highlightDoc, highlightIdentity, parseHighlights } from '../domain/clippings';
import { ensureNote, newLinkedBlocks } from './daily-notes';

export const SELECT_FILE = 'Please select a file to import.';
export const NOTE_FILE_TYPES = 'Only .md and .json files can be imported.';
export const NOT_UTF8 = 'Le fichier doit être encodé en UTF-8.';
const MAX_FILE_BYTES = 5 * 1024 * 1024;

const invalid = (msg: string) => new ApiError(422, 'validation_error', msg);

export async function exportNote(d1: D1Database, userId: number, query: { note_date: string; format: 'md' | 'json' }) {
  const note = await firstRow(selectNoteByDate(d1, userId, query.note_date));
  if (!note) throw notFound('Note');
  const blocks = await allRows(selectBlocksOfNote(d1, note.id));
  const file: NoteFile = { date: note.date, title: note.title, blocks };
  return query.format === 'md'
    ? { body: noteToMarkdown(file), type: 'text/markdown; charset=utf-8', name: `note-${note.date}.md` }
    : { body: noteToJson(file), type: 'application/json; charset=utf-8', name: `note-${note.date}.json` };
}

type Form = Record<string, string | File | (string | File)[]>;

async function fileText(form: Form): Promise<{ name: string; text: string }> {
  const file = form.file;
  if (!(file instanceof File) || file.size === 0) throw invalid(SELECT_FILE);
  if (file.size > MAX_FILE_BYTES) throw new ApiError(413, BODY_TOO_LARGE.code, BODY_TOO_LARGE.detail);
  try {
    return { name: file.name, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(await file.arrayBuffer()) };
  } catch {
    throw invalid(NOT_UTF8);
  }
}

function formDate(form: Form): string | undefined {
  const value = form.note_date ?? form.date;
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !isNoteDate(value)) throw invalid(INVALID_DATE);
  return value;
}

/** Appends the blocks of a .md or .json note file to the note of its date (or the given one); answers the note written. */
export async function importNoteFile(d1: D1Database, userId: number, form: Form, now: number) {
  const { name, text } = await fileText(form);
  const format = typeof form.format === 'string' && form.format ? form.format : name.toLowerCase().endsWith('.md') ? 'md' : name.toLowerCase().endsWith('.json') ? 'json' : '';
  if (format !== 'md' && format !== 'json') throw invalid(NOTE_FILE_TYPES);
  let parsed: NoteFile;
  try {
    parsed = format === 'json' ? parseNoteJson(text) : parseNoteMarkdown(text);
  } catch (err) {
    if (err instanceof NoteFileError) throw invalid(err.message);
    throw err;
  }
  const date = formDate(form) ?? parsed.date;
  if (!date) throw invalid(INVALID_DATE);
  // The rules of a REST write, for every block and the title.
  if ((parsed.title?.trim().length ?? 0) > NOTE_TITLE_MAX_CHARS) throw invalid(NOTE_TITLE_TOO_LONG);
  for (const block of parsed.blocks) {
    const problem = blockTextProblem(block.text);
    if (problem) throw invalid(problem);
  }
  const noteId = await appendBlocks(d1, userId, date, parsed.blocks.map((b) => b.text), now, parsed.title?.trim() || null);
  return { answer: { date, imported_blocks: parsed.blocks.length }, noteId };
}

async function appendBlocks(d1: D1Database, userId: number, date: string, texts: string[], now: number, title: string | null = null, alsoWrite: D1PreparedStatement[] = []) {
  const { note } = await ensureNote(d1, userId, date, title, now);
  const last = await firstRow(nextBlockOrderStatement(d1, note.id));
  const { statements } = insertBlocks(d1, userId, note.id, await newLinkedBlocks(d1, userId, texts, last!.next), now);
  await d1.batch([...statements, ...alsoWrite]);
  return note.id;
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Each new highlight of a clippings file or bullet list becomes a quote block on the date; known ones are skipped. */
export async function importHighlights(d1: D1Database, userId: number, form: Form, now: number) {
  const { text } = await fileText(form);
  const date = formDate(form);
  if (!date) throw invalid(INVALID_DATE);
  const highlights = parseHighlights(text);
  if (!highlights.length) throw invalid('Aucun surlignement trouvé dans ce fichier.');
  const keyed = await Promise.all(highlights.map(async (h) => ({ h, key: await sha256(highlightIdentity(h)) })));
  const known = new Set((await allRows(selectKnownHighlightKeys(d1, userId, keyed.map((k) => k.key)))).map((r) => r.highlight_key));
  const seen = new Set<string>();
  const fresh = keyed.filter(({ key }) => !known.has(key) && !seen.has(key) && seen.add(key));
  let noteId: number | null = null;
  if (fresh.length) {
    const texts = fresh.map(({ h }) => JSON.stringify(highlightDoc(h)));
    noteId = await appendBlocks(d1, userId, date, texts, now, null, [insertHighlightKeys(d1, userId, fresh.map((f) => f.key), now)]);
  }
  return { answer: { date, imported: fresh.length, skipped: highlights.length - fresh.length }, noteId };
}
