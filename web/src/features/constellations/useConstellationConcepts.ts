/** The constellation page's data: the constellation itself and one sorted page of its concepts. */
import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../api/client';
import { constellationsApi } from '../../api/constellations';
import { isAbort } from '../concepts/format';
import { errorText } from '../../ui/error-text';
import type { ConceptSummary, SortField, SortOrder } from '../../api/concepts';
import type { Constellation } from '../../api/constellations';

export const CONSTELLATION_PAGE_SIZE = 10;

export type ConstellationLoad = { phase: 'loading' } | { phase: 'notFound' } | { phase: 'error'; message: string } | { phase: 'loaded'; constellation: Constellation };
export type ConceptsLoad = { phase: 'loading' } | { phase: 'error'; message: string } | { phase: 'loaded'; concepts: ConceptSummary[]; total: number };

export function useConstellation(id: number | null, reloadKey: number): ConstellationLoad {
  const [load, setLoad] = useState<ConstellationLoad>({ phase: 'loading' });
  useEffect(() => {
    if (id === null) return;
    const ctrl = new AbortController();
    constellationsApi.get(id, ctrl.signal).then(
      (constellation) => setLoad({ phase: 'loaded', constellation }),
      (err) => {
        if (isAbort(err)) return;
        if (err instanceof ApiRequestError && err.status === 404) setLoad({ phase: 'notFound' });
        else setLoad({ phase: 'error', message: errorText(err, 'Une erreur est survenue.') });
      },
    );
    return () => ctrl.abort();
  }, [id, reloadKey]);
  return load;
}

export function useConstellationConceptsPage(id: number | null, page: number, sortBy: SortField, sortOrder: SortOrder, reloadKey: number): ConceptsLoad {
  const [load, setLoad] = useState<ConceptsLoad>({ phase: 'loading' });
  useEffect(() => {
    if (id === null) return;
    const ctrl = new AbortController();
    setLoad((l) => (l.phase === 'loaded' ? l : { phase: 'loading' }));
    constellationsApi.conceptsPage(id, { skip: page * CONSTELLATION_PAGE_SIZE, limit: CONSTELLATION_PAGE_SIZE, sort_by: sortBy, sort_order: sortOrder }, ctrl.signal).then(
      (answer) => setLoad({ phase: 'loaded', concepts: answer.concepts, total: answer.total_items }),
      (err) => {
        if (!isAbort(err)) setLoad({ phase: 'error', message: errorText(err, 'Erreur chargement concepts') });
      },
    );
    return () => ctrl.abort();
  }, [id, page, sortBy, sortOrder, reloadKey]);
  return load;
}
