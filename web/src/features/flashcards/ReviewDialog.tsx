/**
 * The spaced-repetition review dialog (spec document 2 §2 'Review dialog', §4, §8): the
 * concept's due cards one by one, answer revealed on demand, rated 1-4 (each button showing
 * the interval it gives at the person's desired retention), with undo of the last answer.
 * Cards not due yet are never mixed in silently: they are offered with 'Réviser en avance'
 * once the due ones are done (or when none is due), as in the study session. Without a
 * concept it reviews the cards due now. Everything resets when closed.
 *
 * Without the server the cards come from this device's copies, and an answer
 * that cannot be sent is scheduled here and queued (review-queue.ts); undo takes a queued
 * answer back out of the queue. A card answered here is not due again until its local due.
 *
 * The shown card can also be suspended, buried, rescheduled, forgotten or edited by hand
 * (ReviewCardMenu, also by keys); '↶ Défaire' (U) takes an action back like an answer.
 * Each side can be read aloud (L) and its sounds played (A): useCardVoice.
 */
import { useCallback, useEffect, useState } from 'react';
import { Spinner } from '../../ui/Spinner';
import { flashcardsApi, type Flashcard, type Rating } from '../../api/flashcards';
import { DUE_REVIEW_LIMIT, isUnreachable } from './review-queue';
import { newClientId } from '../../lib/queue-store';
import { useReviewQueue } from './use-review-queue';
import { Dialog } from '../../ui/Dialog';
import { CardAnnouncer } from './CardAnnouncer';
import { RatingButtons } from './RatingButtons';
import { cardPreviews } from './previews';
import { schedulingParams } from '../../api/fsrs';
import { useReviewKeys } from './use-review-keys';
import { usePreferences } from '../settings/preferences-context';
import { CardHistoryDialog } from './CardHistoryDialog';
import { ReviewCardMenu } from './ReviewCardMenu';
import { TypedAnswer } from './TypedAnswer';
import { sendAction, type ManualAction } from './card-actions';
import { EditCardDialog } from './EditCardDialog';
import { CardSide } from './CardSide';
import { OccludedImage } from './OccludedImage';
import { useCardVoice } from './use-card-voice';

const LOAD_ERROR = 'Erreur lors du chargement des flashcards. Veuillez réessayer.';
const RATE_ERROR = "Erreur lors de la soumission de l'évaluation. Veuillez réessayer.";

interface Props {
  open: boolean;
  onClose(): void;
  conceptId?: number;
  /** Called after every answer or undo so the page can refresh what it shows. */
  onReviewed?(): void;
}

export function ReviewDialog({ open, onClose, conceptId, onReviewed }: Props) {
  const [cards, setCards] = useState<Flashcard[] | null>(null);
  const [index, setIndex] = useState(0);
  const [revealed, setRevealed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Answers (and actions by hand) given in this dialog, last last; `queued` holds the client id of an answer kept on this device. */
  const [answered, setAnswered] = useState<{ cardId: number; queued: string | null; action?: true }[]>([]);
  /** A dialog of the card menu is open, or the card's form (E): the review keys rest. */
  const [overlay, setOverlay] = useState(false);
  const [editing, setEditing] = useState(false);
  /** The card whose 'Historique' is open (the review keys rest meanwhile). */
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [shownAt, setShownAt] = useState(0);
  /** The concept's cards not due yet, soonest first: reviewed only when asked ('Réviser en avance'). */
  const [notDue, setNotDue] = useState<Flashcard[]>([]);
  const { preferences } = usePreferences();
  const queue = useReviewQueue();
  // The person's own FSRS parameters, when saved: the previews show the intervals answers will get.
  const [fsrsParams, setFsrsParams] = useState<number[] | null>(null);
  useEffect(() => {
    let live = true;
    void schedulingParams().then((p) => live && setFsrsParams(p));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setCards(null);
    setIndex(0);
    setRevealed(false);
    setError(null);
    setAnswered([]);
    setNotDue([]);
    (conceptId !== undefined ? flashcardsApi.ofConcept(conceptId) : flashcardsApi.due(DUE_REVIEW_LIMIT))
      .then(async (list) => {
        await queue?.ready;
        if (!live) return;
        const now = Date.now();
        // A card answered on this device and not uploaded yet is due when this device says.
        const isDue = (c: Flashcard) => (queue ? queue.dueAt(c) : Date.parse(c.due)) <= now;
        setCards(list.filter(isDue));
        setNotDue(list.filter((c) => !isDue(c)).sort((a, b) => Date.parse(a.due) - Date.parse(b.due)));
        setShownAt(performance.now());
      })
      .catch(() => live && setError(LOAD_ERROR));
    return () => {
      live = false;
    };
  }, [open, conceptId, queue]);

  const card = cards?.[index];
  const rate = useCallback(
    async (rating: Rating) => {
      if (!card || busy) return;
      setBusy(true);
      setError(null);
      const durationMs = Math.round(performance.now() - shownAt);
      try {
        let queued: string | null = null;
        const clientId = newClientId();
        try {
          await flashcardsApi.review(card.id, rating, durationMs, clientId);
        } catch (err) {
          // No answer from the server: the answer is scheduled and kept on this device, with the
          // id it was sent with (if the server logged it and only the reply was lost, the upload adds nothing).
          if (!queue || !isUnreachable(err)) throw err;
          queued = (await queue.answer(card, { rating, durationMs, scheduling: { desiredRetention: preferences.desired_retention, params: fsrsParams }, clientId })).client_id;
        }
        setAnswered((list) => [...list, { cardId: card.id, queued }]);
        setIndex((i) => i + 1);
        setRevealed(false);
        setShownAt(performance.now());
        onReviewed?.();
      } catch {
        setError(RATE_ERROR);
      } finally {
        setBusy(false);
      }
    },
    [card, busy, shownAt, onReviewed, preferences.desired_retention, fsrsParams, queue],
  );

  /** Suspends, buries, reschedules or forgets the shown card, and moves on to the next. */
  async function act(action: ManualAction) {
    if (!card || busy) return;
    setBusy(true);
    setError(null);
    try {
      await sendAction(card.id, action);
      setAnswered((list) => [...list, { cardId: card.id, queued: null, action: true }]);
      setIndex((i) => i + 1);
      setRevealed(false);
      setShownAt(performance.now());
      onReviewed?.();
    } catch {
      setError('Action impossible sur cette carte. Veuillez réessayer.');
    } finally {
      setBusy(false);
    }
  }

  async function undo() {
    const last = answered[answered.length - 1];
    if (last === undefined || busy) return;
    setBusy(true);
    setError(null);
    try {
      if (last.action) await flashcardsApi.undoAction(last.cardId);
      else {
        // A queued answer is taken back here, unless an upload took it to the server: then it is undone there.
        const takenBack = Boolean(last.queued && queue && (await queue.undo(last.queued)));
        if (!takenBack) await flashcardsApi.undoReview(last.cardId);
      }
      setAnswered((list) => list.slice(0, -1));
      setIndex((i) => Math.max(0, i - 1));
      setRevealed(false);
      onReviewed?.();
    } catch {
      setError(last.action ? "Impossible d'annuler la dernière action." : "Impossible d'annuler la dernière réponse.");
    } finally {
      setBusy(false);
    }
  }

  function reviewAhead() {
    setCards(notDue);
    setNotDue([]);
    setIndex(0);
    setAnswered([]);
    setRevealed(false);
    setShownAt(performance.now());
  }

  const keys = open && Boolean(card) && !busy && !overlay && !editing && historyOf === null;
  useReviewKeys(keys, revealed, () => setRevealed(true), (r) => void rate(r));
  const voice = useCardVoice(open ? card : null, revealed, keys, index);

  const total = cards?.length ?? 0;
  const finished = cards !== null && total > 0 && index >= total;
  return (
    <Dialog
      open={open}
      title="Réviser les flashcards"
      onClose={onClose}
      actions={
        <>
          {answered.length > 0 && (
            <button type="button" className="btn-ghost" title="Défaire la dernière réponse (U)" aria-keyshortcuts="U" disabled={busy} onClick={() => void undo()}>
              ↶ Défaire
            </button>
          )}
          <button type="button" className="btn-ghost" onClick={onClose}>
            Fermer
          </button>
        </>
      }
    >
      {error && (
        <p role="alert" className="mb-3 rounded-md border border-red-600/50 bg-red-950/60 px-3 py-2 text-sm text-red-100">
          {error}
        </p>
      )}
      <CardAnnouncer question={card?.question ?? null} answer={card && revealed ? card.answer : null} previews={card && revealed ? cardPreviews(card, preferences.desired_retention, fsrsParams) : null} />
      {cards === null && !error && <Spinner />}
      {cards !== null && total === 0 && (
        <p className="py-6 text-center text-slate-300">
          {notDue.length > 0 ? 'Aucune carte due pour ce concept.' : conceptId !== undefined ? 'Aucune flashcard à réviser pour ce concept.' : 'Aucune flashcard à réviser pour le moment.'}
        </p>
      )}
      {finished && <p className="py-6 text-center text-xl font-semibold text-emerald-300">Révision terminée !</p>}
      {(finished || (cards !== null && total === 0)) && notDue.length > 0 && (
        <div className="space-y-2 text-center">
          <p className="text-sm text-slate-400">{notDue.length} carte(s) pas encore due(s) : les réviser maintenant avance leur prochaine révision.</p>
          <button type="button" className="btn-ghost" onClick={reviewAhead}>
            Réviser en avance
          </button>
        </div>
      )}
      {card && (
        <div className="space-y-4">
          <p className="text-sm text-slate-400">
            Carte {index + 1} / {total}
          </p>
          <div className="readable-view rounded-xl border border-space-600 bg-space-800 p-5">
            <p className="text-xs uppercase tracking-wide text-slate-400">Question</p>
            <CardSide side="question" text={card.question} lang={card.question_lang} voice={voice} className="mt-1 whitespace-pre-wrap text-lg" testId="review-question" />
            {card.occlusion && <OccludedImage occlusion={card.occlusion} side={revealed ? 'answer' : 'question'} testId="review-occlusion" />}
            {revealed && (
              <div className="mt-4 border-t border-space-600 pt-4">
                <p className="text-xs uppercase tracking-wide text-slate-400">Réponse</p>
                <CardSide side="answer" text={card.answer} lang={card.answer_lang} voice={voice} className="mt-1 whitespace-pre-wrap" testId="review-answer" />
              </div>
            )}
          </div>
          {card.type_answer && <TypedAnswer key={card.id} answer={card.answer} revealed={revealed} tolerant={preferences.typed_answer_tolerant} onReveal={() => setRevealed(true)} />}
          {revealed ? (
            <RatingButtons onRate={(r) => void rate(r)} disabled={busy} previews={cardPreviews(card, preferences.desired_retention, fsrsParams)} />
          ) : card.type_answer ? null : (
            <button type="button" className="btn-primary w-full" onClick={() => setRevealed(true)}>
              Afficher la Réponse
            </button>
          )}
          <ReviewCardMenu keys={keys} busy={busy} leaveActions onAction={(a) => void act(a)} onUndo={() => void undo()} onEdit={() => setEditing(true)} onHistory={() => setHistoryOf(card.id)} onOverlay={setOverlay} />
        </div>
      )}
      <CardHistoryDialog cardId={historyOf} onClose={() => setHistoryOf(null)} />
      <EditCardDialog
        card={editing ? (card ?? null) : null}
        onClose={() => setEditing(false)}
        onSaved={(saved) => {
          setCards((list) => list && list.map((c) => (c.id === saved.id ? saved : c)));
          setEditing(false);
          onReviewed?.();
        }}
      />
    </Dialog>
  );
}
