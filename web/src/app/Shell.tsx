/**
 * The application frame: the 240 px left drawer (hidden in a web view), the auth-sync
 * banner, the web view's blocking 'Problème de synchronisation' dialog, and the page.
 */
import { useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { QuickSwitcher } from '../features/search/QuickSwitcher';
import { BackupReminder } from '../features/settings/BackupReminder';
import { AutoOptimizer } from '../features/study/AutoOptimizer';
import { PushPrompt } from '../features/settings/PushPrompt';
import { useAuth } from '../ui/auth-context';
import { AuthBanner, SyncProblemDialog } from '../ui/AuthBanner';
import { OfflineCopyNotice } from '../ui/OfflineCopyNotice';
import { DrawerNotes } from '../features/daily/DrawerNotes';
import { prefetchDailyNoteOfPath } from '../features/daily/prefetch';
import { SyncStatus } from '../features/flashcards/SyncStatus';
import { usePendingLoss } from '../features/offline/use-pending-loss';
import { ConfirmDialog } from '../ui/Dialog';

const LINKS: { to: string; label: string }[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/concepts', label: 'Concepts' },
  { to: '/constellation-manager', label: 'Constellations' },
  { to: '/study', label: 'Study' },
];
const MORE_LINKS: { to: string; label: string }[] = [
  { to: '/search', label: 'Search' },
  { to: '/galaxy', label: 'Galaxy View' },
  // Not in the spec's drawer, which leaves these two screens without a way in.
  { to: '/graph', label: 'Knowledge Graph' },
  { to: '/import', label: 'Importer du contenu' },
  { to: '/explore-hierarchy', label: 'Explorateur Hiérarchique' },
  { to: '/settings', label: 'Settings' },
];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm ${isActive ? 'bg-space-600 text-white' : 'text-slate-300 hover:bg-space-700'}`;

/** On a phone the drawer covers the page: a backdrop closes it, and so does choosing a link. */
const isPhone = () => typeof window !== 'undefined' && window.innerWidth < 768;

function Drawer({ onClose }: { onClose(): void }) {
  const closeOnPhone = () => isPhone() && onClose();
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [notesOpen, setNotesOpen] = useState(true);
  const loss = usePendingLoss();
  const [confirming, setConfirming] = useState(false);
  const leave = () => {
    logout();
    navigate('/login', { replace: true });
  };
  return (
    <nav aria-label="Navigation principale" className="fixed inset-y-0 left-0 z-30 flex w-[240px] flex-col border-r border-space-700 bg-space-900 p-3">
      <div className="mb-4 flex items-center justify-between px-2">
        <span className="text-lg font-bold tracking-wide text-nebula-400">✦ Astrolabe</span>
        <button type="button" aria-label="Fermer le menu" title="Fermer le menu" className="text-slate-400 hover:text-white" onClick={onClose}>
          ‹
        </button>
      </div>
      <div className="mb-4 rounded-md bg-space-800 px-3 py-2 text-sm" data-testid="drawer-username">
        {user?.username}
      </div>
      <div className="flex-1 space-y-1 overflow-y-auto">
        {LINKS.map((l) => (
          <NavLink key={l.to} to={l.to} className={linkClass} onClick={closeOnPhone}>
            {l.label}
          </NavLink>
        ))}
        <button type="button" aria-expanded={notesOpen} className="block w-full rounded-md px-3 py-2 text-left text-sm text-slate-300 hover:bg-space-700" onClick={() => setNotesOpen((o) => !o)}>
          Notes journalières {notesOpen ? '▾' : '▸'}
        </button>
        {notesOpen && (
          <div className="ml-3 space-y-1">
            <NavLink
              to="/daily"
              end
              className={linkClass}
              // Pressed, the note is asked for (its code is already loaded: DrawerNotes.tsx).
              onPointerDown={() => prefetchDailyNoteOfPath('/daily')}
              onClick={() => {
                prefetchDailyNoteOfPath('/daily');
                closeOnPhone();
              }}
            >
              Aujourd'hui
            </NavLink>
            <DrawerNotes linkClass={linkClass} />
          </div>
        )}
        {MORE_LINKS.map((l) => (
          <NavLink key={l.to} to={l.to} className={linkClass} onClick={closeOnPhone}>
            {l.label}
          </NavLink>
        ))}
      </div>
      <button
        type="button"
        className="btn-ghost mt-3 w-full"
        // Answers and creations made offline and not sent yet would go with the logout: say so first.
        onClick={() => (loss ? setConfirming(true) : leave())}
      >
        Déconnexion
      </button>
      <ConfirmDialog
        open={confirming}
        title="Se déconnecter ?"
        message={loss ?? ''}
        confirmLabel="Se déconnecter quand même"
        onConfirm={() => {
          setConfirming(false);
          leave();
        }}
        onCancel={() => setConfirming(false)}
      />
    </nav>
  );
}

export function Shell() {
  const { isWebView } = useAuth();
  const [open, setOpen] = useState(() => typeof window === 'undefined' || window.innerWidth >= 768);
  const showDrawer = !isWebView && open;
  return (
    <div className="min-h-screen">
      <a href="#contenu" className="skip-link">
        Aller au contenu
      </a>
      {showDrawer && (
        <div data-testid="drawer-backdrop" aria-hidden className="fixed inset-0 z-20 bg-black/60 md:hidden" onClick={() => setOpen(false)} />
      )}
      {showDrawer && <Drawer onClose={() => setOpen(false)} />}
      {!isWebView && !open && (
        <button type="button" aria-label="Ouvrir le menu" title="Ouvrir le menu" className="fixed top-3 left-3 z-30 rounded-md border border-space-600 bg-space-900 px-3 py-1 text-lg" onClick={() => setOpen(true)}>
          ☰
        </button>
      )}
      {/* With the drawer closed the ☰ button floats top left: everything starts below it, banners included. */}
      <div className={showDrawer ? 'md:pl-[240px]' : !isWebView ? 'pt-12' : ''}>
        <AuthBanner />
        <OfflineCopyNotice />
        <SyncStatus />
        {!isWebView && <PushPrompt />}
        {!isWebView && <BackupReminder />}
        {!isWebView && <AutoOptimizer />}
        <main id="contenu" tabIndex={-1} className="mx-auto max-w-6xl p-4 focus:outline-none">
          <Outlet />
        </main>
      </div>
      <SyncProblemDialog />
      {!isWebView && <QuickSwitcher />}
    </div>
  );
}
