/**
 * 'Ajouter des concepts' (spec document 2 constellation detail, §9): suggestions (50,
 * concepts outside the constellation) until something is typed, then title search
 * (500 ms debounce, 100 results); checkboxes; one call adds every ticked concept.
 */
import { useEffect, useState } from 'react';
import { conceptsApi, type ConceptRef } from '../../api/concepts';
import { constellationsApi } from '../../api/constellations';
import { Dialog } from '../../ui/Dialog';
import { useLoad } from '../../ui/use-load';
import { useDebouncedValue } from '../concepts/hooks';

export const ADD_SEARCH_DEBOUNCE_MS = 500;
export const SUGGESTION_LIMIT = 50;
export const SEARCH_LIMIT = 100;

type Choices = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'loaded'; concepts: ConceptRef[] };

interface Props {
  open: boolean;
  constellationId: number;
  onClose(): void;
  onAdded(count: number): void;
}

/** Suggestions when the query is empty, search results otherwise; members of the constellation left out. */
function useChoices(open: boolean, constellationId: number, query: string): Choices {
  // Without the member list nothing is left out; adding a member again changes nothing.
  const members = useLoad(open ? (signal) => constellationsApi.concepts(constellationId, signal) : null, [open, constellationId]);
  const choices = useLoad(
    open ? (signal) => (query ? conceptsApi.search(query, SEARCH_LIMIT, signal) : conceptsApi.suggested(SUGGESTION_LIMIT, constellationId, signal)) : null,
    [open, constellationId, query],
  );
  if (choices.phase === 'error') return { phase: 'error', message: query ? 'Failed to search concepts.' : 'Failed to load suggested concepts.' };
  if (choices.phase === 'loading') return choices;
  const known = new Set(members.phase === 'loaded' ? members.data.map((c) => c.id) : []);
  return { phase: 'loaded', concepts: choices.data.filter((c) => !known.has(c.id)).map(({ id, title }) => ({ id, title })) };
}

export function AddConceptsDialog({ open, constellationId, onClose, onAdded }: Props) {
  const [query, setQuery] = useState('');
  const settled = useDebouncedValue(query.trim(), ADD_SEARCH_DEBOUNCE_MS);
  const choices = useChoices(open, constellationId, settled);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setQuery('');
    setSelected(new Set());
    setError(null);
  }, [open]);

  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  async function add() {
    setBusy(true);
    setError(null);
    try {
      await constellationsApi.addConcepts(constellationId, [...selected]);
      onAdded(selected.size);
    } catch {
      setError('Failed to add concepts.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      title="Ajouter des concepts"
      open={open}
      onClose={() => !busy && onClose()}
      wide
      actions={
        <>
          <button type="button" className="btn-ghost" onClick={onClose} disabled={busy}>
            Annuler
          </button>
          <button type="button" className="btn-primary" disabled={busy || selected.size === 0} onClick={add}>
            {busy ? 'Ajout...' : `Ajouter (${selected.size})`}
          </button>
        </>
      }
    >
      <div className="space-y-3 text-sm">
        <label className="block">
          <span className="mb-1 block text-slate-300">Rechercher des concepts</span>
          <input className="field" type="search" value={query} disabled={busy} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <h3 className="font-medium text-slate-300">{settled ? 'Résultats' : 'Suggestions'}</h3>
        {choices.phase === 'loading' && <p className="text-slate-400">Chargement...</p>}
        {choices.phase === 'error' && (
          <p role="alert" className="text-red-300">
            {choices.message}
          </p>
        )}
        {choices.phase === 'loaded' && choices.concepts.length === 0 && <p className="text-slate-400">Aucun concept trouvé.</p>}
        {choices.phase === 'loaded' && choices.concepts.length > 0 && (
          <ul className="max-h-80 divide-y divide-space-700 overflow-y-auto rounded-md border border-space-700">
            {choices.concepts.map((c) => (
              <li key={c.id}>
                <label className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-space-800">
                  <input type="checkbox" className="accent-nebula-500" checked={selected.has(c.id)} disabled={busy} onChange={() => toggle(c.id)} />
                  {c.title || 'Sans titre'}
                </label>
              </li>
            ))}
          </ul>
        )}
        {error && (
          <p role="alert" className="text-red-300">
            {error}
          </p>
        )}
      </div>
    </Dialog>
  );
}
