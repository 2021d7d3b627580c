/**
 * /study/method/{sessionId}: a session of Blurting, Feynman, Cornell or Composite,
 * concept by concept in the order chosen. Loads the session, its concepts and the results
 * already saved (a reload resumes at the first step without a result), then runs the
 * method's step on each concept (a Composite session: each of its steps, in order, on each
 * concept); 'Terminer la session' ends it and opens the summary.
 */
import { useCallback, useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { studySessionsApi, type StudySession } from '../../../api/study-sessions';
import { studyMethodsApi, type MethodResult, type SessionConcept } from '../../../api/study-methods';
import { errorText } from '../../../ui/error-text';
import { Spinner } from '../../../ui/Spinner';
import { useLoad } from '../../../ui/use-load';
import { methodOf } from '../methods';
import { SessionProblem } from '../SessionProblem';
import { BlurtingStep } from './BlurtingStep';
import { FeynmanStep } from './FeynmanStep';
import { CornellStep } from './CornellStep';
import { FlashcardsStep } from './FlashcardsStep';
import { firstOpenStep } from '@domain/composite-steps';
import { useAuth } from '../../../ui/auth-context';
import { useReviewQueue } from '../../flashcards/use-review-queue';
import { pendingSteps, sendPendingSteps } from './pending-steps';

interface Loaded {
  session: StudySession;
  concepts: SessionConcept[];
  results: MethodResult[];
}

const LOAD_ERROR = 'Impossible de charger la session. Vérifiez votre connexion puis réessayez.';

export function MethodSessionPage() {
  const { sessionId } = useParams();
  const id = sessionId && /^\d+$/.test(sessionId) ? Number(sessionId) : null;
  const load = useLoad<Loaded>(
    id === null ? null : async () => {
      const [session, concepts, results] = await Promise.all([studySessionsApi.get(id), studyMethodsApi.concepts(id), studyMethodsApi.results(id)]);
      return { session, concepts, results };
    },
    [id],
  );
  const failure = id === null ? 'ID de session invalide.' : load.phase === 'error' ? errorText(load.error, LOAD_ERROR) : null;
  if (failure) return <SessionProblem message={failure} />;
  if (load.phase !== 'loaded') return <Spinner />;
  return <MethodRun key={id} {...load.data} />;
}

const stepKey = (conceptId: number, step: string) => `${conceptId}:${step}`;

interface StepProps {
  step: string;
  sessionId: number;
  concept: SessionConcept;
  saved: MethodResult | null;
  pending: boolean;
  onSaved(result: MethodResult): void;
  onPending(): void;
}

/** One step on one concept, by its method. */
function MethodStep({ step, pending, onPending, ...props }: StepProps) {
  if (step === 'BLURTING') return <BlurtingStep {...props} />;
  if (step === 'FEYNMAN') return <FeynmanStep {...props} />;
  if (step === 'CORNELL') return <CornellStep {...props} />;
  if (step === 'FLASHCARDS') return <FlashcardsStep {...props} pending={pending} onPending={onPending} />;
  return <p className="card text-amber-200">Cette méthode n'est pas encore disponible.</p>;
}

function MethodRun({ session, concepts, results }: Loaded) {
  const navigate = useNavigate();
  const method = methodOf(session.method_type);
  const steps: string[] = session.steps ?? [session.method_type];
  const { user } = useAuth();
  const queue = useReviewQueue();
  const [saved, setSaved] = useState(() => new Map(results.map((r) => [stepKey(r.concept_id, r.method_type), r])));
  /** Flashcards steps finished offline, waiting to be saved (pending-steps.ts): done meanwhile. */
  const waitingSteps = useCallback(() => new Set(user ? pendingSteps(user.id, session.id).map((c) => stepKey(c, 'FLASHCARDS')) : []), [user, session.id]);
  const [pending, setPending] = useState(waitingSteps);
  // Resume at the first step of a concept without a result.
  const [at, setAt] = useState(() => firstOpenStep(concepts.map((c) => c.id), steps, (c, s) => saved.has(stepKey(c, s)) || pending.has(stepKey(c, s))));
  const [ending, setEnding] = useState(false);
  const [endError, setEndError] = useState<string | null>(null);
  const concept = concepts[at.concept];
  const step = steps[at.step]!;
  const keep = (r: MethodResult) => setSaved((m) => new Map(m).set(stepKey(r.concept_id, r.method_type), r));
  const isDone = (conceptId: number, s: string) => saved.has(stepKey(conceptId, s)) || pending.has(stepKey(conceptId, s));
  const done = concept ? isDone(concept.id, step) : false;

  /** Sends the queued answers, then the steps finished offline; throws when the server is out of reach. */
  const sendWaiting = useCallback(async () => {
    if (!queue) return;
    const sent = await sendPendingSteps(queue, session.id);
    setSaved((m) => new Map([...m, ...sent.map((r) => [stepKey(r.concept_id, r.method_type), r] as const)]));
    setPending(waitingSteps());
  }, [queue, session.id, waitingSteps]);
  const waiting = pending.size > 0;
  useEffect(() => {
    if (!waiting) return;
    const send = () => void sendWaiting().catch(() => undefined);
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [waiting, sendWaiting]);

  // This device's copies follow the session (the service worker keeps each read): its results,
  // and the shown concept's cards when a Flashcards step is to come, so a reload offline resumes here.
  const conceptId = concept?.id;
  const flashcardsStep = steps.includes('FLASHCARDS');
  useEffect(() => {
    if (conceptId === undefined) return;
    void studyMethodsApi.results(session.id).catch(() => undefined);
    if (flashcardsStep) void studyMethodsApi.sessionCards(session.id, conceptId).catch(() => undefined);
  }, [session.id, conceptId, flashcardsStep, saved]);
  const go = (by: 1 | -1) => {
    const flat = at.concept * steps.length + at.step + by;
    setAt({ concept: Math.floor(flat / steps.length), step: flat % steps.length });
  };

  async function end() {
    setEnding(true);
    setEndError(null);
    try {
      await sendWaiting();
      await studySessionsApi.end(session.id);
      navigate(`/study/summary/${session.id}`);
    } catch (err) {
      setEndError(errorText(err, 'Impossible de terminer la session. Réessayez.'));
      setEnding(false);
    }
  }

  if (session.ended_at) return <Navigate to={`/study/summary/${session.id}`} replace />;
  const lastStep = at.step === steps.length - 1;
  const last = at.concept === concepts.length - 1 && lastStep;
  const composite = steps.length > 1;
  return (
    <section className="mx-auto max-w-5xl space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Session {method?.name ?? session.method_type}</h1>
          <p className="text-sm text-slate-400" data-testid="method-counter">
            Concept {Math.min(at.concept + 1, concepts.length)} / {concepts.length}
            {composite && ` · Étape ${at.step + 1} / ${steps.length} : ${methodOf(step)?.name ?? step}`}
          </p>
          {composite && (
            <ol className="mt-1 flex flex-wrap gap-1 text-xs" aria-label="Étapes de ce concept" data-testid="composite-progress">
              {steps.map((s, i) => (
                <li
                  key={s}
                  aria-current={i === at.step ? 'step' : undefined}
                  className={`rounded-full border px-2 py-0.5 ${i === at.step ? 'border-nebula-400 text-nebula-200' : 'border-space-600 text-slate-400'}`}
                >
                  {concept && isDone(concept.id, s) ? '✓ ' : ''}
                  {methodOf(s)?.name ?? s}
                </li>
              ))}
            </ol>
          )}
        </div>
        <button type="button" className="btn-ghost" disabled={ending} onClick={() => void end()}>
          Terminer
        </button>
      </header>
      {!concept ? (
        <p className="card">Aucun concept dans cette session.</p>
      ) : (
        <>
          <h2 className="text-xl font-semibold" data-testid="method-concept-title">
            {concept.title}
          </h2>
          <MethodStep
            key={stepKey(concept.id, step)}
            step={step}
            sessionId={session.id}
            concept={concept}
            saved={saved.get(stepKey(concept.id, step)) ?? null}
            pending={pending.has(stepKey(concept.id, step))}
            onSaved={keep}
            onPending={() => setPending(waitingSteps())}
          />
          <div className="flex flex-wrap justify-end gap-3">
            {(at.concept > 0 || at.step > 0) && (
              <button type="button" className="btn-ghost" onClick={() => go(-1)}>
                {at.step > 0 ? 'Étape précédente' : 'Concept précédent'}
              </button>
            )}
            {last ? (
              <button type="button" className="btn-primary" disabled={ending || !done} onClick={() => void end()}>
                Terminer la session
              </button>
            ) : (
              <button type="button" className="btn-primary" disabled={!done} onClick={() => go(1)}>
                {lastStep ? 'Concept suivant' : 'Étape suivante'}
              </button>
            )}
          </div>
        </>
      )}
      {endError && (
        <p role="alert" className="text-red-300">
          {endError}
        </p>
      )}
    </section>
  );
}

export default MethodSessionPage;
export { MethodSessionPage as Component };
