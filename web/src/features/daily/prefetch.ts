/**
 * A daily note's data asked for as soon as the route is chosen, while the page's code is
 * still loading (route `loader`), so `/daily` shows its blocks sooner. Light on purpose:
 * part of the first bundle, no editor, no Yjs.
 */
import { isNoteDate, localNoteDate } from '@domain/daily-dates';
import { partyHost } from '../../api/config';
import { notesApi, type DailyNote } from '../../api/daily-notes';
import { storedToken } from '../../lib/token-store';

/** A prefetched answer is used only by a page opened within this time. */
const FRESH_MS = 10_000;
const pending = new Map<string, { note: Promise<DailyNote>; at: number }>();

/** Two asks for one date this close together are one (the route's first load asks twice: lazy and loader). */
const SAME_ASK_MS = 1000;

export function prefetchDailyNote({ params }: { params: { date?: string } }): null {
  if (!storedToken()) return null;
  const date = params.date ?? localNoteDate(new Date());
  if (!isNoteDate(date)) return null;
  if (Date.now() - (pending.get(date)?.at ?? 0) < SAME_ASK_MS) return null;
  const note = notesApi.byDate(date);
  note.catch(() => undefined); // the page asks again and shows its own error
  pending.set(date, { note, at: Date.now() });
  void partyHost().catch(() => undefined);
  return null;
}

/** The prefetched note of `date`, once, if recent. */
export function takePrefetchedNote(date: string): Promise<DailyNote> | null {
  const entry = pending.get(date);
  pending.delete(date);
  return entry && Date.now() - entry.at < FRESH_MS ? entry.note : null;
}

/** The same, from the address (the route's code is being fetched, before its loader runs). */
export function prefetchDailyNoteOfPath(pathname: string): void {
  const [, first, date] = pathname.split('/');
  if (first === 'daily') prefetchDailyNote({ params: { date: date || undefined } });
}
