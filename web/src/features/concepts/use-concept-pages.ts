/**
 * Infinite loading of the concept list: the first page of 20 whenever the (debounced)
 * filters change, then one more page each time `loadMore` is called. A filter change
 * aborts whatever page was still on its way, so an old answer never lands in a new list.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { conceptsApi, type ConceptQuery, type ConceptSummary } from '../../api/concepts';
import type { ConceptFilterValues } from './ConceptFilters';
import { errorText } from '../../ui/error-text';

export const CONCEPT_PAGE_SIZE = 20;

type Phase = 'loading' | 'loaded' | 'loadingMore' | 'end';

interface State {
  concepts: ConceptSummary[];
  total: number;
  phase: Phase;
  error: string | null;
}

function toQuery(filters: ConceptFilterValues, skip: number): ConceptQuery {
  return {
    skip,
    limit: CONCEPT_PAGE_SIZE,
    search: filters.title.trim() || undefined,
    content_search: filters.content.trim() || undefined,
    tag_name: filters.tag || undefined,
    constellation_id: filters.constellationId ? Number(filters.constellationId) : undefined,
    sort_by: filters.sortBy,
    sort_order: filters.sortOrder,
  };
}

export function useConceptPages(filters: ConceptFilterValues, reloadKey: number) {
  const [state, setState] = useState<State>({ concepts: [], total: 0, phase: 'loading', error: null });
  const inFlight = useRef<AbortController | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  const fetchPage = useCallback(
    async (skip: number) => {
      inFlight.current?.abort();
      const ctrl = new AbortController();
      inFlight.current = ctrl;
      setState((s) => ({ ...s, phase: skip === 0 ? 'loading' : 'loadingMore', error: null, ...(skip === 0 ? { concepts: [], total: 0 } : {}) }));
      try {
        const page = await conceptsApi.list(toQuery(filters, skip), ctrl.signal);
        setState((s) => {
          const concepts = skip === 0 ? page.concepts : [...s.concepts, ...page.concepts];
          const done = page.concepts.length < CONCEPT_PAGE_SIZE || concepts.length >= page.total_items;
          return { concepts, total: page.total_items, phase: done ? 'end' : 'loaded', error: null };
        });
      } catch (err) {
        if (ctrl.signal.aborted) return;
        const fallback = skip === 0 ? 'Erreur chargement concepts' : 'Erreur chargement plus de concepts';
        // After a failed 'more', the list stays and scrolling may try again.
        setState((s) => ({ ...s, phase: skip === 0 ? 'end' : 'loaded', error: errorText(err, fallback) }));
      }
    },
    [filters],
  );

  useEffect(() => {
    void fetchPage(0);
    return () => inFlight.current?.abort();
  }, [fetchPage, reloadKey]);

  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (current.phase !== 'loaded' || current.error) return;
    void fetchPage(current.concepts.length);
  }, [fetchPage]);

  const retry = useCallback(() => {
    const current = stateRef.current;
    void fetchPage(current.concepts.length);
  }, [fetchPage]);

  return { ...state, loadMore, retry };
}
