/**
 * /study/method/{sessionId}: a session of Blurting, Feynman, Cornell or Composite,
 * concept by concept in the order chosen. Loads the session, its concepts and the results
 * already saved (a reload resumes where the person was), then runs the method's step on
 * each concept; 'Terminer la session' ends it and opens the summary.
 */
import { useState } from 'react';
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

function MethodRun({ session, concepts, results }: Loaded) {
  const navigate = useNavigate();
  const method = methodOf(session.method_type);
  const [saved, setSaved] = useState(() => new Map(results.map((r) => [r.concept_id, r])));
  // Resume at the first concept without a result.
  const [index, setIndex] = useState(() => Math.max(0, Math.min(concepts.length - 1, concepts.findIndex((c) => !saved.has(c.id)))));
  const [ending, setEnding] = useState(false);
  const [endError, setEndError] = useState<string | null>(null);
  const concept = concepts[index];
  const keep = (r: MethodResult) => setSaved((m) => new Map(m).set(r.concept_id, r));

  async function end() {
    setEnding(true);
    setEndError(null);
    try {
      await studySessionsApi.end(session.id);
      navigate(`/study/summary/${session.id}`);
    } catch (err) {
      setEndError(errorText(err, 'Impossible de terminer la session. Réessayez.'));
      setEnding(false);
    }
  }

  if (session.ended_at) return <Navigate to={`/study/summary/${session.id}`} replace />;
  const last = index === concepts.length - 1;
  return (
    <section className="mx-auto max-w-5xl space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Session {method?.name ?? session.method_type}</h1>
          <p className="text-sm text-slate-400" data-testid="method-counter">
            Concept {Math.min(index + 1, concepts.length)} / {concepts.length}
          </p>
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
          {session.method_type === 'BLURTING' ? (
            <BlurtingStep key={concept.id} sessionId={session.id} concept={concept} saved={saved.get(concept.id) ?? null} onSaved={keep} />
          ) : session.method_type === 'FEYNMAN' ? (
            <FeynmanStep key={concept.id} sessionId={session.id} concept={concept} saved={saved.get(concept.id) ?? null} onSaved={keep} />
          ) : session.method_type === 'CORNELL' ? (
            <CornellStep key={concept.id} sessionId={session.id} concept={concept} saved={saved.get(concept.id) ?? null} onSaved={keep} />
          ) : (
            <p className="card text-amber-200">Cette méthode n'est pas encore disponible.</p>
          )}
          <div className="flex flex-wrap justify-end gap-3">
            {index > 0 && (
              <button type="button" className="btn-ghost" onClick={() => setIndex(index - 1)}>
                Concept précédent
              </button>
            )}
            {last ? (
              <button type="button" className="btn-primary" disabled={ending || !saved.has(concept.id)} onClick={() => void end()}>
                Terminer la session
              </button>
            ) : (
              <button type="button" className="btn-primary" disabled={!saved.has(concept.id)} onClick={() => setIndex(index + 1)}>
                Concept suivant
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
