/**
 * Picks concepts by title (the form's parents and children): the chosen ones as
 * removable chips, a search box (350 ms debounce, 20 results, the edited concept and the
 * chosen ones left out) and 'Aucun concept trouvé' when nothing matches.
 */
import { useId, useState } from 'react';
import { conceptsApi, type ConceptRef } from '../../api/concepts';
import { useLoad } from '../../ui/use-load';
import { useDebouncedValue } from './hooks';

export const PICKER_DEBOUNCE_MS = 350;
export const PICKER_LIMIT = 20;

interface Props {
  label: string;
  selected: ConceptRef[];
  onChange(next: ConceptRef[]): void;
  excludeId: number | null;
  disabled?: boolean;
}

type Results = { phase: 'idle' } | { phase: 'searching' } | { phase: 'done'; concepts: ConceptRef[] } | { phase: 'error' };

export function ConceptPicker({ label, selected, onChange, excludeId, disabled = false }: Props) {
  const id = useId();
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim(), PICKER_DEBOUNCE_MS);
  const found = useLoad(settled ? (signal) => conceptsApi.search(settled, PICKER_LIMIT, signal) : null, [settled]);
  const results: Results = !settled ? { phase: 'idle' } : found.phase === 'loading' ? { phase: 'searching' } : found.phase === 'error' ? { phase: 'error' } : { phase: 'done', concepts: found.data };

  const chosen = new Set(selected.map((c) => c.id));
  const offered = results.phase === 'done' ? results.concepts.filter((c) => c.id !== excludeId && !chosen.has(c.id)) : [];

  const add = (concept: ConceptRef) => {
    onChange([...selected, concept]);
    setQuery('');
  };

  return (
    <div className="space-y-2 text-sm">
      <label htmlFor={id} className="block text-slate-300">
        {label}
      </label>
      {selected.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={`${label} choisis`}>
          {selected.map((c) => (
            <li key={c.id} className="flex items-center gap-1 rounded-full border border-nebula-400/60 bg-space-800 py-0.5 pr-1 pl-2.5 text-xs">
              {c.title || 'Sans titre'}
              <button type="button" aria-label={`Retirer ${c.title}`} title={`Retirer ${c.title}`} disabled={disabled} className="rounded-full px-1 text-slate-400 hover:text-white" onClick={() => onChange(selected.filter((s) => s.id !== c.id))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <input id={id} className="field" type="search" placeholder="Rechercher un concept..." value={query} disabled={disabled} autoComplete="off" onChange={(e) => setQuery(e.target.value)} />
      {query.trim() && (
        <div className="rounded-md border border-space-600 bg-space-800">
          {(results.phase === 'searching' || settled !== query.trim()) && <p className="px-3 py-2 text-slate-400">Recherche...</p>}
          {results.phase === 'error' && settled === query.trim() && <p className="px-3 py-2 text-red-300">Failed to search concepts.</p>}
          {results.phase === 'done' && settled === query.trim() && offered.length === 0 && <p className="px-3 py-2 text-slate-400">Aucun concept trouvé</p>}
          {results.phase === 'done' && settled === query.trim() && offered.length > 0 && (
            <ul role="listbox" aria-label={`Résultats pour ${label}`}>
              {offered.map((c) => (
                <li key={c.id} role="option" aria-selected={false}>
                  <button type="button" disabled={disabled} className="block w-full px-3 py-1.5 text-left hover:bg-space-700" onClick={() => add(c)}>
                    {c.title || 'Sans titre'}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
