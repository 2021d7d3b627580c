/**
 * /explore-hierarchy and /explore-hierarchy/{conceptId} (spec document 3 §2.5, §4, §8):
 * the root concepts, or one concept's children, with the breadcrumb
 * Racines › ancestors › concept › Enfants, and the move mode toggle.
 */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Spinner } from '../../ui/Spinner';
import { conceptsApi, type ConceptRef } from '../../api/concepts';
import { type HierarchyItem, hierarchyApi } from '../../api/hierarchy';
import { parseId } from '../concepts/format';
import { useLoad } from '../../ui/use-load';
import { HierarchyTiles } from './HierarchyTiles';

type Load = { phase: 'loading' } | { phase: 'error' } | ({ phase: 'loaded' } & Hierarchy);

const LOAD_ERROR = 'Erreur lors du chargement des données.';

type Hierarchy = { items: HierarchyItem[]; ancestors: ConceptRef[]; current: ConceptRef | null };

/** The roots, or one concept's children with its ancestry and title. */
function loadHierarchy(id: number | null, signal: AbortSignal): Promise<Hierarchy> {
  if (id === null) return hierarchyApi.roots(signal).then((items) => ({ items, ancestors: [], current: null }));
  return Promise.all([hierarchyApi.children(id, signal), hierarchyApi.ancestry(id, signal), conceptsApi.preview(id, signal)]).then(([items, ancestors, preview]) => ({
    items,
    ancestors,
    current: { id: preview.id, title: preview.title },
  }));
}

function useHierarchy(rawId: string | undefined): Load {
  const id = parseId(rawId);
  const invalid = rawId !== undefined && id === null;
  const load = useLoad(invalid ? null : (signal) => loadHierarchy(id, signal), [rawId]);
  if (invalid || load.phase === 'error') return { phase: 'error' };
  return load.phase === 'loaded' ? { phase: 'loaded', ...load.data } : load;
}

function Breadcrumb({ ancestors, current }: { ancestors: ConceptRef[]; current: ConceptRef | null }) {
  const crumb = 'text-nebula-400 hover:underline';
  return (
    <nav aria-label="Fil d'Ariane" className="flex flex-wrap items-center gap-1.5 text-sm text-slate-400">
      <Link to="/explore-hierarchy" className={crumb}>
        Racines
      </Link>
      {ancestors.map((a) => (
        <span key={a.id} className="flex items-center gap-1.5">
          › <Link to={`/explore-hierarchy/${a.id}`} className={crumb}>{a.title || 'Sans titre'}</Link>
        </span>
      ))}
      {current && (
        <>
          <span>›</span>
          <span className="text-slate-200">{current.title || 'Sans titre'}</span>
          <span>›</span>
          <span aria-current="page">Enfants</span>
        </>
      )}
    </nav>
  );
}

export function HierarchyExplorerPage() {
  const { conceptId } = useParams();
  const load = useHierarchy(conceptId);
  const navigate = useNavigate();
  const [moving, setMoving] = useState(false);

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold">Explorateur Hiérarchique</h1>
        <button type="button" aria-pressed={moving} className={moving ? 'btn-primary' : 'btn-ghost'} onClick={() => setMoving((m) => !m)}>
          {moving ? 'Mode Normal' : 'Mode Déplacement'}
        </button>
      </header>
      {load.phase === 'loading' && <Spinner />}
      {load.phase === 'error' && (
        <p role="alert" className="card text-red-300">
          {LOAD_ERROR}
        </p>
      )}
      {load.phase === 'loaded' && (
        <section className="card space-y-4">
          <Breadcrumb ancestors={load.ancestors} current={load.current} />
          {load.current && (
            <div className="flex flex-wrap items-center gap-3">
              <h2 className="text-xl font-semibold">{load.current.title || 'Sans titre'}</h2>
              <Link to={`/concepts/${load.current.id}`} className="btn-ghost px-3 py-1 text-sm">
                Voir Concept
              </Link>
            </div>
          )}
          {load.items.length === 0 && (
            <div className="space-y-3 py-6 text-center text-slate-300">
              <p>{load.current ? 'Aucun concept enfant trouvé' : 'Aucun concept racine trouvé'}</p>
              {load.current && load.ancestors.length > 0 && (
                <button type="button" className="btn-ghost" onClick={() => navigate(`/explore-hierarchy/${load.ancestors[load.ancestors.length - 1]!.id}`)}>
                  Voir le concept parent
                </button>
              )}
            </div>
          )}
          {load.items.length > 0 && <HierarchyTiles key={conceptId ?? 'roots'} items={load.items} moving={moving} />}
        </section>
      )}
    </div>
  );
}
