/** The four rating buttons, numbered like their keys. */
import type { Rating } from '../../api/flashcards';
import { RATINGS } from './ratings';

export function RatingButtons({ onRate, disabled, labels = 'dialog' }: { onRate(rating: Rating): void; disabled?: boolean; labels?: 'dialog' | 'session' }) {
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" role="group" aria-label="Évaluation">
      {RATINGS.map((r) => {
        const label = labels === 'dialog' ? r.dialogLabel : r.sessionLabel;
        return (
          <button key={r.rating} type="button" disabled={disabled} title={r.hint} aria-label={label} className={`btn border bg-space-800 text-slate-100 ${r.tone}`} onClick={() => onRate(r.rating)}>
            <span className="text-xs text-slate-400">{r.rating}</span> {label}
          </button>
        );
      })}
    </div>
  );
}
