/**
 * Starting a study session (spec document 2 §4 'Study preparation', §8, §9): in a browser
 * a session is created and opened at /study/session/{id}; in the mobile web view the host
 * app is asked to run it instead, with the spec's session settings. Without the server, a
 * review of the due cards opens the session that runs on this device's copies (offline-session.ts).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiRequestError } from '../../api/client';
import { useAuth } from '../../ui/auth-context';
import { useToast } from '../../ui/Toasts';
import { postToHost } from '../../lib/native-bridge';
import { studySessionsApi, type MethodType, type SessionSelection } from '../../api/study-sessions';
import { sessionPath } from './methods';
import { isUnreachable } from '../flashcards/review-queue';
import { OFFLINE_SESSION_ID } from './offline-session';

/** Manual selection: 20 cards, no time limit, new and due cards (document 2 §9). */
export const MANUAL_SESSION_SETTINGS = { maxCards: 20, timeLimit: 0, includeNew: true, includeDue: true };
/** Due review: as many cards as are due, no new cards. */
export const dueSessionSettings = (dueCount: number) => ({ maxCards: dueCount, timeLimit: 0, includeNew: false, includeDue: true });

export const START_ERROR = 'Impossible de démarrer la session. Réessayez plus tard.';
export const DUE_START_ERROR = 'Impossible de démarrer la session de révision. Réessayez plus tard.';
export const NO_ID_ERROR = "L'API n'a pas retourné d'ID de session.";
export const OFFLINE_START_ERROR = 'Hors ligne : seule la révision des cartes dues (Révision FSRS) fonctionne sans réseau. Réessayez une fois connecté.';
export const HOST_ERROR = "Erreur lors de la communication avec l'application mobile";

interface StartRequest {
  selection: SessionSelection;
  /** Concept ids handed to the host app (empty for a due review). */
  conceptIds: number[];
  settings: typeof MANUAL_SESSION_SETTINGS;
  failure: string;
  /** The study method (Flashcards when absent). */
  methodType?: MethodType;
}

export function useStartSession() {
  const navigate = useNavigate();
  const toast = useToast();
  const { isWebView } = useAuth();
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function start({ selection, conceptIds, settings, failure, methodType = 'FLASHCARDS' }: StartRequest) {
    if (starting) return;
    setError(null);
    // The host app runs flashcard sessions; the other methods run in the web view itself.
    if (isWebView && methodType === 'FLASHCARDS') {
      try {
        postToHost({ type: 'start-study-session', selectedConcepts: conceptIds, studyMethod: 'flashcards', sessionSettings: settings });
        toast.info("Session transmise à l'application mobile.");
      } catch {
        setError(HOST_ERROR);
      }
      return;
    }
    setStarting(true);
    try {
      const session = await studySessionsApi.create(selection, methodType);
      if (!session || typeof session.id !== 'number') {
        setError(NO_ID_ERROR);
        return;
      }
      navigate(sessionPath(methodType, session.id));
    } catch (err) {
      // Without the server a review of the due cards runs on this device's copies; nothing else can.
      if (isUnreachable(err) && methodType === 'FLASHCARDS' && 'due_only' in selection) return void navigate(`/study/session/${OFFLINE_SESSION_ID}`);
      if (isUnreachable(err)) return void setError(OFFLINE_START_ERROR);
      // The server explains a selection it cannot use (no concept, no card, nothing due);
      // anything else is the spec's generic failure.
      const explained = err instanceof ApiRequestError && err.status === 422 && typeof err.detail === 'string';
      setError(explained ? (err.detail as string) : failure);
    } finally {
      setStarting(false);
    }
  }

  return { start, starting, error };
}
