/**
 * 'Sélectionner par Constellation': a collapsible list of constellations, each with
 * '+ Tout Ajouter' / '- Tout Retirer' for all its concepts (fetched once, then kept).
 */
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/Toasts';
import type { ConceptRef } from '../../api/concepts';
import type { ConceptSelection } from './use-concept-selection';
import { constellationsApi } from '../../api/constellations';
import { useLoad } from '../../ui/use-load';

const FETCH_ERROR = 'Erreur lors de la récupération des concepts de la constellation.';

interface Props {
  selection: ConceptSelection;
  /** Constellation whose concepts are added on arrival (?constellation={id}). */
  preselect: number | null;
}

export function ConstellationSection({ selection, preselect }: Props) {
  const toast = useToast();
  const [open, setOpen] = useState(preselect !== null);
  const load = useLoad(() => constellationsApi.list(), []);
  const constellations = load.phase === 'loaded' ? load.data : null;
  const loadError = load.phase === 'error';
  const [busy, setBusy] = useState<number | null>(null);
  const cache = useRef(new Map<number, ConceptRef[]>());
  const { addAll, removeAll } = selection;

  async function conceptsOf(id: number): Promise<ConceptRef[] | null> {
    const known = cache.current.get(id);
    if (known) return known;
    setBusy(id);
    try {
      const concepts = (await constellationsApi.concepts(id)).map(({ id: cid, title }) => ({ id: cid, title }));
      cache.current.set(id, concepts);
      return concepts;
    } catch {
      toast.error(FETCH_ERROR);
      return null;
    } finally {
      setBusy(null);
    }
  }

  useEffect(() => {
    if (preselect === null) return;
    void conceptsOf(preselect).then((concepts) => concepts && addAll(concepts));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per preselected constellation
  }, [preselect, addAll]);

  return (
    <div className="card">
      <button type="button" aria-expanded={open} className="flex w-full items-center justify-between text-left text-lg font-semibold" onClick={() => setOpen((o) => !o)}>
        Sélectionner par Constellation <span aria-hidden>{open ? '▾' : '▸'}</span>
      </button>
      {open && (
        <div className="mt-3 space-y-2">
          {loadError && <p role="alert" className="text-red-300">Impossible de charger les constellations.</p>}
          {!constellations && !loadError && <Spinner />}
          {constellations?.length === 0 && <p className="text-slate-400">Aucune constellation trouvée</p>}
          {constellations?.map((c) => (
            <div key={c.id} className="flex flex-wrap items-center gap-3 rounded-lg border border-space-700 bg-space-800/60 px-3 py-2" data-testid={`constellation-${c.id}`}>
              <span className="h-3 w-3 rounded-full" style={{ background: c.color }} aria-hidden />
              <span className="flex-1">
                {c.icon ? `${c.icon} ` : ''}
                {c.name} <span className="text-sm text-slate-400">({c.conceptCount} concept(s))</span>
              </span>
              <button
                type="button"
                className="btn-ghost px-2 py-1 text-sm"
                aria-label={`+ Tout Ajouter ${c.name}`}
                disabled={busy === c.id}
                onClick={() => void conceptsOf(c.id).then((list) => list && addAll(list))}
              >
                + Tout Ajouter
              </button>
              <button
                type="button"
                className="btn-ghost px-2 py-1 text-sm"
                aria-label={`- Tout Retirer ${c.name}`}
                disabled={busy === c.id}
                onClick={() => void conceptsOf(c.id).then((list) => list && removeAll(list))}
              >
                - Tout Retirer
              </button>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
