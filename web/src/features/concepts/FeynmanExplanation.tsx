/**
 * The concept page's 'Mon explication (Feynman)' section: the person's latest explanation of
 * the concept, with the gaps they marked, and its earlier versions (each Feynman session
 * saves a new one; study/methods/FeynmanStep.tsx offers the latest to improve next time).
 */
import { feynmanDetails, studyMethodsApi, type MethodResult } from '../../api/study-methods';
import { errorText } from '../../ui/error-text';
import { useLoad } from '../../ui/use-load';

const dated = (r: MethodResult) => new Date(r.updated_at).toLocaleDateString('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });

function Explanation({ result }: { result: MethodResult }) {
  const { text, gaps } = feynmanDetails(result);
  return (
    <>
      <p className="whitespace-pre-wrap text-slate-200 [overflow-wrap:anywhere]">{text}</p>
      {gaps.length > 0 && <p className="mt-1 text-sm text-amber-200">Lacunes à revoir : {gaps.join(' ; ')}</p>}
    </>
  );
}

export function FeynmanExplanation({ conceptId }: { conceptId: number }) {
  const history = useLoad((signal) => studyMethodsApi.conceptHistory(conceptId, 'FEYNMAN', signal), [conceptId]);
  return (
    <section aria-labelledby="feynman-title" className="card space-y-2" data-testid="concept-feynman">
      <h2 id="feynman-title" className="text-lg font-semibold">
        Mon explication (Feynman)
      </h2>
      {history.phase === 'loading' && <p className="text-sm text-slate-400">Chargement de vos explications…</p>}
      {history.phase === 'error' && (
        <p role="alert" className="text-sm text-red-300">
          {errorText(history.error, 'Impossible de charger vos explications.')}
        </p>
      )}
      {history.phase === 'loaded' &&
        (history.data.length === 0 ? (
          <p className="text-sm text-slate-400 italic">Aucune explication : une session Feynman sur ce concept l’enregistre ici.</p>
        ) : (
          <>
            <p className="text-sm text-slate-400">Version du {dated(history.data[0]!)}</p>
            <Explanation result={history.data[0]!} />
            {history.data.length > 1 && (
              <details data-testid="concept-feynman-previous">
                <summary className="cursor-pointer text-sm text-nebula-300">Versions précédentes ({history.data.length - 1})</summary>
                <ol className="mt-2 space-y-3">
                  {history.data.slice(1).map((r) => (
                    <li key={r.id} className="border-l-2 border-space-600 pl-3">
                      <p className="text-sm text-slate-400">Version du {dated(r)}</p>
                      <Explanation result={r} />
                    </li>
                  ))}
                </ol>
              </details>
            )}
          </>
        ))}
    </section>
  );
}
