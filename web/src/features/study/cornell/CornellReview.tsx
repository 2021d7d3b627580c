/**
 * Review mode of a Cornell sheet: the notes are hidden; each cue is asked in turn, the person
 * answers in their head (or aloud), shows their notes to check, and rates their recall.
 * Keys: Espace shows the notes, 1–4 rate.
 */
import type { JSONContent } from '@tiptap/react';
import { useEffect, useState } from 'react';
import type { CornellRow } from '@domain/cornell';
import { docToPlainText } from '@domain/richtext';
import { StoredDocument } from '../../../editor/StoredDocument';
import { RatingButtons } from '../../flashcards/RatingButtons';
import { RATINGS } from '../../flashcards/ratings';
import { cuesRecalledText } from '../methods/result-text';

export interface CueRating {
  cue: string;
  rating: number;
}

/** The rows worth asking: a cue and notes to check it against. */
export const reviewableRows = (rows: readonly CornellRow[]) => rows.filter((r) => r.cue.trim() && docToPlainText(r.notes).trim());

export function CornellReview({ rows, onDone, onQuit }: { rows: CornellRow[]; onDone(ratings: CueRating[]): void; onQuit(): void }) {
  const asked = reviewableRows(rows);
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState(false);
  const [ratings, setRatings] = useState<CueRating[]>([]);
  const row = asked[index];

  const rate = (rating: number) => {
    if (!row) return;
    const next = [...ratings, { cue: row.cue.trim(), rating }];
    setRatings(next);
    setShown(false);
    if (index + 1 < asked.length) setIndex(index + 1);
    else onDone(next);
  };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLElement && e.target.closest('input, textarea, [contenteditable="true"]')) return;
      if (!shown && e.key === ' ') {
        e.preventDefault();
        setShown(true);
      } else if (shown && /^[1-4]$/.test(e.key)) rate(Number(e.key));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (!row)
    return (
      <div className="card space-y-3">
        <p>Aucune question avec des notes à réviser : écrivez d’abord une question et ses notes.</p>
        <button type="button" className="btn-ghost" onClick={onQuit}>
          Revenir à la fiche
        </button>
      </div>
    );
  return (
    <div className="card space-y-4" data-testid="cornell-review">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-400" data-testid="cornell-review-counter">
          Question {index + 1} / {asked.length}
        </p>
        <button type="button" className="btn-ghost text-sm" onClick={onQuit}>
          Quitter la révision
        </button>
      </div>
      <h3 className="text-xl font-semibold [overflow-wrap:anywhere]" data-testid="cornell-review-cue">
        {row.cue}
      </h3>
      {!shown ? (
        <>
          <p className="text-slate-300">Répondez de mémoire, à voix haute ou dans votre tête, puis vérifiez avec vos notes.</p>
          <button type="button" className="btn-primary" autoFocus onClick={() => setShown(true)}>
            Afficher mes notes
          </button>
        </>
      ) : (
        <>
          <div className="readable-view rounded-md border border-space-600 p-3" data-testid="cornell-review-notes">
            <StoredDocument doc={row.notes as JSONContent} />
          </div>
          <p className="text-slate-300">Qu’aviez-vous retrouvé ?</p>
          <RatingButtons labels="session" onRate={(r) => rate(r)} />
        </>
      )}
    </div>
  );
}

/** 'Bon' or 'Facile' out of all, for the tally a review ends with. */
export function ReviewTally({ ratings }: { ratings: CueRating[] }) {
  const good = ratings.filter((r) => r.rating >= 3).length;
  return (
    <div className="space-y-2" data-testid="cornell-review-tally">
      <p className="font-semibold">
        {cuesRecalledText(good, ratings.length)}.
      </p>
      <ul className="space-y-1 text-sm">
        {ratings.map((r, i) => (
          <li key={i} className="flex justify-between gap-3">
            <span className="[overflow-wrap:anywhere]">{r.cue}</span>
            <span className="shrink-0 text-slate-400">{RATINGS.find((x) => x.rating === r.rating)?.sessionLabel}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
