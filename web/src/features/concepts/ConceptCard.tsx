/**
 * A concept as a card (grid) or a row (list view): mastery bar with its tooltip, title
 * (fallback 'Sans titre'), a 150-character preview, tag and constellation chips and the
 * last-modified day. In selection mode a checkbox toggles it.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ConstellationChips, MasteryBar, TagChips } from './Chips';
import { cutText, formatDay } from './format';
import type { ConceptSummary } from '../../api/concepts';

export const PREVIEW_LENGTH = 150;

interface ConceptCardProps {
  concept: ConceptSummary;
  layout?: 'card' | 'row';
  highlightTag?: string;
  selection?: { selected: boolean; onToggle(id: number): void };
  /** Extra buttons (e.g. the constellation page's review and remove actions). */
  actions?: ReactNode;
}

export function ConceptCard({ concept, layout = 'card', highlightTag, selection, actions }: ConceptCardProps) {
  const title = concept.title?.trim() || 'Sans titre';
  const preview = cutText(concept.content_text, PREVIEW_LENGTH);
  const row = layout === 'row';
  return (
    <article aria-label={title} className={`card flex gap-3 transition hover:border-nebula-500/60 ${row ? 'flex-row items-center py-3' : 'flex-col'}`} data-concept-id={concept.id}>
      {selection && (
        <input
          type="checkbox"
          className="mt-1 h-4 w-4 shrink-0 accent-nebula-500"
          aria-label={`Sélectionner ${title}`}
          checked={selection.selected}
          onChange={() => selection.onToggle(concept.id)}
        />
      )}
      <div className={`flex min-w-0 flex-1 gap-2 ${row ? 'flex-col sm:flex-row sm:items-center sm:gap-4' : 'flex-col'}`}>
        <div className={row ? 'w-full sm:w-24 sm:shrink-0' : ''}>
          <MasteryBar level={concept.mastery_level} />
        </div>
        <div className={`min-w-0 ${row ? 'sm:w-1/3 sm:shrink-0' : ''}`}>
          <h3 className="truncate text-lg font-semibold">
            <Link to={`/concepts/${concept.id}`} className="hover:text-nebula-400">
              {title}
            </Link>
          </h3>
          <p className="text-xs text-slate-400">Modifié le: {formatDay(concept.updated_at)}</p>
        </div>
        {preview && !row && <p className="text-sm break-words text-slate-300">{preview}</p>}
        {preview && row && <p className="hidden min-w-0 flex-1 truncate text-sm text-slate-300 lg:block">{preview}</p>}
        <div className="flex flex-col gap-1.5">
          <TagChips tags={concept.tags} highlight={highlightTag} />
          <ConstellationChips constellations={concept.constellations} />
        </div>
        {actions && <div className="mt-auto flex flex-wrap gap-2 pt-1">{actions}</div>}
      </div>
    </article>
  );
}
