/**
 * A concept's Cornell sheet with what can be done with it: write it, turn its question cues
 * into flashcards, and review it with the notes hidden. Used by the sheet's own page
 * (/concepts/{id}/cornell) and by a Cornell step of a study session, which keeps the review's
 * ratings as the step's result (`onReviewed`).
 */
import { useState } from 'react';
import { cornellSheetsApi } from '../../../api/cornell-sheets';
import { errorText } from '../../../ui/error-text';
import { Spinner } from '../../../ui/Spinner';
import { CornellReview, ReviewTally, type CueRating } from './CornellReview';
import { CornellSheetEditor } from './CornellSheetEditor';
import { useCornellSheet } from './use-cornell-sheet';
import { cardsCreatedText } from '../methods/result-text';

interface Props {
  conceptId: number;
  /** The review's ratings; a session saves them (and may fail: the message is shown). */
  onReviewed?(ratings: CueRating[]): Promise<void>;
}

export function CornellWorkspace({ conceptId, onReviewed }: Props) {
  const sheet = useCornellSheet(conceptId);
  const [mode, setMode] = useState<'write' | 'review'>('write');
  const [tally, setTally] = useState<CueRating[] | null>(null);
  const [cards, setCards] = useState<{ busy: boolean; text: string | null; error: string | null }>({ busy: false, text: null, error: null });
  const [reviewError, setReviewError] = useState<string | null>(null);

  if (sheet.phase === 'loading') return <Spinner />;
  if (sheet.phase === 'error')
    return (
      <p role="alert" className="card text-red-300">
        {sheet.loadError}
      </p>
    );

  async function createCards() {
    setCards({ busy: true, text: null, error: null });
    try {
      if (!(await sheet.save())) throw new Error('Enregistrez d’abord la fiche (elle n’a pas pu l’être), puis réessayez.');
      const { created } = await cornellSheetsApi.createCards(conceptId);
      const text = created.length
        ? `${cardsCreatedText(created.length)} : ${created.map((c) => c.question).join(' · ')}`
        : 'Aucune nouvelle carte : chaque question avec des notes a déjà sa carte (une question se termine par « ? »).';
      setCards({ busy: false, text, error: null });
    } catch (err) {
      setCards({ busy: false, text: null, error: errorText(err, 'Les cartes n’ont pas pu être créées.') });
    }
  }

  async function reviewed(ratings: CueRating[]) {
    setTally(ratings);
    setMode('write');
    setReviewError(null);
    try {
      await onReviewed?.(ratings);
    } catch (err) {
      setReviewError(`La révision n’a pas pu être enregistrée. ${errorText(err, '')}`.trim());
    }
  }

  if (mode === 'review') return <CornellReview rows={sheet.rows} onDone={(r) => void reviewed(r)} onQuit={() => setMode('write')} />;
  return (
    <div className="space-y-4">
      {tally && (
        <div className="card">
          <ReviewTally ratings={tally} />
          {reviewError && (
            <p role="alert" className="mt-2 text-sm text-red-300">
              {reviewError}{' '}
              <button type="button" className="btn-ghost text-sm" onClick={() => void reviewed(tally)}>
                Réessayer
              </button>
            </p>
          )}
        </div>
      )}
      <CornellSheetEditor conceptId={conceptId} {...sheet} />
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-ghost" disabled={cards.busy} onClick={() => void createCards()}>
          Créer des cartes à partir des questions
        </button>
        <button
          type="button"
          className="btn-primary"
          onClick={() => {
            setTally(null);
            setMode('review');
          }}
        >
          Mode révision
        </button>
      </div>
      {cards.text && (
        <p role="status" className="text-sm text-emerald-200" data-testid="cornell-cards-created">
          {cards.text}
        </p>
      )}
      {cards.error && (
        <p role="alert" className="text-sm text-red-300">
          {cards.error}
        </p>
      )}
    </div>
  );
}
