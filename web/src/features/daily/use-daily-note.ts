/**
 * Loading the note of a date (spec §4): today's note is created when the server answers
 * 404; another date without a note shows an empty note (created on its first block).
 * No answer at all, and no copy of the note on this device, is 'unreachable': the note may
 * well have blocks, so it is never shown as an empty note.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../api/client';
import { isUnreachable } from '../flashcards/review-queue';
import { notesApi, type DailyNote } from '../../api/daily-notes';
import { arrivedPrefetchedNote, takePrefetchedNote } from './prefetch';

export type NoteState = { phase: 'loading' } | { phase: 'loaded'; note: DailyNote | null } | { phase: 'error' } | { phase: 'unreachable' };

export function useDailyNote(date: string, today: string) {
  // A note already fetched on the way here (prefetch.ts) is shown in the page's first frame.
  const [state, setState] = useState<NoteState>(() => {
    const arrived = arrivedPrefetchedNote(date);
    return arrived ? { phase: 'loaded', note: arrived } : { phase: 'loading' };
  });
  const [generation, setGeneration] = useState(0);
  const shownArrived = useRef(state.phase === 'loaded');

  useEffect(() => {
    if (shownArrived.current && generation === 0) {
      shownArrived.current = false;
      takePrefetchedNote(date); // Used: the next visit asks again.
      return;
    }
    const ctrl = new AbortController();
    setState((s) => (s.phase === 'loaded' && s.note?.date === date ? s : { phase: 'loading' }));
    (async (): Promise<NoteState> => {
      try {
        return { phase: 'loaded', note: await (takePrefetchedNote(date) ?? notesApi.byDate(date, ctrl.signal)) };
      } catch (err) {
        if (isUnreachable(err)) return { phase: 'unreachable' };
        const missing = err instanceof ApiRequestError && err.status === 404;
        if (missing && date === today) return { phase: 'loaded', note: await notesApi.create(date) };
        return date === today || !missing ? { phase: 'error' } : { phase: 'loaded', note: null };
      }
    })().then(
      (next) => ctrl.signal.aborted || setState(next),
      (err) => ctrl.signal.aborted || setState({ phase: isUnreachable(err) ? 'unreachable' : 'error' }),
    );
    return () => ctrl.abort();
  }, [date, today, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  /** Replaces the mentions only (after a save), leaving the blocks' editors alone. */
  const refreshMentions = useCallback(async () => {
    try {
      const fresh = await notesApi.byDate(date);
      setState((s) => (s.phase === 'loaded' && s.note?.id === fresh.id ? { phase: 'loaded', note: { ...s.note, mentions: fresh.mentions } } : s));
    } catch {
      // The sidebar keeps its last list; the next save tries again.
    }
  }, [date]);
  const setNote = useCallback((note: DailyNote | null) => setState({ phase: 'loaded', note }), []);
  return { state, generation, reload, refreshMentions, setNote };
}
