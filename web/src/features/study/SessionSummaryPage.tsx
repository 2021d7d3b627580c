/** /study/summary/{sessionId}: the session's results (spec document 2 §2, §5, §8, §9). */
import { Link, useParams } from 'react-router';
import { ApiRequestError } from '../../api/client';
import { errorText } from '../../ui/error-text';
import { Spinner } from '../../ui/Spinner';
import { studySessionsApi } from '../../api/study-sessions';
import { useLoad } from '../../ui/use-load';
import { STUDY_METHODS } from './methods';
import { MethodResults } from './methods/MethodResults';
import { averageText, durationText, performanceMessage, suggestions } from './summary-text';

function summaryError(err: unknown): string {
  if (err instanceof ApiRequestError) {
    if (err.status === 0) return 'Impossible de contacter le serveur. Vérifiez votre connexion et si le backend est lancé.';
    return `Erreur du serveur: ${err.status} - ${errorText(err, err.message)}`;
  }
  return 'Une erreur inconnue est survenue lors de la récupération du résumé.';
}

function idProblem(raw: string | undefined): string | null {
  if (!raw) return 'Aucun ID de session fourni.';
  if (!/^\d+$/.test(raw)) return 'Erreur : ID de session invalide ou manquant.';
  return null;
}

function HomeButtons() {
  return (
    <div className="flex flex-wrap justify-center gap-3">
      <Link to="/study" className="btn-primary">
        Nouvelle session
      </Link>
      <Link to="/dashboard" className="btn-ghost">
        Retour à l'accueil
      </Link>
    </div>
  );
}

export function SessionSummaryPage() {
  const { sessionId } = useParams();
  const problem = idProblem(sessionId);
  const load = useLoad(problem ? null : () => studySessionsApi.get(Number(sessionId)), [sessionId, problem]);
  const session = load.phase === 'loaded' ? load.data : null;
  const error = load.phase === 'error' ? summaryError(load.error) : null;

  if (problem || error) {
    return (
      <section className="card mx-auto max-w-xl space-y-4 text-center">
        <p role="alert" className="text-red-300">
          {problem ?? error}
        </p>
        <HomeButtons />
      </section>
    );
  }
  if (!session) return <Spinner />;
  if (!session.ended_at) {
    return (
      <section className="card mx-auto max-w-xl space-y-4 text-center">
        <p role="alert" className="text-amber-200">
          Données de session incomplètes ou session non terminée...
        </p>
        <Link to="/dashboard" className="btn-ghost">
          Retour à l'accueil
        </Link>
      </section>
    );
  }

  const method = STUDY_METHODS.find((m) => m.type === session.method_type)?.name ?? session.method_type;
  const average = session.average_rating ?? 0;
  const flashcards = session.method_type === 'FLASHCARDS';
  const figures: [string, string][] = [
    ['Type', method],
    ['Durée', durationText(session.started_at, session.ended_at)],
    ...(flashcards
      ? ([
          ['Cartes révisées', `${session.cards_reviewed} / ${session.total_cards}`],
          ['Note moyenne', averageText(session.average_rating)],
        ] as [string, string][])
      : []),
  ];
  return (
    <section className="mx-auto max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold">Résumé de la session</h1>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(([label, value]) => (
          <div key={label} className="card text-center">
            <dt className="text-xs uppercase tracking-wide text-slate-400">{label}</dt>
            <dd className="mt-1 text-lg font-semibold" data-testid={`summary-${label}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {!flashcards && <MethodResults sessionId={session.id} />}
      {flashcards && (
        <div className="card">
          <p className="text-lg">{session.cards_reviewed > 0 ? performanceMessage(average) : 'Aucune carte révisée pendant cette session.'}</p>
          <h2 className="mt-4 mb-2 font-semibold">Suggestions</h2>
          <ul className="list-disc space-y-1 pl-5 text-slate-300">
            {suggestions(session).map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </div>
      )}
      <HomeButtons />
    </section>
  );
}

export default SessionSummaryPage;
export { SessionSummaryPage as Component };
