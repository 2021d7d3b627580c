/**
 * One daily note as a file: JSON (lossless — the blocks' stored text as is) or Markdown
 * (through markdown-it and the editor's document mapping: headings, lists, tasks, quotes,
 * code, tables, links and images survive). Blocks are separated in Markdown by a comment
 * line, so a note exported and imported again keeps its blocks apart.
 */
import { docToMarkdown, markdownToDoc } from './markdown';
import { contentToDoc } from './richtext';
import { isNoteDate } from './daily-dates';

export const NOTE_FILE_FORMAT = 'astrolabe-daily-note';
export const BLOCK_SEPARATOR = '<!-- block -->';

export interface NoteFile {
  date: string;
  title: string | null;
  blocks: { text: string }[];
}

export class NoteFileError extends Error {}

export function noteToJson(note: NoteFile): string {
  return JSON.stringify({ format: NOTE_FILE_FORMAT, version: 1, date: note.date, title: note.title, blocks: note.blocks.map((b) => ({ text: b.text })) }, null, 2);
}

export function noteToMarkdown(note: NoteFile): string {
  const header = `---\ndate: ${note.date}\n${note.title ? `title: ${JSON.stringify(note.title)}\n` : ''}---\n\n`;
  return header + note.blocks.map((b) => docToMarkdown(contentToDoc(b.text)).trim()).join(`\n\n${BLOCK_SEPARATOR}\n\n`) + '\n';
}

/** A JSON note file; throws `NoteFileError` with the reason when it is not one. */
export function parseNoteJson(text: string): NoteFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new NoteFileError('Le fichier JSON est illisible.');
  }
  const obj = data as { date?: unknown; title?: unknown; blocks?: unknown };
  if (typeof obj !== 'object' || obj === null || !Array.isArray(obj.blocks)) throw new NoteFileError('Le fichier JSON ne décrit pas une note journalière.');
  const blocks = obj.blocks.map((b: unknown) => {
    const value = (b as { text?: unknown } | null)?.text;
    if (typeof value === 'string') return { text: value };
    if (value && typeof value === 'object') return { text: JSON.stringify(value) };
    throw new NoteFileError('Chaque bloc du fichier doit avoir un texte.');
  });
  const date = typeof obj.date === 'string' && isNoteDate(obj.date) ? obj.date : '';
  return { date, title: typeof obj.title === 'string' ? obj.title : null, blocks };
}

/** A Markdown note file: optional front matter (date, title), blocks apart by the separator line. */
export function parseNoteMarkdown(text: string): NoteFile {
  let body = text.replace(/^\uFEFF/, '');
  let date = '';
  let title: string | null = null;
  const front = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(body);
  // Only a block of `key: value` lines is front matter; a leading `---` is otherwise a
  // thematic break, and what follows it is the note's text.
  if (front && front[1]!.split(/\r?\n/).every((line) => !line.trim() || /^[\w-]+:(\s|$)/.test(line) || /^\s/.test(line))) {
    body = body.slice(front[0].length);
    const d = /^date:\s*(\S+)\s*$/m.exec(front[1]!);
    if (d && isNoteDate(d[1]!)) date = d[1]!;
    const t = /^title:\s*(.+)$/m.exec(front[1]!);
    if (t) title = t[1]!.trim().replace(/^"(.*)"$/, '$1');
  }
  const blocks = body
    .split(/^\s*<!-- block -->\s*$/m)
    // Blank lines around a block go, not its first line's indent (an indented code block).
    .map((part) => part.replace(/^(?:[ \t]*\r?\n)+/, '').trimEnd())
    .filter(Boolean)
    .map((part) => ({ text: JSON.stringify(markdownToDoc(part)) }));
  return { date, title, blocks };
}
