/**
 * The shown card's tools on a review screen: 'Suspendre' (S), 'Enterrer' (B),
 * 'Reprogrammer' and 'Oublier' (each asking first), 'Modifier' (E), 'Historique', and '?'
 * for the shortcuts overlay; U undoes. The keys work whenever `keys` is true and none of
 * the menu's own dialogs is open; `onOverlay` tells the screen when one opens, so its
 * rating keys rest meanwhile. A key pressed while `busy` still reaches the screen, which
 * decides whether it waits for the step under way (the buttons are disabled meanwhile).
 */
import { useLayoutEffect, useState } from 'react';
import { CardActionDialogs, type AskedAction } from './CardActionDialogs';
import type { ManualAction } from './card-actions';
import { ShortcutsDialog } from './ShortcutsDialog';
import { useShortcutKeys } from './use-review-keys';

interface Props {
  /** Whether the shortcut keys are live (a card is shown and nothing else has the keyboard). */
  keys: boolean;
  busy: boolean;
  onAction(action: ManualAction): void;
  onUndo(): void;
  /** Reschedule and forget are offered only where a card can leave the list (not in a session, whose server serves it again). */
  leaveActions?: boolean;
  onEdit?(): void;
  onHistory?(): void;
  onOverlay(open: boolean): void;
}

export function ReviewCardMenu({ keys, busy, onAction, onUndo, leaveActions = false, onEdit, onHistory, onOverlay }: Props) {
  const [asking, setAsking] = useState<AskedAction>(null);
  const [help, setHelp] = useState(false);
  const overlay = asking !== null || help;
  // Told before the paint, so the screen's keys are live again the moment a dialog closes.
  useLayoutEffect(() => onOverlay(overlay), [overlay, onOverlay]);

  const act = (action: ManualAction) => {
    setAsking(null);
    onAction(action);
  };
  useShortcutKeys(keys && !overlay, {
    s: () => act('suspend'),
    b: () => act('bury'),
    u: onUndo,
    ...(onEdit ? { e: onEdit } : {}),
    '?': () => setHelp(true),
  });

  return (
    <div className="flex flex-wrap items-center gap-1 text-xs" role="group" aria-label="Actions sur la carte" data-testid="review-card-menu">
      <button type="button" className="btn-ghost px-2 py-1" title="Suspendre (S)" aria-keyshortcuts="S" disabled={busy} onClick={() => act('suspend')}>
        Suspendre
      </button>
      <button type="button" className="btn-ghost px-2 py-1" title="Enterrer jusqu’à demain (B)" aria-keyshortcuts="B" disabled={busy} onClick={() => act('bury')}>
        Enterrer
      </button>
      {leaveActions && (
        <>
          <button type="button" className="btn-ghost px-2 py-1" disabled={busy} onClick={() => setAsking('reschedule')}>
            Reprogrammer
          </button>
          <button type="button" className="btn-ghost px-2 py-1" disabled={busy} onClick={() => setAsking('forget')}>
            Oublier
          </button>
        </>
      )}
      {onEdit && (
        <button type="button" className="btn-ghost px-2 py-1" title="Modifier (E)" aria-keyshortcuts="E" disabled={busy} onClick={onEdit}>
          Modifier
        </button>
      )}
      {onHistory && (
        <button type="button" className="btn-ghost px-2 py-1" disabled={busy} onClick={onHistory}>
          Historique
        </button>
      )}
      <button type="button" className="btn-ghost px-2 py-1" title="Raccourcis clavier (?)" aria-label="Raccourcis clavier (?)" aria-keyshortcuts="?" onClick={() => setHelp(true)}>
        ?
      </button>
      <CardActionDialogs asking={asking} busy={busy} onForget={() => act('forget')} onReschedule={(days) => act({ reschedule: days })} onCancel={() => setAsking(null)} />
      <ShortcutsDialog open={help} onClose={() => setHelp(false)} />
    </div>
  );
}
