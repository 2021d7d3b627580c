/** The four rating buttons, numbered like their keys. */
import type { Rating } from '../../api/flashcards';
import type { IntervalPreviews } from '../../api/study-sessions';
import { useEffect, useRef } from 'react';
import { RATINGS } from './ratings';

/** With `previews`, each button also shows the interval its rating gives ('10 min', '3 j', '2,1 mois'). */
export function RatingButtons({
  onRate,
  disabled,
  labels = 'dialog',
  previews,
}: {
  onRate(rating: Rating): void;
  disabled?: boolean;
  labels?: 'dialog' | 'session';
  previews?: IntervalPreviews | null;
}) {
  // Shown in place of the reveal button, which had the focus: the focus comes here rather
  // than falling to the page, on the group and not a button, so a second Space rates nothing.
  const group = useRef<HTMLDivElement>(null);
  useEffect(() => group.current?.focus(), []);
  return (
    <div ref={group} tabIndex={-1} className="grid grid-cols-2 gap-2 focus:outline-none sm:grid-cols-4" role="group" aria-label="Évaluation">
      {RATINGS.map((r) => {
        const label = labels === 'dialog' ? r.dialogLabel : r.sessionLabel;
        const interval = previews?.[String(r.rating) as keyof NonNullable<IntervalPreviews>]?.interval;
        return (
          <button key={r.rating} type="button" disabled={disabled} title={r.hint} aria-keyshortcuts={String(r.rating)} className={`btn flex-col border bg-space-800 text-slate-100 ${r.tone}`} onClick={() => onRate(r.rating)}>
            <span>
              {/* The key is said by aria-keyshortcuts: the name reads 'Bon 10 min', label first. */}
              <span className="text-xs text-slate-400" aria-hidden="true">{r.rating}</span> {label}
            </span>
            {interval && (
              <span className="text-xs text-slate-400" data-testid={`interval-${r.rating}`}>
                {interval}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
