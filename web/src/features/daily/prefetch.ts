/**
 * A daily note's data asked for as soon as the drawer's link is pressed or the route is
 * chosen, while the page's code is still loading (route `loader`), so `/daily` shows its
 * blocks sooner; and the page's code itself loaded while the drawer sits idle, so the
 * drawer's link waits for the note alone. Light on purpose: part of the first bundle, no
 * editor, no Yjs.
 */
import { isNoteDate, localNoteDate } from '@domain/daily-dates';
import { partyHost } from '../../api/config';
import { notesApi, type DailyNote } from '../../api/daily-notes';
import { storedToken } from '../../lib/token-store';

/** The daily page's code (the route's `lazy` and the drawer's preload share it). */
export const importDailyNotePage = () => import('./DailyNotePage');

/**
 * The daily page's code loaded and run ahead, once the browser is idle: opened from the
 * drawer, the page then draws as soon as its note arrives (on a slow phone the page's chunks
 * cost a few hundred milliseconds to fetch, compile and run). Its stylesheets only style
 * the editor's own classes.
 */
export function preloadDailyNotePage(): void {
  importDailyNotePage().catch(() => undefined); // the route loads it again and shows its own error
}

/** A prefetched answer is used only by a page opened within this time. */
const FRESH_MS = 10_000;
const pending = new Map<string, { note: Promise<DailyNote>; at: number; answered: boolean; answer?: DailyNote }>();

/**
 * Asks for one date while its answer is on the way, or this close together, are one: a move
 * to the note asks up to three times (the drawer link's click, the route's lazy and its
 * loader), and on a slow phone the loader runs only once the page's code has loaded.
 */
const SAME_ASK_MS = 1000;

export function prefetchDailyNote({ params }: { params: { date?: string } }): null {
  if (!storedToken()) return null;
  const date = params.date ?? localNoteDate(new Date());
  if (!isNoteDate(date)) return null;
  const asked = pending.get(date);
  if (asked && (!asked.answered || Date.now() - asked.at < SAME_ASK_MS)) return null;
  const note = notesApi.byDate(date);
  const entry: { note: Promise<DailyNote>; at: number; answered: boolean; answer?: DailyNote } = { note, at: Date.now(), answered: false };
  // The page asks again and shows its own error.
  note.then(
    (answer) => Object.assign(entry, { answered: true, answer }),
    () => (entry.answered = true),
  );
  pending.set(date, entry);
  void partyHost().catch(() => undefined);
  return null;
}

/** The prefetched note of `date`, once, if recent. */
export function takePrefetchedNote(date: string): Promise<DailyNote> | null {
  const entry = pending.get(date);
  pending.delete(date);
  return entry && Date.now() - entry.at < FRESH_MS ? entry.note : null;
}

/**
 * The prefetched note of `date` if it has already arrived (and is recent), without taking it:
 * the page then draws its blocks in its first frame instead of a loading one.
 */
export function arrivedPrefetchedNote(date: string): DailyNote | null {
  const entry = pending.get(date);
  return entry?.answer && Date.now() - entry.at < FRESH_MS ? entry.answer : null;
}

/** The same, from the address (the route's code is being fetched, before its loader runs). */
export function prefetchDailyNoteOfPath(pathname: string): void {
  const [, first, date] = pathname.split('/');
  if (first === 'daily') prefetchDailyNote({ params: { date: date || undefined } });
}
