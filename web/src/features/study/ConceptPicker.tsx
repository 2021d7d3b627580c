/**
 * The individual concept picker: a title search (300 ms debounce), or the most recently
 * edited concepts when empty — never the whole list, which is megabytes at 10,000 concepts.
 */
import { useEffect, useState } from 'react';
import { Spinner } from '../../ui/Spinner';
import { type ConceptRef, conceptsApi } from '../../api/concepts';
import type { ConceptSelection } from './use-concept-selection';

const SEARCH_DEBOUNCE_MS = 300;
const SEARCH_LIMIT = 50;
const RECENT_LIMIT = 50;

export function ConceptPicker({ selection }: { selection: ConceptSelection }) {
  const [query, setQuery] = useState('');
  const [concepts, setConcepts] = useState<ConceptRef[] | null>(null);
  const [error, setError] = useState(false);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () => {
        const q = query.trim();
        (q ? conceptsApi.search(q, SEARCH_LIMIT) : conceptsApi.recent(RECENT_LIMIT))
          .then((list) => {
            if (!live) return;
            setError(false);
            setConcepts(list);
          })
          .catch(() => live && setError(true));
      },
      query ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query]);

  return (
    <div className="card">
      <h2 className="mb-3 text-lg font-semibold">Sélectionner des concepts</h2>
      <label className="mb-3 block text-sm">
        <span className="mb-1 block text-slate-300">Rechercher un concept</span>
        <input className="field" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Titre du concept..." />
      </label>
      {error && <p role="alert" className="text-red-300">Erreur chargement concepts</p>}
      {!concepts && !error && <Spinner />}
      {concepts?.length === 0 && <p className="text-slate-400">Aucun concept trouvé.</p>}
      {!query.trim() && concepts?.length === RECENT_LIMIT && <p className="mb-2 text-sm text-slate-400">Les {RECENT_LIMIT} concepts modifiés le plus récemment — recherchez un titre pour les autres.</p>}
      <ul className="max-h-80 space-y-1 overflow-y-auto">
        {concepts?.map((c) => (
          <li key={c.id}>
            <label className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 hover:bg-space-800">
              <input type="checkbox" checked={selection.selected.has(c.id)} onChange={() => selection.toggle(c)} />
              <span>{c.title || 'Sans titre'}</span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
