/**
 * The flashcard session's screen state for a session without the server
 * (offline-session.ts): the same shape as useStudySession, so one screen draws both. It
 * loads the due cards this device kept (those answered here and not due again are left out),
 * answers and cards suspended or buried go to the device's queue (uploaded once the network
 * is back), and the end goes back to the study menu, since the
 * server holds no session to sum up.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { flashcardsApi, type Flashcard, type Rating } from '../../api/flashcards';
import { schedulingParams } from '../../api/fsrs';
import type { SessionCard, SessionProgress } from '../../api/study-sessions';
import { useToast } from '../../ui/Toasts';
import { errorText } from '../../ui/error-text';
import { studyDayBounds } from '@domain/study-day';
import { browserTimeZone } from '../../lib/time-zone';
import { actionDone } from '../flashcards/card-actions';
import { DUE_REVIEW_LIMIT } from '../flashcards/review-queue';
import { useReviewQueue } from '../flashcards/use-review-queue';
import { usePreferences } from '../settings/preferences-context';
import { OfflineStudySession } from './offline-session';
import { NEXT_CARD_DELAY_MS, editedCard, useKeyAfterStep, type StudySessionView, type WaitingKey } from './use-study-session';

const FINISHED_PAUSE_MS = 1200;
export const OFFLINE_LOAD_ERROR = "Hors ligne : aucune carte due n'est gardée sur cet appareil. Ouvrez l'application une fois connecté pour en garder une copie.";

type Phase = StudySessionView['phase'];

export function useOfflineStudySession(): StudySessionView {
  const navigate = useNavigate();
  const toast = useToast();
  const queue = useReviewQueue();
  const { preferences } = usePreferences();
  const [run, setRun] = useState<OfflineStudySession<Flashcard> | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [card, setCard] = useState<SessionCard | null>(null);
  const [progress, setProgress] = useState<SessionProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shownCount, setShownCount] = useState(0);
  const shownAt = useRef(0);
  /** U, S or B pressed while an answer or action was under way: done once it ends (S and B only while their card is still shown), as in a server session. */
  const waiting = useRef<WaitingKey | null>(null);
  const timers = useRef<number[]>([]);
  const later = (fn: () => void, ms: number) => timers.current.push(window.setTimeout(fn, ms));
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  useEffect(() => {
    if (!queue) return;
    let live = true;
    Promise.all([flashcardsApi.due(DUE_REVIEW_LIMIT), schedulingParams().catch(() => null), queue.ready])
      .then(([list, params]) => {
        if (!live) return;
        const now = Date.now();
        // A card answered on this device and not uploaded yet is due when this device says.
        const due = list.filter((c: Flashcard) => queue.dueAt(c) <= now);
        const session = new OfflineStudySession(due, queue, { desiredRetention: preferences.desired_retention, params }, (id, kind) =>
          kind === 'action' ? flashcardsApi.undoAction(id) : flashcardsApi.undoReview(id),
        );
        setRun(session);
        show(session);
      })
      .catch(() => {
        if (!live) return;
        setError(OFFLINE_LOAD_ERROR);
        setPhase('error');
      });
    return () => {
      live = false;
    };
    // The session is built once, from the preferences as they stood when it opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queue]);

  /** Shows the session's next card (or `next`), or ends the session when none is left. */
  function show(session: OfflineStudySession<Flashcard>, next = session.next(Date.now())) {
    setProgress(session.progress());
    if (!next) {
      setPhase('finished');
      later(() => navigate('/study'), FINISHED_PAUSE_MS);
      return;
    }
    setCard(next);
    setPhase('question');
    shownAt.current = performance.now();
    setShownCount((n) => n + 1);
  }

  async function rate(rating: Rating) {
    if (!run || !card || busy || phase !== 'answer') return;
    setBusy(true);
    try {
      await run.answer(card.id, rating, Math.round(performance.now() - shownAt.current), Date.now());
      setProgress(run.progress());
      later(() => {
        show(run);
        setBusy(false);
      }, NEXT_CARD_DELAY_MS);
    } catch {
      setBusy(false);
      toast.error("La réponse n'a pas pu être gardée sur cet appareil.");
    }
  }

  async function setAside(action: 'suspend' | 'bury') {
    if (busy && card) return void (waiting.current = { action, cardId: card.id });
    if (!run || !card || busy) return;
    setBusy(true);
    try {
      const now = Date.now();
      await run.setAside(card.id, action, now, studyDayBounds(now, browserTimeZone()).end);
      toast.success(actionDone(action));
      show(run);
    } catch {
      toast.error("L'action n'a pas pu être gardée sur cet appareil.");
    } finally {
      setBusy(false);
    }
  }

  async function undo() {
    if (busy) return void (waiting.current = { action: 'undo' });
    if (!run) return;
    setBusy(true);
    try {
      const back = await run.undo();
      show(run, back === null ? undefined : run.shown(back, Date.now()));
    } catch (err) {
      toast.error(`Impossible d'annuler la dernière réponse: ${errorText(err, 'erreur inconnue')}`);
    } finally {
      setBusy(false);
    }
  }

  // The key that waited: run by this render's actions, which see the step's outcome.
  useKeyAfterStep(busy, waiting, card?.id, undo, setAside);

  return {
    phase,
    progress,
    card,
    error,
    busy,
    canUndo: !!run?.canUndo && phase !== 'finished',
    shownCount,
    offline: true,
    reveal: () => void (phase === 'question' && setPhase('answer')),
    rate,
    setAside,
    replaceCard: (saved) => setCard(editedCard(saved)),
    undo,
    end: async () => navigate('/study'),
  };
}
