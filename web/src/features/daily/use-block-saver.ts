/**
 * Saving one daily-note block (spec §4, §9): 1 s after typing stops, and at once when the
 * page is left or hidden (`flush`, sent with keepalive). A failed save keeps the text,
 * marks it unsaved and retries with a growing delay; it never reverts what was typed.
 * A write based on an older version (another device saved meanwhile) is not forced: the
 * block shows the conflict and the person chooses.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../api/client';
import { notesApi, type NoteBlock } from '../../api/daily-notes';
import { retryDelay } from '../../lib/retry-delay';

export const BLOCK_SAVE_DEBOUNCE_MS = 1000;

export type SaveState = { kind: 'saved' } | { kind: 'unsaved' } | { kind: 'saving' } | { kind: 'failed'; retryInMs: number } | { kind: 'conflict' };

export function useBlockSaver(block: NoteBlock, onSaved: (saved: NoteBlock) => void) {
  const [state, setState] = useState<SaveState>({ kind: 'saved' });
  const pending = useRef<string | null>(null);
  const version = useRef(block.version);
  /** The save under way and the text it carries. */
  const inFlight = useRef<{ done: Promise<void>; text: string } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const attempts = useRef(0);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  const send = useCallback((keepalive = false, force = false): Promise<void> => {
    clearTimeout(timer.current);
    const text = pending.current;
    if (text === null) return Promise.resolve();
    let expected = force ? undefined : version.current;
    if (inFlight.current) {
      // In the page, the save under way reschedules what follows it. A page being left
      // cannot wait: the text goes now, based on the version the save under way will make.
      if (!keepalive || inFlight.current.text === text) return inFlight.current.done;
      expected = expected === undefined ? undefined : expected + 1;
    }
    const entry = { text, done: Promise.resolve() };
    entry.done = (async () => {
      setState({ kind: 'saving' });
      try {
        const saved = await notesApi.saveBlock(block.id, text, expected, keepalive);
        version.current = Math.max(version.current, saved.version);
        attempts.current = 0;
        if (pending.current === text) pending.current = null;
        setState(pending.current === null ? { kind: 'saved' } : { kind: 'unsaved' });
        onSavedRef.current(saved);
      } catch (err) {
        if (err instanceof ApiRequestError && err.status === 409) {
          setState({ kind: 'conflict' });
        } else if (err instanceof ApiRequestError && err.status === 422) {
          // The server will refuse this text whatever the number of tries: keep it, say why.
          setState({ kind: 'failed', retryInMs: 0 });
        } else {
          const delay = retryDelay(attempts.current);
          attempts.current += 1;
          setState({ kind: 'failed', retryInMs: delay });
          timer.current = setTimeout(() => void send(), delay);
        }
      } finally {
        if (inFlight.current === entry) inFlight.current = null;
      }
      if (pending.current !== null && pending.current !== text) timer.current = setTimeout(() => void send(), BLOCK_SAVE_DEBOUNCE_MS);
    })();
    inFlight.current = entry;
    return entry.done;
  }, [block.id]);

  const edit = useCallback((text: string) => {
    pending.current = text;
    setState((s) => (s.kind === 'conflict' ? s : { kind: 'unsaved' }));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void send(), BLOCK_SAVE_DEBOUNCE_MS);
  }, [send]);

  /** Saves what is not saved yet, now, and waits for it (before adding a block, promoting, importing). */
  const flush = useCallback(async () => {
    if (inFlight.current) await inFlight.current.done;
    if (pending.current !== null) await send();
  }, [send]);

  /** Sends what is not saved yet with keepalive (leaving the page, hiding the tab). */
  const flushOnLeave = useCallback(() => void send(true), [send]);

  /** A newer stored text (promotion, another device) replaces the shown one only when nothing typed here waits. */
  const adoptStored = useCallback((stored: NoteBlock): boolean => {
    if (pending.current !== null || inFlight.current !== null || stored.version <= version.current) return false;
    version.current = stored.version;
    return true;
  }, []);

  /** After a conflict: write this device's text over the other one's. */
  const keepMine = useCallback(() => void send(false, true), [send]);

  useEffect(() => () => {
    clearTimeout(timer.current);
    if (pending.current !== null) void send(true);
  }, [send]);

  return { state, edit, flush, flushOnLeave, keepMine, adoptStored };
}

