/**
 * The hover preview of a concept link (spec document 1 §2, §9): the card appears after
 * 500 ms over a link; its data is fetched with a 300 ms debounce (so a pointer sweeping
 * across links fetches nothing) and kept per concept. 'Voir Concept' opens the concept in
 * a new tab. The card stays while the pointer is on it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConceptLinkHover } from './auto-link-titles';
import { conceptsApi, type ConceptPreview } from '../../api/concepts';

export const HOVER_DELAY_MS = 500;
export const PREVIEW_FETCH_DEBOUNCE_MS = 300;
const HIDE_DELAY_MS = 250;

type Loaded = { status: 'loading' } | { status: 'ok'; preview: ConceptPreview } | { status: 'error' };

interface Shown {
  conceptId: number;
  left: number;
  top: number;
}

export function useConceptHoverPreview() {
  const [shown, setShown] = useState<Shown | null>(null);
  const [previews, setPreviews] = useState<Record<number, Loaded>>({});
  const showTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const fetchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const fetching = useRef<AbortController | null>(null);
  const known = useRef(new Set<number>());

  const fetchPreview = useCallback((conceptId: number) => {
    clearTimeout(fetchTimer.current);
    if (known.current.has(conceptId)) return;
    fetchTimer.current = setTimeout(() => {
      fetching.current?.abort();
      const ctrl = new AbortController();
      fetching.current = ctrl;
      known.current.add(conceptId);
      setPreviews((p) => ({ ...p, [conceptId]: { status: 'loading' } }));
      conceptsApi.preview(conceptId, ctrl.signal).then(
        (preview) => setPreviews((p) => ({ ...p, [conceptId]: { status: 'ok', preview } })),
        () => {
          // An aborted fetch may be asked again; a failed one shows its message.
          if (ctrl.signal.aborted) known.current.delete(conceptId);
          else setPreviews((p) => ({ ...p, [conceptId]: { status: 'error' } }));
        },
      );
    }, PREVIEW_FETCH_DEBOUNCE_MS);
  }, []);

  const onHover = useCallback(
    (hover: ConceptLinkHover | null) => {
      clearTimeout(showTimer.current);
      if (!hover) {
        clearTimeout(fetchTimer.current);
        hideTimer.current = setTimeout(() => setShown(null), HIDE_DELAY_MS);
        return;
      }
      clearTimeout(hideTimer.current);
      fetchPreview(hover.conceptId);
      const rect = hover.anchor.getBoundingClientRect();
      showTimer.current = setTimeout(() => setShown({ conceptId: hover.conceptId, left: rect.left, top: rect.bottom + 6 }), HOVER_DELAY_MS);
    },
    [fetchPreview],
  );

  useEffect(
    () => () => {
      clearTimeout(showTimer.current);
      clearTimeout(hideTimer.current);
      clearTimeout(fetchTimer.current);
      fetching.current?.abort();
    },
    [],
  );

  const card = shown ? (
    <PreviewCard
      shown={shown}
      loaded={previews[shown.conceptId] ?? { status: 'loading' }}
      onEnter={() => clearTimeout(hideTimer.current)}
      onLeave={() => onHover(null)}
    />
  ) : null;
  return { onHover, card };
}

const CARD_WIDTH = 320;

function PreviewCard({ shown, loaded, onEnter, onLeave }: { shown: Shown; loaded: Loaded; onEnter(): void; onLeave(): void }) {
  const left = Math.max(8, Math.min(shown.left, window.innerWidth - CARD_WIDTH - 8));
  return (
    <div
      role="tooltip"
      aria-label="Aperçu du concept"
      className="card fixed z-50 space-y-2 text-sm"
      style={{ left, top: shown.top, width: CARD_WIDTH }}
      onMouseEnter={onEnter}
      onMouseLeave={onLeave}
    >
      {loaded.status === 'loading' && <p className="text-slate-400">Chargement...</p>}
      {loaded.status === 'error' && <p className="text-red-300">Failed to load concept</p>}
      {loaded.status === 'ok' && (
        <>
          <h3 className="font-semibold text-slate-100">{loaded.preview.title || 'Sans titre'}</h3>
          <p className="text-slate-300">{loaded.preview.excerpt}</p>
          <button type="button" className="btn-primary px-3 py-1 text-sm" onClick={() => window.open(`/concepts/${loaded.preview.id}`, '_blank', 'noopener,noreferrer')}>
            Voir Concept
          </button>
        </>
      )}
    </div>
  );
}
