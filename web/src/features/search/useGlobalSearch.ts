/**
 * The state of the search screen (spec document 3 §4 Search: idle, loading, results or
 * error). A new term loads a first page of every kind; turning a kind's page reloads that
 * kind only, its skip computed from its own page.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { searchEverything, type SearchKind, type SearchResponse } from '../../api/search';
import { errorText } from '../../ui/error-text';

export const SEARCH_PAGE_SIZE = 10;
export const SEARCH_ERROR = 'Erreur lors de la recherche.';

export type SearchState =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | { phase: 'error'; message: string }
  | { phase: 'results'; data: SearchResponse; pages: Record<SearchKind, number>; turning: SearchKind | null };

const FIRST_PAGES: Record<SearchKind, number> = { concepts: 0, flashcards: 0, notes: 0, constellations: 0 };
const TOTAL_KEY = { concepts: 'total_concepts', flashcards: 'total_flashcards', notes: 'total_notes', constellations: 'total_constellations' } as const;

export function totalOf(data: SearchResponse, kind: SearchKind): number {
  return data[TOTAL_KEY[kind]] ?? 0;
}

export function useGlobalSearch(term: string) {
  const [state, setState] = useState<SearchState>({ phase: 'idle' });
  const pageLoad = useRef<AbortController | null>(null);

  useEffect(() => {
    if (!term.trim()) {
      setState({ phase: 'idle' });
      return;
    }
    const ctrl = new AbortController();
    setState({ phase: 'loading' });
    searchEverything({ q: term, skip: 0, limit: SEARCH_PAGE_SIZE }, ctrl.signal).then(
      (data) => setState({ phase: 'results', data, pages: FIRST_PAGES, turning: null }),
      (err) => {
        if (!ctrl.signal.aborted) setState({ phase: 'error', message: errorText(err, SEARCH_ERROR) });
      },
    );
    return () => {
      ctrl.abort();
      pageLoad.current?.abort();
    };
  }, [term]);

  const turnPage = useCallback(
    (kind: SearchKind, page: number) => {
      pageLoad.current?.abort();
      const ctrl = new AbortController();
      pageLoad.current = ctrl;
      setState((s) => (s.phase === 'results' ? { ...s, turning: kind } : s));
      searchEverything({ q: term, type: kind, skip: page * SEARCH_PAGE_SIZE, limit: SEARCH_PAGE_SIZE }, ctrl.signal).then(
        (one) =>
          setState((s) => {
            if (s.phase !== 'results') return s;
            const data = { ...s.data, results: { ...s.data.results, [kind]: one.results[kind] }, [TOTAL_KEY[kind]]: one[TOTAL_KEY[kind]] };
            return { phase: 'results', data, pages: { ...s.pages, [kind]: page }, turning: null };
          }),
        (err) => {
          if (!ctrl.signal.aborted) setState({ phase: 'error', message: errorText(err, SEARCH_ERROR) });
        },
      );
    },
    [term],
  );

  return { state, turnPage };
}
