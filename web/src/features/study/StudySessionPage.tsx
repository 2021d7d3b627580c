/**
 * /study/session/{sessionId}: 'Session Flashcards' (spec document 2 §2, §4, §5, §8);
 * /study/session/hors-ligne is the same session run without the server (offline-session.ts). The
 * shown card can be suspended (S), buried (B) or edited (E) by hand, U undoes, '?' lists
 * the keys; each side can be read aloud (L) and its sounds played (A).
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { CardHistoryDialog } from '../flashcards/CardHistoryDialog';
import { ReviewCardMenu } from '../flashcards/ReviewCardMenu';
import { TypedAnswer } from '../flashcards/TypedAnswer';
import { Spinner } from '../../ui/Spinner';
import { SessionProblem } from './SessionProblem';
import { RatingButtons } from '../flashcards/RatingButtons';
import { CardAnnouncer } from '../flashcards/CardAnnouncer';
import { useReviewKeys } from '../flashcards/use-review-keys';
import { useStudySession, type StudySessionView } from './use-study-session';
import { useOfflineStudySession } from './use-offline-study-session';
import { OFFLINE_SESSION_ID } from './offline-session';
import { useStudyTimers } from './use-study-timers';
import { useAutoReveal } from './use-auto-reveal';
import { usePreferences } from '../settings/preferences-context';
import { EditCardDialog } from '../flashcards/EditCardDialog';
import { CardSide } from '../flashcards/CardSide';
import { OccludedImage } from '../flashcards/OccludedImage';
import { useCardVoice } from '../flashcards/use-card-voice';

function parseSessionId(raw: string | undefined): { id: number | null; problem: string | null } {
  if (!raw) return { id: null, problem: 'ID de session manquant.' };
  if (!/^\d+$/.test(raw)) return { id: null, problem: 'ID de session invalide.' };
  return { id: Number(raw), problem: null };
}

export function StudySessionPage() {
  const { sessionId } = useParams();
  return sessionId === OFFLINE_SESSION_ID ? <OfflineSession /> : <ServerSession raw={sessionId} />;
}

function ServerSession({ raw }: { raw: string | undefined }) {
  const { id, problem } = parseSessionId(raw);
  return <SessionScreen s={useStudySession(id)} problem={problem} />;
}

function OfflineSession() {
  return <SessionScreen s={useOfflineStudySession()} problem={null} />;
}

function SessionScreen({ s, problem }: { s: StudySessionView; problem: string | null }) {
  const [overlay, setOverlay] = useState(false);
  const [editing, setEditing] = useState(false);
  /** The card whose 'Historique' is open (the review keys rest meanwhile). */
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const keys = (s.phase === 'question' || s.phase === 'answer') && !overlay && !editing && historyOf === null;
  useReviewKeys(keys, s.phase === 'answer', s.reveal, (r) => void s.rate(r));
  const voice = useCardVoice(s.phase === 'question' || s.phase === 'answer' ? s.card : null, s.phase === 'answer', keys, s.shownCount);
  const timers = useStudyTimers(s.phase === 'question' || s.phase === 'answer');
  const { preferences } = usePreferences();
  // Keyed by the card and its showing, so an undone card counts down again.
  const revealIn = useAutoReveal(preferences.auto_advance_cards, s.phase === 'question' && s.card ? s.shownCount : null, s.reveal);

  const failure = problem ?? (s.phase === 'error' ? s.error : null);
  if (failure) return <SessionProblem message={failure} />;

  const total = s.progress?.total_cards ?? 0;
  const position = Math.min((s.progress?.cards_reviewed ?? 0) + 1, Math.max(total, 1));
  return (
    <section className="mx-auto max-w-2xl space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Session Flashcards</h1>
          {s.phase !== 'loading' && s.phase !== 'finished' && (
            <p className="text-sm text-slate-400" data-testid="session-counter">
              Carte {position} / {total}
            </p>
          )}
        </div>
        <div className="flex gap-2">
          {s.canUndo && (
            <button type="button" className="btn-ghost" title="Défaire la dernière réponse (U)" aria-keyshortcuts="U" disabled={s.busy} onClick={() => void s.undo()}>
              ↶ Défaire
            </button>
          )}
          <button type="button" className="btn-ghost" onClick={() => void s.end()}>
            Terminer
          </button>
        </div>
      </header>
      {s.offline && (
        <p role="status" data-testid="offline-session" className="rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-100">
          Hors ligne : session sur les cartes dues gardées sur cet appareil. Vos réponses y sont gardées et envoyées au retour du réseau.
        </p>
      )}
      {total > 0 && (
        <div className="h-1.5 overflow-hidden rounded-full bg-space-700" aria-hidden>
          <div className="h-full bg-nebula-500 transition-all" style={{ width: `${((s.progress?.cards_reviewed ?? 0) / total) * 100}%` }} />
        </div>
      )}
      {timers.prompt && s.phase !== 'finished' && (
        <div role="status" data-testid="study-prompt" className="flex flex-wrap items-center gap-3 rounded-lg border border-sky-500/50 bg-sky-500/10 px-4 py-2 text-sm">
          <span className="flex-1">
            {timers.prompt.kind === 'limit'
              ? `Vous étudiez depuis ${timers.prompt.minutes} minutes : terminer la session ?`
              : 'Petite pause ? Cela fait 25 minutes que vous étudiez.'}
          </span>
          {timers.prompt.kind === 'limit' && (
            <button type="button" className="btn-primary py-1" onClick={() => void s.end()}>
              Terminer la session
            </button>
          )}
          <button type="button" className="btn-ghost py-1" onClick={timers.dismiss}>
            Continuer
          </button>
        </div>
      )}
      <CardAnnouncer
        labels="session"
        question={s.card && (s.phase === 'question' || s.phase === 'answer') ? s.card.question : null}
        answer={s.card && s.phase === 'answer' ? s.card.answer : null}
        previews={s.card?.previews}
      />
      {s.phase === 'loading' && <Spinner />}
      {s.phase === 'finished' && (
        <div className="card text-center">
          <p className="text-2xl font-semibold text-emerald-300">Session terminée !</p>
          <p className="mt-2 text-slate-300">{s.offline ? "Réponses gardées sur cet appareil. Retour au menu d'étude..." : 'Affichage du résumé...'}</p>
        </div>
      )}
      {s.card && (s.phase === 'question' || s.phase === 'answer') && (
        <div className="readable-view card space-y-4">
          {s.card.concept_title && <p className="text-xs text-nebula-400">{s.card.concept_title}</p>}
          <div>
            <CardSide side="question" text={s.card.question} lang={s.card.question_lang} voice={voice} className="whitespace-pre-wrap text-xl" testId="session-question" />
            {s.card.occlusion && <OccludedImage occlusion={s.card.occlusion} side={s.phase} testId="session-occlusion" />}
          </div>
          {s.card.type_answer && <TypedAnswer key={s.shownCount} answer={s.card.answer} revealed={s.phase === 'answer'} tolerant={preferences.typed_answer_tolerant} onReveal={s.reveal} />}
          {s.phase === 'answer' ? (
            <>
              <div className="border-t border-space-600 pt-4">
                <p className="text-xs uppercase tracking-wide text-slate-400">Réponse</p>
                <CardSide side="answer" text={s.card.answer} lang={s.card.answer_lang} voice={voice} className="mt-1 whitespace-pre-wrap text-lg" testId="session-answer" />
              </div>
              <RatingButtons labels="session" disabled={s.busy} previews={s.card.previews} onRate={(r) => void s.rate(r)} />
            </>
          ) : s.card.type_answer ? null : (
            <>
              <button type="button" className="btn-primary w-full" onClick={s.reveal}>
                Voir la réponse
              </button>
              {revealIn !== null && (
                <p className="text-center text-xs text-slate-400" data-testid="auto-reveal">
                  Réponse affichée automatiquement dans {revealIn} s
                </p>
              )}
            </>
          )}
          <ReviewCardMenu
            keys={keys}
            busy={s.busy}
            onAction={(a) => (a === 'suspend' || a === 'bury') && void s.setAside(a)}
            onUndo={() => void s.undo()}
            onEdit={() => setEditing(true)}
            onHistory={() => setHistoryOf(s.card!.id)}
            onOverlay={setOverlay}
          />
        </div>
      )}
      <CardHistoryDialog cardId={historyOf} onClose={() => setHistoryOf(null)} />
      <EditCardDialog
        card={editing ? s.card : null}
        onClose={() => setEditing(false)}
        onSaved={(saved) => {
          s.replaceCard(saved);
          setEditing(false);
        }}
      />
    </section>
  );
}

export default StudySessionPage;
export { StudySessionPage as Component };
