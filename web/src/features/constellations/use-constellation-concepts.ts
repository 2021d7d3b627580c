/** The constellation page's data: the constellation itself and one sorted page of its concepts. */
import { constellationsApi, type Constellation } from '../../api/constellations';
import { errorText, isNotFound } from '../../ui/error-text';
import { useLoad } from '../../ui/use-load';
import type { ConceptSummary, SortField, SortOrder } from '../../api/concepts';

export const CONSTELLATION_PAGE_SIZE = 10;

export type ConstellationLoad = { phase: 'loading' } | { phase: 'notFound' } | { phase: 'error'; message: string } | { phase: 'loaded'; constellation: Constellation };
export type ConceptsLoad = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'loaded'; concepts: ConceptSummary[]; total: number };

export function useConstellation(id: number | null, reloadKey: number): ConstellationLoad {
  const load = useLoad(id === null ? null : (signal) => constellationsApi.get(id, signal), [id, reloadKey], { keepWhileReloading: true });
  if (load.phase === 'error') return isNotFound(load.error) ? { phase: 'notFound' } : { phase: 'error', message: errorText(load.error, 'Une erreur est survenue.') };
  return load.phase === 'loaded' ? { phase: 'loaded', constellation: load.data } : load;
}

export function useConstellationConceptsPage(id: number | null, page: number, sortBy: SortField, sortOrder: SortOrder, reloadKey: number): ConceptsLoad {
  const query = { skip: page * CONSTELLATION_PAGE_SIZE, limit: CONSTELLATION_PAGE_SIZE, sort_by: sortBy, sort_order: sortOrder };
  const load = useLoad(id === null ? null : (signal) => constellationsApi.conceptsPage(id, query, signal), [id, page, sortBy, sortOrder, reloadKey], { keepWhileReloading: true });
  if (load.phase === 'error') return { phase: 'error', message: errorText(load.error, 'Erreur chargement concepts') };
  return load.phase === 'loaded' ? { phase: 'loaded', concepts: load.data.concepts, total: load.data.total_items } : load;
}
