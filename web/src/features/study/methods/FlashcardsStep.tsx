/**
 * The Flashcards step of a Composite session on one concept: each of the concept's cards in
 * the session (with those just made from what a Blurting step missed), once, question then
 * answer (Space) then a rating (1–4), each a real review in the session. When every card has
 * been answered, or the person stops, the step's result is saved: how each card was rated.
 *
 * Offline it works as the review dialog does: the cards come from the service worker's copy
 * (kept current after each answer), an answer the server cannot take is scheduled here and
 * queued with the session's id (review-queue.ts; the upload counts it in the session), and a
 * step finished offline waits in pending-steps.ts, counted as done, until the queue is sent.
 */
import { useState } from 'react';
import type { Rating } from '../../../api/flashcards';
import { schedulingParams } from '../../../api/fsrs';
import { studySessionsApi } from '../../../api/study-sessions';
import { flashcardsDetails, studyMethodsApi, type MethodResult, type SessionConcept } from '../../../api/study-methods';
import { newClientId } from '../../../lib/queue-store';
import type { QueuedAnswer } from '../../../lib/queued-answer';
import { useAuth } from '../../../ui/auth-context';
import { errorText } from '../../../ui/error-text';
import { Spinner } from '../../../ui/Spinner';
import { useLoad } from '../../../ui/use-load';
import { RatingButtons } from '../../flashcards/RatingButtons';
import { isUnreachable } from '../../flashcards/review-queue';
import { useReviewKeys } from '../../flashcards/use-review-keys';
import { useReviewQueue } from '../../flashcards/use-review-queue';
import { usePreferences } from '../../settings/preferences-context';
import { keepPendingStep } from './pending-steps';
import { cardsReviewedText } from './result-text';

interface Props {
  sessionId: number;
  concept: SessionConcept;
  saved: MethodResult | null;
  /** The step was finished offline and waits to be saved. */
  pending: boolean;
  onSaved(result: MethodResult): void;
  onPending(): void;
}

type StepCard = Awaited<ReturnType<typeof studyMethodsApi.sessionCards>>[number];

/** '2 / 3 cartes revues, 1 bien retenue' of a saved step. */
export function flashcardsStepText(result: MethodResult): string {
  const { cards, ratings } = flashcardsDetails(result);
  return cardsReviewedText(ratings.length, cards, ratings.filter((r) => r.rating >= 3).length);
}

/** The cards with the ratings given in this session that still wait on this device. */
function withQueuedRatings(cards: StepCard[], queued: readonly QueuedAnswer[]): StepCard[] {
  const latest = new Map(queued.map((a) => [a.flashcard_id, a.rating]));
  return cards.map((c) => (latest.has(c.id) ? { ...c, session_rating: latest.get(c.id)! } : c));
}

export function FlashcardsStep({ sessionId, concept, saved, pending, onSaved, onPending }: Props) {
  const queue = useReviewQueue();
  const load = useLoad(async () => {
    const cards = await studyMethodsApi.sessionCards(sessionId, concept.id);
    await queue?.ready;
    return withQueuedRatings(cards, queue?.sessionAnswers(sessionId) ?? []);
  }, [sessionId, concept.id, queue]);
  /** The ratings given on this page, for the result of a step finished offline. */
  const [given, setGiven] = useState(() => new Map<number, number>());
  if (saved)
    return (
      <p role="status" className="card text-emerald-200" data-testid="flashcards-step-result">
        Étape terminée : {flashcardsStepText(saved)}.
      </p>
    );
  if (load.phase === 'loading') return <Spinner />;
  if (load.phase === 'error') return <p role="alert" className="text-red-300">{errorText(load.error, 'Impossible de charger les cartes du concept.')}</p>;
  if (pending) {
    const ratings = load.data.flatMap((c) => (given.get(c.id) ?? c.session_rating) ?? []);
    return (
      <p role="status" className="card text-emerald-200" data-testid="flashcards-step-result">
        Étape terminée hors ligne : {cardsReviewedText(ratings.length, load.data.length, ratings.filter((r) => r >= 3).length)}. Le résultat sera enregistré au retour du
        réseau.
      </p>
    );
  }
  return (
    <CardRun
      sessionId={sessionId}
      conceptId={concept.id}
      cards={load.data.filter((c) => c.session_rating === null)}
      onRated={(id, rating) => setGiven((m) => new Map(m).set(id, rating))}
      onSaved={onSaved}
      onPending={onPending}
    />
  );
}

interface RunProps {
  sessionId: number;
  conceptId: number;
  cards: StepCard[];
  onRated(cardId: number, rating: number): void;
  onSaved(result: MethodResult): void;
  onPending(): void;
}

function CardRun({ sessionId, conceptId, cards, onRated, onSaved, onPending }: RunProps) {
  const queue = useReviewQueue();
  const { user } = useAuth();
  const { preferences } = usePreferences();
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
      if (user && isUnreachable(err)) {
        keepPendingStep(user.id, sessionId, conceptId);
        return onPending();
      }
      setError(errorText(err, "Le résultat de l'étape n'a pas pu être enregistré. Réessayez."));
      setBusy(false);
    }
  }

  /** Sends the answer, or (no answer from the server) schedules and queues it on this device with the id it was sent with. */
  async function answer(shown: StepCard, rating: Rating, durationMs: number) {
    const clientId = newClientId();
    try {
      await studySessionsApi.review(sessionId, shown.id, rating, durationMs, clientId);
      // The service worker's copy of the cards follows, for a reload offline.
      void studyMethodsApi.sessionCards(sessionId, conceptId).catch(() => undefined);
    } catch (err) {
      if (!queue || !isUnreachable(err)) throw err;
      const scheduling = { desiredRetention: preferences.desired_retention, params: await schedulingParams() };
      await queue.answer(shown, { rating, durationMs, scheduling, clientId, sessionId });
    }
  }

  async function rate(rating: Rating) {
    if (!card || busy || !revealed) return;
    setBusy(true);
    setError(null);
    try {
      await answer(card, rating, Math.round(performance.now() - shownAt));
      onRated(card.id, rating);
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
