/**
 * The concept list (spec document 1 §2): filters by title, content, tag and constellation
 * (300 ms debounce), sort field and order, a cards/list toggle, infinite scroll by pages
 * of 20. On small screens the filters sit in the 'Filtres et Options' bottom drawer. With
 * `selection` every card carries a checkbox, so other screens can reuse it as a picker.
 */
import { useEffect, useRef, useState } from 'react';
import { ConceptCard } from './ConceptCard';
import { ConceptFilters, DEFAULT_FILTERS, useFilterChoices, type ConceptFilterValues } from './ConceptFilters';
import { Dialog } from '../../ui/Dialog';
import { SMALL_SCREEN, useDebouncedValue, useMediaQuery } from './hooks';
import { useConceptPages } from './use-concept-pages';

export const FILTER_DEBOUNCE_MS = 300;

interface ConceptListProps {
  /** Bump to reload the first page (e.g. after a quick creation). */
  reloadKey?: number;
  selection?: { selectedIds: ReadonlySet<number>; onToggle(id: number): void };
  /** The person's default view and sort (preferences `default_concept_view`, `concept_sort_order`). */
  initial?: { layout: 'card' | 'row'; sort: Pick<ConceptFilterValues, 'sortBy' | 'sortOrder'> };
}

export function ConceptList({ reloadKey = 0, selection, initial }: ConceptListProps) {
  const [filters, setFilters] = useState<ConceptFilterValues>(() => ({ ...DEFAULT_FILTERS, ...initial?.sort }));
  const [layout, setLayout] = useState<'card' | 'row'>(initial?.layout ?? 'card');
  const settled = useDebouncedValue(filters, FILTER_DEBOUNCE_MS);
  const list = useConceptPages(settled, reloadKey);
  const choices = useFilterChoices();
  const small = useMediaQuery(SMALL_SCREEN);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [draft, setDraft] = useState(filters);
  const sentinel = useRef<HTMLDivElement>(null);
  const { loadMore } = list;

  useEffect(() => {
    const target = sentinel.current;
    if (!target) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    }, { rootMargin: '200px' });
    observer.observe(target);
    return () => observer.disconnect();
  }, [loadMore, list.phase]);

  const openDrawer = () => {
    setDraft(filters);
    setDrawerOpen(true);
  };
  const applyDraft = () => {
    setFilters(draft);
    setDrawerOpen(false);
  };

  return (
    <section aria-label="Liste des concepts" className="space-y-4">
      <div className="card space-y-3">
        {small ? (
          <button type="button" className="btn-ghost w-full" onClick={openDrawer}>
            Filtres et Options
          </button>
        ) : (
          <ConceptFilters values={filters} onChange={setFilters} {...choices} />
        )}
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p className="text-slate-400" aria-live="polite">
            {list.concepts.length} concept(s) affiché(s)
          </p>
          <div role="group" aria-label="Affichage" className="flex gap-1">
            <LayoutButton label="Cartes" active={layout === 'card'} onClick={() => setLayout('card')} />
            <LayoutButton label="Liste" active={layout === 'row'} onClick={() => setLayout('row')} />
          </div>
        </div>
      </div>

      {list.error && (
        <div role="alert" className="flex items-center gap-3 rounded-md border border-red-600/50 bg-red-950/60 px-4 py-2 text-sm text-red-100">
          <span className="flex-1">{list.error}</span>
          <button type="button" className="underline" onClick={list.retry}>
            Réessayer
          </button>
        </div>
      )}

      {list.phase !== 'loading' && !list.error && list.concepts.length === 0 && <p className="card text-center text-slate-300">Aucun concept trouvé.</p>}

      <div className={layout === 'card' ? 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'flex flex-col gap-2'}>
        {list.concepts.map((concept) => (
          <ConceptCard
            key={concept.id}
            concept={concept}
            layout={layout}
            selection={selection && { selected: selection.selectedIds.has(concept.id), onToggle: selection.onToggle }}
          />
        ))}
      </div>

      <div ref={sentinel} className="h-2" />
      {(list.phase === 'loading' || list.phase === 'loadingMore') && (
        <p role="status" className="text-center text-sm text-slate-400">
          Chargement...
        </p>
      )}
      {list.phase === 'end' && list.concepts.length > 0 && <p className="text-center text-sm text-slate-500">Plus de concepts à charger.</p>}

      <Dialog
        title="Filtres et Options"
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        drawerOnSmall
        actions={
          <button type="button" className="btn-primary w-full" onClick={applyDraft}>
            Appliquer les filtres
          </button>
        }
      >
        <ConceptFilters values={draft} onChange={setDraft} stacked {...choices} />
      </Dialog>
    </section>
  );
}

function LayoutButton({ label, active, onClick }: { label: string; active: boolean; onClick(): void }) {
  return (
    <button type="button" aria-pressed={active} onClick={onClick} className={`rounded-md px-3 py-1 ${active ? 'bg-nebula-500 text-white' : 'border border-space-600 text-slate-300 hover:bg-space-700'}`}>
      {label}
    </button>
  );
}
