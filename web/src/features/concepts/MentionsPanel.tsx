/**
 * Where a concept is mentioned (spec document 1 §2, §9): concepts that link here
 * (backlinks) and daily-note blocks that mention it. Each list shows 5, then
 * 'Voir {n} de plus...' / 'Voir moins'.
 */
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { blockToPlainText } from '@domain/richtext';
import { cutText } from './format';
import type { ConceptRef } from '../../api/concepts';
import { notesApi, type NoteMention } from '../../api/daily-notes';
import { useLoad } from '../../ui/use-load';

export const MENTIONS_SHOWN = 5;
const MENTION_TEXT_LENGTH = 200;

/** Block text as it may be shown: scripts and tags dropped, cut at 200 characters. */
export function mentionText(raw: string): string {
  return cutText(blockToPlainText(raw), MENTION_TEXT_LENGTH);
}

/** '/daily/{yyyy-MM-dd}#block-{id}' (the note date may arrive as a full ISO timestamp). */
export function mentionPath(mention: NoteMention): string {
  return `/daily/${mention.note_date.slice(0, 10)}#block-${mention.block_id}`;
}

function ShowMoreList<T>({ items, render, empty }: { items: T[]; render(item: T): ReactNode; empty: string }) {
  const [expanded, setExpanded] = useState(false);
  if (items.length === 0) return <p className="text-sm text-slate-400">{empty}</p>;
  const visible = expanded ? items : items.slice(0, MENTIONS_SHOWN);
  const hidden = items.length - MENTIONS_SHOWN;
  return (
    <>
      <ul className="space-y-1.5">{visible.map(render)}</ul>
      {hidden > 0 && (
        <button type="button" className="mt-2 text-sm text-nebula-400 hover:underline" onClick={() => setExpanded((e) => !e)}>
          {expanded ? 'Voir moins' : `Voir ${hidden} de plus...`}
        </button>
      )}
    </>
  );
}

export function MentionsPanel({ conceptId, backlinks }: { conceptId: number; backlinks: ConceptRef[] }) {
  const load = useLoad((signal) => notesApi.mentions(conceptId, signal), [conceptId]);
  const mentions = load.phase === 'loaded' ? load.data : null;
  const error = load.phase === 'error';

  return (
    <section aria-labelledby="mentions-title" className="card space-y-4">
      <h2 id="mentions-title" className="text-lg font-semibold">
        Mentions
      </h2>
      <div>
        <h3 className="mb-2 text-sm font-medium text-slate-300">Rétroliens</h3>
        <ShowMoreList
          items={backlinks}
          empty="Aucun autre concept ne pointe vers celui-ci directement."
          render={(b) => (
            <li key={b.id}>
              <Link to={`/concepts/${b.id}`} className="text-nebula-400 hover:underline">
                {b.title || 'Sans titre'}
              </Link>
            </li>
          )}
        />
      </div>
      <div>
        <h3 className="mb-2 text-sm font-medium text-slate-300">Notes quotidiennes</h3>
        {error && <p className="text-sm text-red-300">Failed to load note mentions</p>}
        {!error && mentions === null && <p className="text-sm text-slate-400">Chargement...</p>}
        {mentions && (
          <ShowMoreList
            items={mentions}
            empty="Ce concept n'est mentionné dans aucune note quotidienne."
            render={(m) => (
              <li key={`${m.note_date}-${m.block_id}`} className="text-sm [overflow-wrap:anywhere]">
                <Link to={mentionPath(m)} className="text-nebula-400 hover:underline">
                  {m.note_date.slice(0, 10)}
                </Link>
                <span className="text-slate-300"> — {mentionText(m.block_text)}</span>
              </li>
            )}
          />
        )}
      </div>
    </section>
  );
}
