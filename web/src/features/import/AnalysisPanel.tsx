/**
 * The analysis panel (spec document 3 §2.6): the person's concepts found in the content as
 * toggleable chips (all preselected; the selected ones get a related_to link), potential
 * new concepts (each can be created in one click, beyond the spec), Retour and Créer le concept.
 */
import { docToPlainText, type RichNode } from '@domain/richtext';
import { cutText } from '../concepts/format';
import type { Analysis } from './useImport';

interface Props {
  title: string;
  analysis: Analysis;
  creating: boolean;
  creatingSuggestion: string | null;
  onToggle(id: number): void;
  onCreateSuggestion(title: string): void;
  onBack(): void;
  onCreate(): void;
}

const preview = (content: Analysis['content']) => cutText(typeof content === 'string' ? content : docToPlainText(content as RichNode), 150);

export function AnalysisPanel({ title, analysis, creating, creatingSuggestion, onToggle, onCreateSuggestion, onBack, onCreate }: Props) {
  return (
    <section aria-label="Analyse du contenu" className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold">{title}</h2>
        <p className="mt-1 text-sm text-slate-400">{preview(analysis.content)}</p>
        {analysis.sourceUrl && <p className="mt-1 truncate text-xs text-slate-500">{analysis.sourceUrl}</p>}
      </div>
      <div>
        <h3 className="mb-2 font-medium text-slate-200">Concepts existants détectés ({analysis.found.length})</h3>
        {analysis.found.length === 0 ? (
          <p className="text-sm text-slate-400">Aucun concept existant détecté.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Concepts existants détectés">
            {analysis.found.map((concept) => {
              const on = analysis.selected.includes(concept.id);
              return (
                <li key={concept.id}>
                  <button
                    type="button"
                    aria-pressed={on}
                    disabled={creating}
                    onClick={() => onToggle(concept.id)}
                    className={`rounded-full border px-3 py-1 text-sm transition ${on ? 'border-nebula-400 bg-nebula-500/30 text-white' : 'border-space-600 text-slate-400 line-through decoration-slate-500'}`}
                  >
                    {on ? '✓ ' : ''}
                    {concept.title}
                    {concept.category ? <span className="ml-1 text-xs text-slate-400">· {concept.category}</span> : null}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div>
        <h3 className="mb-2 font-medium text-slate-200">Nouveaux concepts potentiels ({analysis.suggested.length})</h3>
        {analysis.suggested.length === 0 ? (
          <p className="text-sm text-slate-400">Aucun nouveau concept suggéré.</p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Nouveaux concepts potentiels">
            {analysis.suggested.map((suggestion) => (
              <li key={suggestion} className="inline-flex items-center gap-1 rounded-full border border-dashed border-space-600 py-0.5 pl-3 pr-1 text-sm text-slate-300">
                {suggestion}
                <button
                  type="button"
                  className="rounded-full px-2 text-nebula-300 hover:bg-space-700 disabled:opacity-50"
                  aria-label={`Créer « ${suggestion} »`}
                  title="Créer ce concept"
                  disabled={creating || creatingSuggestion !== null}
                  onClick={() => onCreateSuggestion(suggestion)}
                >
                  {creatingSuggestion === suggestion ? '…' : '+'}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-ghost" disabled={creating} onClick={onBack}>
          Retour
        </button>
        <button type="button" className="btn-primary" disabled={creating} onClick={onCreate}>
          {creating ? 'Création...' : 'Créer le concept'}
        </button>
      </div>
    </section>
  );
}
