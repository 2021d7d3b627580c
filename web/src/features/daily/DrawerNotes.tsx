/**
 * The drawer's 'Notes journalières' group beneath 'Aujourd'hui': the latest notes by date.
 * While it shows, the daily page's code is loaded once the browser is idle (prefetch.ts).
 */
import { useEffect } from 'react';
import { NavLink, useLocation } from 'react-router';
import { longFrenchDate } from '@domain/daily-dates';
import { notesApi } from '../../api/daily-notes';
import { useLoad } from '../../ui/use-load';
import { whenIdle } from '../../lib/when-idle';
import { preloadDailyNotePage, prefetchDailyNoteOfPath } from './prefetch';

/** The daily page's code is loaded by then at the latest, idle or not. */
const PRELOAD_WITHIN_MS = 3_000;

const DRAWER_RECENT_NOTES = 5;

export function DrawerNotes({ linkClass }: { linkClass(props: { isActive: boolean }): string }) {
  // Reloaded on each move, so a note created meanwhile (today's, an import) appears.
  const path = useLocation().pathname;
  useEffect(() => whenIdle(preloadDailyNotePage, PRELOAD_WITHIN_MS), []);
  const recent = useLoad((signal) => notesApi.recent(DRAWER_RECENT_NOTES, signal), [path], { keepWhileReloading: true });
  if (recent.phase !== 'loaded') return null;
  return (
    <>
      {recent.data.map((n) => (
        <NavLink key={n.id} to={`/daily/${n.date}`} className={linkClass} onPointerDown={() => prefetchDailyNoteOfPath(`/daily/${n.date}`)} onClick={() => prefetchDailyNoteOfPath(`/daily/${n.date}`)}>
          {longFrenchDate(n.date)}
        </NavLink>
      ))}
    </>
  );
}
