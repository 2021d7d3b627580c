/**
 * The flashcard session's state machine (spec document 2 §4 'Flashcard session'):
 * loading → question → answer → (rate) → next card after ~100 ms → ... → finished,
 * then the summary. 'Terminer' ends the session and opens the summary even if ending
 * fails. The last answer can be undone ('↶ Défaire'): its card comes back, question side up.
 * The server decides the next card, so a card rated 'À nouveau' (or still on a learning
 * step) comes back later in the same session until it passes. The shown card can also be
 * suspended or buried until tomorrow; '↶ Défaire' takes that back too. S, B or U pressed
 * while an answer or action is still being sent is not dropped: it runs once that ends.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { ApiRequestError } from '../../api/client';
import { useToast } from '../../ui/Toasts';
import { errorText } from '../../ui/error-text';
import { flashcardsApi, type Flashcard, type Rating } from '../../api/flashcards';
import { actionDone, sendAction } from '../flashcards/card-actions';
import { studySessionsApi, type SessionCard, type SessionProgress } from '../../api/study-sessions';

export const NEXT_CARD_DELAY_MS = 100;
const FINISHED_PAUSE_MS = 1200;

type Phase = 'loading' | 'question' | 'answer' | 'finished' | 'error';

/** What the session screen draws and does; a session without the server (use-offline-study-session.ts) gives the same. */
/** The shown card after an edit of `saved`: its new text, with the interval previews it had. */
export const editedCard = (saved: Flashcard) => (shown: SessionCard | null) => (shown && shown.id === saved.id ? { ...saved, previews: shown.previews } : shown);

/** A key (U, S, B) pressed while a step is being saved: kept until the step ends. */
export type WaitingKey = { action: 'undo' } | { action: 'suspend' | 'bury'; cardId: number };

/**
 * Runs the key that waited once the step has ended (`busy` false), with the actions of that
 * render; S and B only while their card is still the one shown.
 */
export function useKeyAfterStep(busy: boolean, waiting: RefObject<WaitingKey | null>, shownId: number | undefined, undo: () => Promise<void>, setAside: (action: 'suspend' | 'bury') => Promise<void>): void {
  useEffect(() => {
    const next = waiting.current;
    if (busy || next === null) return;
    waiting.current = null;
    if (next.action === 'undo') void undo();
    else if (next.cardId === shownId) void setAside(next.action);
    // Only the end of a step releases a waiting key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [busy]);
}

export interface StudySessionView {
  phase: Phase;
  progress: SessionProgress | null;
  card: SessionCard | null;
  error: string | null;
  busy: boolean;
  canUndo: boolean;
  /** Counts each time a question is shown (a new card, or a card back after undo). */
  shownCount: number;
  /** The session runs on this device's copies, its answers queued for the upload. */
  offline: boolean;
  reveal(): void;
  rate(rating: Rating): Promise<void>;
  setAside(action: 'suspend' | 'bury'): Promise<void>;
  /** The shown card after an edit ('Modifier', E): its new text, same place in the session. */
  replaceCard(saved: Flashcard): void;
  undo(): Promise<void>;
  end(): Promise<void>;
}

export function useStudySession(sessionId: number | null): StudySessionView {
  const navigate = useNavigate();
  const toast = useToast();
  const [phase, setPhase] = useState<Phase>('loading');
  const [progress, setProgress] = useState<SessionProgress | null>(null);
  const [card, setCard] = useState<SessionCard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** The last thing done to a card (an answer, or a suspension or burial), which '↶ Défaire' takes back. */
  const [last, setLast] = useState<{ card: SessionCard; kind: 'answer' | 'set-aside' } | null>(null);
  const timers = useRef<number[]>([]);
  const shownAt = useRef(0);
  /** Counts each time a question is shown (a new card, or a card back after undo). */
  const [shownCount, setShownCount] = useState(0);
  /**
   * U, S or B pressed while an answer or action was under way: done once it ends instead of
   * lost. S and B name the card shown when pressed, and wait only while it is still shown.
   */
  const waiting = useRef<WaitingKey | null>(null);
  const later = (fn: () => void, ms: number) => timers.current.push(window.setTimeout(fn, ms));
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const toSummary = useCallback(() => navigate(`/study/summary/${sessionId}`), [navigate, sessionId]);

  const finish = useCallback(async () => {
    if (sessionId === null) return;
    setPhase('finished');
    await studySessionsApi.end(sessionId).catch(() => undefined);
    later(toSummary, FINISHED_PAUSE_MS);
  }, [sessionId, toSummary]);

  const loadNext = useCallback(async () => {
    if (sessionId === null) return;
    try {
      const next = await studySessionsApi.next(sessionId);
      if (!next) return finish();
      setCard(next);
      setPhase('question');
      shownAt.current = performance.now();
      setShownCount((n) => n + 1);
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 404) return finish();
      setError(`Une erreur est survenue lors du chargement de la carte suivante: ${errorText(err, 'erreur inconnue')}`);
      setPhase('error');
    }
  }, [sessionId, finish]);

  useEffect(() => {
    if (sessionId === null) return;
    let live = true;
    studySessionsApi
      .get(sessionId)
      .then((info) => {
        if (!live) return;
        setProgress(info);
        if (info.ended_at) return toSummary();
        return loadNext();
      })
      .catch((err) => {
        if (!live) return;
        setError(`Erreur lors de la récupération des informations de session: ${errorText(err, 'erreur inconnue')}`);
        setPhase('error');
      });
    return () => {
      live = false;
    };
  }, [sessionId, loadNext, toSummary]);

  async function rate(rating: Rating) {
    if (sessionId === null || !card || busy || phase !== 'answer') return;
    setBusy(true);
    try {
      setProgress(await studySessionsApi.review(sessionId, card.id, rating, Math.round(performance.now() - shownAt.current)));
      setLast({ card, kind: 'answer' });
      later(() => void loadNext().finally(() => setBusy(false)), NEXT_CARD_DELAY_MS);
    } catch (err) {
      setBusy(false);
      toast.error(`Erreur enregistrement réponse: ${errorText(err, 'erreur inconnue')}`);
    }
  }

  /** Suspends the shown card, or buries it until tomorrow, and moves on (once the step under way ends, if one is). */
  async function setAside(action: 'suspend' | 'bury') {
    if (busy && card) return void (waiting.current = { action, cardId: card.id });
    if (sessionId === null || busy || !card || (phase !== 'question' && phase !== 'answer')) return;
    setBusy(true);
    try {
      await sendAction(card.id, action);
      toast.success(actionDone(action));
      setLast({ card, kind: 'set-aside' });
      await loadNext();
    } catch (err) {
      toast.error(errorText(err, 'Action impossible sur cette carte.'));
    } finally {
      setBusy(false);
    }
  }

  async function undo() {
    if (busy) return void (waiting.current = { action: 'undo' });
    if (sessionId === null || !last || phase === 'finished') return;
    setBusy(true);
    try {
      if (last.kind === 'answer') await studySessionsApi.undo(sessionId, last.card.id);
      else await flashcardsApi.undoAction(last.card.id);
      setProgress(await studySessionsApi.get(sessionId));
      setCard(last.card);
      setLast(null);
      setPhase('question');
      shownAt.current = performance.now();
      setShownCount((n) => n + 1);
    } catch (err) {
      toast.error(`Impossible d'annuler la dernière réponse: ${errorText(err, 'erreur inconnue')}`);
    } finally {
      setBusy(false);
    }
  }

  // The key that waited: run by this render's actions, which see the step's outcome.
  useKeyAfterStep(busy, waiting, card?.id, undo, setAside);

  async function end() {
    if (sessionId === null) return;
    setBusy(true);
    try {
      await studySessionsApi.end(sessionId);
    } catch (err) {
      toast.error(`Erreur finalisation session: ${errorText(err, 'erreur inconnue')}. Affichage résumé...`);
    }
    toSummary();
  }

  return {
    phase,
    progress,
    card,
    error,
    busy,
    canUndo: last !== null && phase !== 'finished',
    shownCount,
    offline: false,
    reveal: () => void (phase === 'question' && setPhase('answer')),
    rate,
    setAside,
    replaceCard: (saved: Flashcard) => setCard(editedCard(saved)),
    undo,
    end,
  };
}
