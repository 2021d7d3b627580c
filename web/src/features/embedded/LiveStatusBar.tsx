/** Connection state of the live document and the unsaved-changes badge (spec document 3 §2.9). */
import type { LiveStatus } from '../../editor/collaboration';

const CONNECTION_TEXT: Record<LiveStatus['connection'], string> = {
  connected: 'En ligne',
  connecting: 'Connexion…',
  disconnected: 'Hors ligne',
};

const DOT: Record<LiveStatus['connection'], string> = {
  connected: 'bg-emerald-400',
  connecting: 'bg-amber-300',
  disconnected: 'bg-rose-500',
};

export function LiveStatusBar({ status }: { status: LiveStatus }) {
  return (
    <div className="flex items-center gap-3 text-xs" aria-live="polite">
      <span className="flex items-center gap-1 text-slate-300" data-testid="live-connection" data-state={status.connection}>
        <span className={`inline-block h-2 w-2 rounded-full ${DOT[status.connection]}`} aria-hidden="true" />
        {CONNECTION_TEXT[status.connection]}
      </span>
      {status.unsaved && (
        <span className="rounded-full bg-orange-700 px-2 py-0.5 font-medium text-white" data-testid="unsaved-badge">
          Modifications non sauvegardées
        </span>
      )}
    </div>
  );
}
