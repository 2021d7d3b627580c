/** 'Enregistré il y a 3 h': the screen shows copies kept on this device, not the server's answer. */
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { onShownCopies, resetShownCopies, savedAgoText, shownCopySavedAt } from '../lib/offline-reads';

export function OfflineCopyNotice() {
  const { pathname } = useLocation();
  useEffect(() => resetShownCopies(), [pathname]);
  const savedAt = useSyncExternalStore(onShownCopies, shownCopySavedAt, () => null);
  if (savedAt === null) return null;
  return (
    <p role="status" data-testid="offline-copy" className="border-b border-amber-600/40 bg-amber-950/60 px-4 py-1.5 text-xs text-amber-100">
      Copie hors ligne — {savedAgoText(savedAt, Date.now())}
    </p>
  );
}
