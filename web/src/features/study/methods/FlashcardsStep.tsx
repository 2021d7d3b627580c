/**
 * The Flashcards step of a Composite session on one concept: each of the concept's cards in
 * the session (with those just made from what a Blurting step missed), once, question then
 * answer (Space) then a rating (1–4), each a real review in the session. When every card has
 * been answered, or the person stops, the step's result is saved: how each card was rated.
 */
import { useState } from 'react';
import type { Rating } from '../../../api/flashcards';
import { studySessionsApi } from '../../../api/study-sessions';
import { flashcardsDetails, studyMethodsApi, type MethodResult, type SessionConcept } from '../../../api/study-methods';
import { errorText } from '../../../ui/error-text';
import { Spinner } from '../../../ui/Spinner';
import { useLoad } from '../../../ui/use-load';
import { RatingButtons } from '../../flashcards/RatingButtons';
import { useReviewKeys } from '../../flashcards/use-review-keys';
import { cardsReviewedText } from './result-text';

interface Props {
  sessionId: number;
  concept: SessionConcept;
  saved: MethodResult | null;
  onSaved(result: MethodResult): void;
}

/** '2 / 3 cartes revues, 1 bien retenue' of a saved step. */
export function flashcardsStepText(result: MethodResult): string {
  const { cards, ratings } = flashcardsDetails(result);
  return cardsReviewedText(ratings.length, cards, ratings.filter((r) => r.rating >= 3).length);
}

export function FlashcardsStep({ sessionId, concept, saved, onSaved }: Props) {
  const load = useLoad(() => studyMethodsApi.sessionCards(sessionId, concept.id), [sessionId, concept.id]);
  if (saved)
    return (
      <p role="status" className="card text-emerald-200" data-testid="flashcards-step-result">
        Étape terminée : {flashcardsStepText(saved)}.
      </p>
    );
  if (load.phase === 'loading') return <Spinner />;
  if (load.phase === 'error') return <p role="alert" className="text-red-300">{errorText(load.error, 'Impossible de charger les cartes du concept.')}</p>;
  return <CardRun sessionId={sessionId} conceptId={concept.id} cards={load.data.filter((c) => c.session_rating === null)} onSaved={onSaved} />;
}

type StepCard = Awaited<ReturnType<typeof studyMethodsApi.sessionCards>>[number];

function CardRun({ sessionId, conceptId, cards, onSaved }: { sessionId: number; conceptId: number; cards: StepCard[]; onSaved(result: MethodResult): void }) {
  const [index, setIndex] = useState(0);
  const [revealed, setRevealed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [shownAt, setShownAt] = useState(() => performance.now());
  const card = cards[index] ?? null;
  useReviewKeys(card !== null && !busy, revealed, () => setRevealed(true), (r) => void rate(r));

  async function finish() {
    setBusy(true);
    setError(null);
    try {
      onSaved(await studyMethodsApi.saveFlashcardsStep(sessionId, conceptId));
    } catch (err) {
      setError(errorText(err, "Le résultat de l'étape n'a pas pu être enregistré. Réessayez."));
      setBusy(false);
    }
  }

  async function rate(rating: Rating) {
    if (!card || busy || !revealed) return;
    setBusy(true);
    setError(null);
    try {
      await studySessionsApi.review(sessionId, card.id, rating, Math.round(performance.now() - shownAt));
      setRevealed(false);
      setShownAt(performance.now());
      setIndex(index + 1);
      setBusy(false);
      if (index + 1 >= cards.length) await finish();
    } catch (err) {
      setError(errorText(err, "Votre réponse n'a pas pu être enregistrée. Réessayez."));
      setBusy(false);
    }
  }

  if (!card) {
    return (
      <div className="card space-y-3">
        <p>{cards.length === 0 ? "Aucune carte à revoir pour ce concept dans cette session." : 'Toutes les cartes du concept sont revues.'}</p>
        {error && (
          <p role="alert" className="text-red-300">
            {error}
          </p>
        )}
        <button type="button" className="btn-primary" disabled={busy} onClick={() => void finish()}>
          Terminer cette étape
        </button>
      </div>
    );
  }
  return (
    <div className="readable-view card space-y-4">
      <p className="text-sm text-slate-400" data-testid="flashcards-step-counter">
        Carte {index + 1} / {cards.length}
      </p>
      <p className="whitespace-pre-wrap text-xl" data-testid="session-question">
        {card.question}
      </p>
      {revealed ? (
        <>
          <div className="border-t border-space-600 pt-4">
            <p className="text-xs uppercase tracking-wide text-slate-400">Réponse</p>
            <p className="mt-1 whitespace-pre-wrap text-lg" data-testid="session-answer">
              {card.answer}
            </p>
          </div>
          <RatingButtons labels="session" disabled={busy} onRate={(r) => void rate(r)} />
        </>
      ) : (
        <button type="button" className="btn-primary w-full" onClick={() => setRevealed(true)}>
          Voir la réponse
        </button>
      )}
      {error && (
        <p role="alert" className="text-red-300">
          {error}
        </p>
      )}
      <button type="button" className="btn-ghost text-sm" disabled={busy} onClick={() => void finish()}>
        Arrêter les cartes ici
      </button>
    </div>
  );
}
