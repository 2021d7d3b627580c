/** 'Nouvelle version disponible — Recharger': a new build was deployed and its files are on this device. */
import { useSyncExternalStore } from 'react';
import { onUpdatePhase, reloadIntoUpdate, updatePhase } from '../lib/update-reload';

export function UpdateBanner() {
  const phase = useSyncExternalStore(onUpdatePhase, updatePhase, () => 'none' as const);
  if (phase === 'none') return null;
  return (
    <div role="status" className="fixed inset-x-0 bottom-0 z-50 flex items-center justify-center gap-3 border-t border-nebula-500/60 bg-space-900 px-4 py-3 text-sm">
      <span>Nouvelle version disponible</span>
      <button type="button" className="btn-primary" disabled={phase === 'saving'} onClick={() => void reloadIntoUpdate()}>
        {phase === 'saving' ? 'Enregistrement...' : 'Recharger'}
      </button>
    </div>
  );
}
