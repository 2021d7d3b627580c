/**
 * 'Nouvelle version disponible — Recharger': a new build was deployed and its files are on
 * this device. The banner is fixed to the bottom of the screen, so while it is shown the page
 * keeps room for it below its content (and keyboard focus scrolls above it): a long form's
 * last button can always be brought into view rather than staying under the banner.
 */
import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { onUpdatePhase, reloadIntoUpdate, updatePhase } from '../lib/update-reload';

export function UpdateBanner() {
  const phase = useSyncExternalStore(onUpdatePhase, updatePhase, () => 'none' as const);
  const shown = phase !== 'none';
  const banner = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = banner.current;
    if (!shown || !el) return;
    const { body, documentElement: root } = document;
    const reserve = () => {
      const height = `${el.offsetHeight}px`;
      body.style.paddingBottom = height;
      root.style.scrollPaddingBottom = height;
    };
    reserve();
    // The banner's height changes with its text ('Enregistrement...') and the screen's width.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      body.style.paddingBottom = '';
      root.style.scrollPaddingBottom = '';
    };
  }, [shown]);
  if (!shown) return null;
  return (
    <div ref={banner} role="status" className="fixed inset-x-0 bottom-0 z-50 flex items-center justify-center gap-3 border-t border-nebula-500/60 bg-space-900 px-4 py-3 text-sm">
      <span>Nouvelle version disponible</span>
      <button type="button" className="btn-primary" disabled={phase === 'saving'} onClick={() => void reloadIntoUpdate()}>
        {phase === 'saving' ? 'Enregistrement...' : 'Recharger'}
      </button>
    </div>
  );
}
