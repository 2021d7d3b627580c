/**
 * The application frame: the 240 px left drawer (hidden in a web view), the auth-sync
 * banner, the web view's blocking 'Problème de synchronisation' dialog, and the page.
 */
import { useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { QuickSwitcher } from '../features/search/QuickSwitcher';
import { useAuth, type AuthStatus } from './auth';

const LINKS: { to: string; label: string }[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/concepts', label: 'Concepts' },
  { to: '/constellation-manager', label: 'Constellations' },
  { to: '/study', label: 'Study' },
];
const MORE_LINKS: { to: string; label: string }[] = [
  { to: '/search', label: 'Search' },
  { to: '/galaxy', label: 'Galaxy View' },
  { to: '/explore-hierarchy', label: 'Explorateur Hiérarchique' },
  { to: '/settings', label: 'Settings' },
];

const BANNER: Partial<Record<AuthStatus, { tone: string; text: string; retry?: boolean }>> = {
  waiting_native: { tone: 'info', text: "Synchronisation avec l'application mobile..." },
  token_received: { tone: 'info', text: 'Jeton reçu, vérification...' },
  authenticating: { tone: 'info', text: 'Authentification en cours...' },
  auth_failed: { tone: 'error', text: "Échec de l'authentification.", retry: true },
  timeout_error: { tone: 'warning', text: "L'application mobile n'a pas répondu à temps.", retry: true },
  logout_progress: { tone: 'info', text: 'Déconnexion en cours...' },
};
const QUIET: AuthStatus[] = ['authenticated', 'initializing', 'checking_local'];
const TONE: Record<string, string> = {
  info: 'border-sky-600/50 bg-sky-950/80 text-sky-100',
  error: 'border-red-600/50 bg-red-950/80 text-red-100',
  warning: 'border-amber-600/50 bg-amber-950/80 text-amber-100',
};

export function AuthBanner() {
  const { status, failureShown, retry, retriesLeft } = useAuth();
  if (QUIET.includes(status)) return null;
  if (status === 'auth_failed' && !failureShown) return null;
  const banner = BANNER[status] ?? { tone: 'error', text: `État d'authentification inconnu : ${status}` };
  return (
    <div role="status" data-auth-state={status} className={`flex items-center gap-3 border-b px-4 py-2 text-sm ${TONE[banner.tone]}`}>
      <span className="flex-1">{banner.text}</span>
      {banner.retry && retriesLeft > 0 && (
        <button type="button" className="rounded border border-current px-2 py-0.5" onClick={retry}>
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

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm ${isActive ? 'bg-space-600 text-white' : 'text-slate-300 hover:bg-space-700'}`;

function Drawer({ onClose }: { onClose(): void }) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [notesOpen, setNotesOpen] = useState(true);
  return (
    <nav aria-label="Navigation principale" className="fixed inset-y-0 left-0 z-30 flex w-[240px] flex-col border-r border-space-700 bg-space-900/95 p-3">
      <div className="mb-4 flex items-center justify-between px-2">
        <span className="text-lg font-bold tracking-wide text-nebula-400">✦ Astrolabe</span>
        <button type="button" aria-label="Fermer le menu" className="text-slate-400 hover:text-white" onClick={onClose}>
          ‹
        </button>
      </div>
      <div className="mb-4 rounded-md bg-space-800 px-3 py-2 text-sm" data-testid="drawer-username">
        {user?.username}
      </div>
      <div className="flex-1 space-y-1 overflow-y-auto">
        {LINKS.map((l) => (
          <NavLink key={l.to} to={l.to} className={linkClass}>
            {l.label}
          </NavLink>
        ))}
        <button type="button" aria-expanded={notesOpen} className="block w-full rounded-md px-3 py-2 text-left text-sm text-slate-300 hover:bg-space-700" onClick={() => setNotesOpen((o) => !o)}>
          Notes journalières {notesOpen ? '▾' : '▸'}
        </button>
        {notesOpen && (
          <div className="ml-3 space-y-1">
            <NavLink to="/daily" end className={linkClass}>
              Aujourd'hui
            </NavLink>
          </div>
        )}
        {MORE_LINKS.map((l) => (
          <NavLink key={l.to} to={l.to} className={linkClass}>
            {l.label}
          </NavLink>
        ))}
      </div>
      <button
        type="button"
        className="btn-ghost mt-3 w-full"
        onClick={() => {
          logout();
          navigate('/login', { replace: true });
        }}
      >
        Déconnexion
      </button>
    </nav>
  );
}

export function Shell() {
  const { isWebView } = useAuth();
  const [open, setOpen] = useState(() => typeof window === 'undefined' || window.innerWidth >= 768);
  const showDrawer = !isWebView && open;
  return (
    <div className="min-h-screen">
      {showDrawer && <Drawer onClose={() => setOpen(false)} />}
      {!isWebView && !open && (
        <button type="button" aria-label="Ouvrir le menu" className="fixed top-3 left-3 z-30 rounded-md border border-space-600 bg-space-900 px-3 py-1 text-lg" onClick={() => setOpen(true)}>
          ☰
        </button>
      )}
      <div className={showDrawer ? 'md:pl-[240px]' : ''}>
        <AuthBanner />
        <main className={`mx-auto max-w-6xl p-4 ${!isWebView && !open ? 'pt-14' : ''}`}>
          <Outlet />
        </main>
      </div>
      <SyncProblemDialog />
      {!isWebView && <QuickSwitcher />}
    </div>
  );
}
