/**
 * /constellations/{id}/concepts (spec document 2 'Constellation detail'): breadcrumb,
 * name, icon and description, 'Réviser la constellation', 'Ajouter des concepts', sort
 * field and order, 10 concepts a page, and per concept: open, review, remove.
 */
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Spinner } from '../../ui/Spinner';
import { useToast } from '../../ui/Toasts';
import { constellationsApi, type Constellation } from '../../api/constellations';
import { ConceptCard } from '../concepts/ConceptCard';
import { ConfirmDialog } from '../../ui/Dialog';
import { parseId } from '../concepts/format';
import { SORT_LABELS } from '../concepts/sort-labels';
import type { ConceptSummary, SortField, SortOrder } from '../../api/concepts';
import { AddConceptsDialog } from './AddConceptsDialog';
import { studyPath } from './ConstellationCard';
import { CONSTELLATION_PAGE_SIZE, useConstellation, useConstellationConceptsPage } from './use-constellation-concepts';

/** /constellation/{id}, the link target used in notes, opens the constellation's concepts. */
export function ConstellationRedirect() {
  return <Navigate to={`/constellations/${encodeURIComponent(useParams().id ?? '')}/concepts`} replace />;
}

export function ConstellationDetailPage() {
  const id = parseId(useParams().id);
  const [reload, setReload] = useState(0);
  const load = useConstellation(id, reload);
  if (id === null) return <Problem text="Invalid Constellation ID." />;
  if (load.phase === 'loading') return <Spinner />;
  if (load.phase === 'notFound') return <Problem text="Constellation not found. It may have been deleted." />;
  if (load.phase === 'error') return <Problem text={load.message} />;
  return <LoadedConstellation constellation={load.constellation} onChanged={() => setReload((r) => r + 1)} />;
}

function Problem({ text }: { text: string }) {
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <Breadcrumb />
      <p role="alert" className="card text-red-300">
        {text}
      </p>
    </div>
  );
}

function Breadcrumb({ name }: { name?: string }) {
  return (
    <nav aria-label="Fil d'Ariane" className="text-sm text-slate-400">
      <Link to="/constellation-manager" className="text-nebula-400 hover:underline">
        Constellations
      </Link>
      {name && <span> › {name}</span>}
    </nav>
  );
}

function LoadedConstellation({ constellation, onChanged }: { constellation: Constellation; onChanged(): void }) {
  const toast = useToast();
  const [page, setPage] = useState(0);
  const [sortBy, setSortBy] = useState<SortField>('title');
  const [sortOrder, setSortOrder] = useState<SortOrder>('asc');
  const [reload, setReload] = useState(0);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ConceptSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const concepts = useConstellationConceptsPage(constellation.id, page, sortBy, sortOrder, reload);
  const pages = concepts.phase === 'loaded' ? Math.max(1, Math.ceil(concepts.total / CONSTELLATION_PAGE_SIZE)) : 1;

  const refreshAll = () => {
    setReload((r) => r + 1);
    onChanged();
  };

  async function remove(concept: ConceptSummary) {
    setBusy(true);
    try {
      await constellationsApi.removeConcepts(constellation.id, [concept.id]);
      // The last concept of the last page went: step back a page.
      if (concepts.phase === 'loaded' && concepts.concepts.length === 1 && page > 0) setPage(page - 1);
      refreshAll();
    } catch {
      toast.error('Failed to remove concept.');
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  }

  return (
    <div className="mx-auto max-w-7xl space-y-4">
      <Breadcrumb name={constellation.name} />
      <header className="card flex flex-wrap items-start gap-4 border-l-4" style={{ borderLeftColor: constellation.color }}>
        <span aria-hidden="true" className="flex h-14 w-14 items-center justify-center rounded-full text-2xl" style={{ backgroundColor: `${constellation.color}66` }}>
          {constellation.icon || '✦'}
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="text-3xl font-semibold break-words">{constellation.name}</h1>
          {constellation.description && <p className="mt-1 text-slate-300">{constellation.description}</p>}
          <p className="mt-1 text-sm text-slate-400">{constellation.conceptCount} concept(s)</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to={studyPath(constellation.id)} className="btn-ghost">
            Réviser la constellation
          </Link>
          <button type="button" className="btn-primary" onClick={() => setAdding(true)}>
            Ajouter des concepts
          </button>
        </div>
      </header>

      <div className="flex flex-wrap items-end gap-3">
        <label className="text-sm">
          <span className="mb-1 block text-slate-400">Trier par</span>
          <select className="field" value={sortBy} onChange={(e) => {
              setSortBy(e.target.value as SortField);
              setPage(0);
            }}>
            {(Object.keys(SORT_LABELS) as SortField[]).map((f) => (
              <option key={f} value={f}>
                {SORT_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn-ghost" aria-label={`Ordre : ${sortOrder === 'asc' ? 'Croissant' : 'Décroissant'}`} onClick={() => {
            setSortOrder((o) => (o === 'asc' ? 'desc' : 'asc'));
            setPage(0);
          }}>
          {sortOrder === 'asc' ? '↑ Croissant' : '↓ Décroissant'}
        </button>
      </div>

      {concepts.phase === 'loading' && <Spinner />}
      {concepts.phase === 'error' && (
        <p role="alert" className="card text-red-300">
          {concepts.message}
        </p>
      )}
      {concepts.phase === 'loaded' && concepts.concepts.length === 0 && <p className="card text-center text-slate-300">Aucun concept dans cette constellation.</p>}
      {concepts.phase === 'loaded' && concepts.concepts.length > 0 && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {concepts.concepts.map((c) => (
            <ConceptCard
              key={c.id}
              concept={c}
              actions={
                <>
                  <Link to={`/concepts/${c.id}`} className="btn-ghost px-3 py-1 text-sm">
                    Ouvrir
                  </Link>
                  <Link to={`/concepts/${c.id}/flashcards/review`} className="btn-ghost px-3 py-1 text-sm">
                    Réviser
                  </Link>
                  <button type="button" className="btn border border-red-600/60 px-3 py-1 text-sm text-red-200 hover:bg-red-950" aria-label={`Retirer ${c.title} de la constellation`} onClick={() => setRemoving(c)}>
                    Retirer
                  </button>
                </>
              }
            />
          ))}
        </div>
      )}

      {pages > 1 && (
        <nav aria-label="Pagination" className="flex items-center justify-center gap-3 text-sm">
          <button type="button" className="btn-ghost" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Précédent
          </button>
          <span>
            Page {page + 1} / {pages}
          </span>
          <button type="button" className="btn-ghost" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            Suivant
          </button>
        </nav>
      )}

      <AddConceptsDialog
        open={adding}
        constellationId={constellation.id}
        onClose={() => setAdding(false)}
        onAdded={(count) => {
          setAdding(false);
          toast.success(`${count} concept(s) ajouté(s) à la constellation.`);
          refreshAll();
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title="Retirer le concept"
        message={`Retirer « ${removing?.title ?? ''} » de la constellation « ${constellation.name} » ? Le concept lui-même est conservé.`}
        confirmLabel="Retirer"
        busy={busy}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
