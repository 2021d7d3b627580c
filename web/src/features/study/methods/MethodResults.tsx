/** The summary's results of a Blurting, Feynman, Cornell or Composite session: each concept once, with each of its steps' results. */
import { Link } from 'react-router';
import { blurtingDetails, cornellDetails, feynmanDetails, studyMethodsApi, type MethodResult } from '../../../api/study-methods';
import { errorText } from '../../../ui/error-text';
import { Spinner } from '../../../ui/Spinner';
import { useLoad } from '../../../ui/use-load';
import { methodOf } from '../methods';
import { percent } from './BlurtingComparison';
import { flashcardsStepText } from './FlashcardsStep';
import { cardsCreatedText, cuesRecalledText, gapsText, missedText, wordsText } from './result-text';

/** What a step achieved, in a few words. */
function stepResult(result: MethodResult): string {
  const parts: string[] = [];
  if (result.method_type === 'BLURTING') {
    const missed = blurtingDetails(result).items.filter((i) => !i.found).length;
    parts.push(`Rappel ${percent(result.recall_score)}`, missedText(missed));
  }
  if (result.method_type === 'FEYNMAN') {
    const { text, gaps } = feynmanDetails(result);
    parts.push(`Explication de ${wordsText(text.split(/\s+/).filter(Boolean).length)}`, gapsText(gaps.length));
  }
  if (result.method_type === 'CORNELL') {
    const ratings = cornellDetails(result).ratings;
    parts.push(cuesRecalledText(ratings.filter((r) => r.rating >= 3).length, ratings.length));
  }
  if (result.method_type === 'FLASHCARDS') parts.push(flashcardsStepText(result));
  // Blurting always says what it made of the missed items; other steps only when they made cards.
  if (result.cards_created > 0 || result.method_type === 'BLURTING') parts.push(cardsCreatedText(result.cards_created));
  return parts.join(' · ');
}

/** The results of each concept together, concepts in the session's order (the answer's). */
function byConcept(results: MethodResult[]): { conceptId: number; title: string; steps: MethodResult[] }[] {
  const groups = new Map<number, { conceptId: number; title: string; steps: MethodResult[] }>();
  for (const r of results) {
    const group = groups.get(r.concept_id) ?? { conceptId: r.concept_id, title: r.concept_title, steps: [] };
    group.steps.push(r);
    groups.set(r.concept_id, group);
  }
  return [...groups.values()];
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
          {byConcept(results).map(({ conceptId, title, steps }) => (
            <li key={conceptId} className="space-y-1 py-2" data-testid="method-results-concept">
              <Link to={`/concepts/${conceptId}`} className="text-nebula-300 hover:underline">
                {title}
              </Link>
              <dl className="space-y-0.5 text-sm text-slate-300">
                {steps.map((r) => (
                  <div key={r.id} className="flex flex-wrap gap-x-2" data-testid="method-step-result">
                    <dt className="font-medium text-slate-200">{methodOf(r.method_type)?.name ?? r.method_type} :</dt>
                    <dd>{stepResult(r)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
