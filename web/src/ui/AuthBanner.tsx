/**
 * What the auth-sync state machine shows wherever a page renders: the banner above the
 * page, and the web view's blocking 'Problème de synchronisation' dialog.
 */
import { useAuth, type AuthStatus } from './auth-context';

const BANNER: Partial<Record<AuthStatus, { tone: string; text: string; retry?: boolean }>> = {
  waiting_native: { tone: 'info', text: "Synchronisation avec l'application mobile..." },
  token_received: { tone: 'info', text: 'Jeton reçu, vérification...' },
  authenticating: { tone: 'info', text: 'Authentification en cours...' },
  auth_failed: { tone: 'error', text: "Échec de l'authentification.", retry: true },
  timeout_error: { tone: 'warning', text: "L'application mobile n'a pas répondu à temps.", retry: true },
  offline: { tone: 'warning', text: 'Hors ligne — le serveur est injoignable. Nouvel essai automatique dès que possible.', retry: true },
  logout_progress: { tone: 'info', text: 'Déconnexion en cours...' },
};
const QUIET: AuthStatus[] = ['authenticated', 'initializing', 'checking_local'];
const TONE: Record<string, string> = {
  info: 'border-sky-600/50 bg-sky-950/80 text-sky-100',
  error: 'border-red-600/50 bg-red-950/80 text-red-100',
  warning: 'border-amber-600/50 bg-amber-950/80 text-amber-100',
};

const OFFLINE_SIGNED_IN = { tone: 'warning', text: 'Hors ligne — vous restez connecté ; les pages gardées sur cet appareil restent lisibles.' };

export function AuthBanner() {
  const { status, failureShown, retry, retriesLeft, offline } = useAuth();
  if (status === 'authenticated' && offline) return <Banner status="offline" banner={OFFLINE_SIGNED_IN} />;
  if (QUIET.includes(status)) return null;
  if (status === 'auth_failed' && !failureShown) return null;
  const banner = BANNER[status] ?? { tone: 'error', text: `État d'authentification inconnu : ${status}` };
  return <Banner status={status} banner={banner} onRetry={banner.retry && retriesLeft > 0 ? retry : undefined} />;
}

function Banner({ status, banner, onRetry }: { status: string; banner: { tone: string; text: string }; onRetry?: () => void }) {
  return (
    <div role="status" data-auth-state={status} className={`flex items-center gap-3 border-b px-4 py-2 text-sm ${TONE[banner.tone]}`}>
      <span className="flex-1">{banner.text}</span>
      {onRetry && (
        <button type="button" className="rounded border border-current px-2 py-0.5" onClick={onRetry}>
          Réessayer
        </button>
      )}
    </div>
  );
}

export function SyncProblemDialog() {
  const { status, isWebView, retry, retriesLeft } = useAuth();
  if (!isWebView || (status !== 'auth_failed' && status !== 'timeout_error')) return null;
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="sync-problem" className="fixed inset-0 z-40 flex items-center justify-center bg-black/80 p-6">
      <div className="card max-w-sm text-center">
        <h2 id="sync-problem" className="mb-2 text-xl font-semibold">Problème de synchronisation</h2>
        <p className="mb-4 text-slate-300">
          {status === 'timeout_error' ? "L'application mobile n'a pas transmis votre session à temps." : "La session transmise par l'application mobile n'est pas valide."}
        </p>
        <button type="button" className="btn-primary" onClick={retry} disabled={retriesLeft <= 0}>
          Réessayer
        </button>
      </div>
    </div>
  );
}
