/** The daily page's sidebars (spec §2.1): Recent Notes (10, today marked) and Mentions in this Note. */
import { Link } from 'react-router';
import { longFrenchDate } from '@domain/daily-dates';
import type { NoteConceptMention, RecentNote } from '../../api/daily-notes';

export const RECENT_NOTES_IN_PAGE = 10;

export const conceptTitlePath = (title: string) => `/concepts/title/${encodeURIComponent(title)}`;

export function RecentNotes({ notes, today, current, failed }: { notes: RecentNote[] | null; today: string; current: string; failed: boolean }) {
  return (
    <section className="card space-y-2" aria-labelledby="recent-notes-title">
      <h2 id="recent-notes-title" className="font-semibold">
        Recent Notes
      </h2>
      {failed && <p className="text-sm text-red-300">Failed to load recent notes</p>}
      {notes?.length === 0 && <p className="text-sm text-slate-400">Aucune note pour l'instant.</p>}
      <ul className="space-y-1 text-sm">
        {notes?.map((n) => (
          <li key={n.id}>
            <Link to={`/daily/${n.date}`} className={`hover:underline ${n.date === current ? 'font-semibold text-white' : 'text-nebula-400'}`} aria-current={n.date === current ? 'page' : undefined}>
              {longFrenchDate(n.date)}
            </Link>
            {n.date === today && <span className="ml-2 rounded bg-nebula-600/40 px-1.5 text-xs">Aujourd'hui</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function NoteMentions({ mentions }: { mentions: NoteConceptMention[] }) {
  return (
    <section className="card space-y-2" aria-labelledby="note-mentions-title">
      <h2 id="note-mentions-title" className="font-semibold">
        Mentions in this Note
      </h2>
      {mentions.length === 0 && <p className="text-sm text-slate-400">Aucune mention.</p>}
      <ul className="space-y-1 text-sm" data-testid="note-mentions">
        {mentions.map((m) => (
          <li key={`${m.concept_id ?? 'new'}-${m.title}`}>
            {m.concept_id !== null ? (
              <Link to={`/concepts/${m.concept_id}`} className="text-nebula-400 hover:underline">
                {m.title}
              </Link>
            ) : (
              <Link to={conceptTitlePath(m.title)} className="text-slate-300 italic hover:underline">
                {m.title} (not found)
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
