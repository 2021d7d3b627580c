/** The summary's results of a Blurting, Feynman, Cornell or Composite session: each step on each concept. */
import { Link } from 'react-router';
import { blurtingDetails, cornellDetails, feynmanDetails, studyMethodsApi, type MethodResult } from '../../../api/study-methods';
import { errorText } from '../../../ui/error-text';
import { Spinner } from '../../../ui/Spinner';
import { useLoad } from '../../../ui/use-load';
import { methodOf } from '../methods';
import { percent } from './BlurtingComparison';
import { flashcardsStepText } from './FlashcardsStep';

/** What a step achieved, in a few words. */
function stepResult(result: MethodResult): string {
  const parts: string[] = [];
  if (result.method_type === 'BLURTING') {
    const missed = blurtingDetails(result).items.filter((i) => !i.found).length;
    parts.push(`Rappel ${percent(result.recall_score)}`, `${missed} oublié(s)`);
  }
  if (result.method_type === 'FEYNMAN') {
    const gaps = feynmanDetails(result).gaps.length;
    parts.push(`Explication de ${feynmanDetails(result).text.split(/\s+/).filter(Boolean).length} mots`, `${gaps} lacune(s) à revoir`);
  }
  if (result.method_type === 'CORNELL') {
    const ratings = cornellDetails(result).ratings;
    parts.push(`${ratings.filter((r) => r.rating >= 3).length} / ${ratings.length} question(s) bien retrouvée(s)`);
  }
  if (result.method_type === 'FLASHCARDS') parts.push(flashcardsStepText(result));
  if (result.cards_created > 0) parts.push(`${result.cards_created} carte(s) créée(s)`);
  return parts.join(' · ');
}

export function MethodResults({ sessionId }: { sessionId: number }) {
  const load = useLoad(() => studyMethodsApi.results(sessionId), [sessionId]);
  if (load.phase === 'loading') return <Spinner />;
  if (load.phase === 'error') return <p role="alert" className="text-red-300">{errorText(load.error, 'Impossible de charger les résultats.')}</p>;
  const results = load.data;
  const scored = results.filter((r) => r.recall_score !== null);
  const mean = scored.length ? scored.reduce((sum, r) => sum + r.recall_score!, 0) / scored.length : null;
  return (
    <div className="card space-y-3">
      <h2 className="font-semibold">Résultats par concept</h2>
      {scored.length > 0 && (
        <p data-testid="summary-recall">
          Rappel moyen : <strong>{percent(mean)}</strong>
        </p>
      )}
      {results.length === 0 ? (
        <p className="text-slate-400">Aucun résultat enregistré pendant cette session.</p>
      ) : (
        <ul className="divide-y divide-space-700" data-testid="method-results">
          {results.map((r) => (
            <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
              <Link to={`/concepts/${r.concept_id}`} className="text-nebula-300 hover:underline">
                {r.concept_title}
              </Link>
              <span className="text-sm text-slate-300">
                {methodOf(r.method_type)?.name ?? r.method_type} — {stepResult(r)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
