/** The drawer's 'Notes journalières' group beneath 'Aujourd'hui': the latest notes by date. */
import { NavLink, useLocation } from 'react-router';
import { longFrenchDate } from '@domain/daily-dates';
import { notesApi } from '../../api/daily-notes';
import { useLoad } from '../../ui/use-load';
import { prefetchDailyNoteOfPath } from './prefetch';

const DRAWER_RECENT_NOTES = 5;

export function DrawerNotes({ linkClass }: { linkClass(props: { isActive: boolean }): string }) {
  // Reloaded on each move, so a note created meanwhile (today's, an import) appears.
  const path = useLocation().pathname;
  const recent = useLoad((signal) => notesApi.recent(DRAWER_RECENT_NOTES, signal), [path], { keepWhileReloading: true });
  if (recent.phase !== 'loaded') return null;
  return (
    <>
      {recent.data.map((n) => (
        <NavLink key={n.id} to={`/daily/${n.date}`} className={linkClass} onClick={() => prefetchDailyNoteOfPath(`/daily/${n.date}`)}>
          {longFrenchDate(n.date)}
        </NavLink>
      ))}
    </>
  );
}
