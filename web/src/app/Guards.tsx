/** The route guards and the pages of the route table itself: 404 and placeholders. */
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { LOADING_STATES, useAuth } from '../ui/auth-context';
import { Spinner } from '../ui/Spinner';
import { AuthBanner, SyncProblemDialog } from '../ui/AuthBanner';

/**
 * Guarded routes: a spinner while auth loads, /login when signed out. In the native app's
 * web view the host signs the page in, so there is never a browser login page: the auth
 * banner says where the handshake stands and a failure shows the blocking
 * 'Problème de synchronisation' dialog with its retry, as on the embedded pages.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, user, isWebView } = useAuth();
  const location = useLocation();
  if (isWebView && !(status === 'authenticated' && user)) {
    return (
      <>
        <AuthBanner />
        {LOADING_STATES.includes(status) && <Spinner />}
        <SyncProblemDialog />
      </>
    );
  }
  if (LOADING_STATES.includes(status)) return <Spinner />;
  // A valid token but no server and no profile kept here: wait for the network, never sign out.
  if (status === 'offline') return <AuthBanner />;
  if (status !== 'authenticated' || !user) return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <>{children}</>;
}

/** /login and /register send a signed-in person to the dashboard. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'authenticated') return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}

export function NotFoundPage() {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  return (
    <div className="mx-auto mt-24 max-w-md card text-center">
      <h1 className="mb-3 text-3xl font-semibold">Page introuvable</h1>
      <p className="mb-6 text-slate-300">La page demandée n'existe pas.</p>
      <Link className="btn-primary" to={signedIn ? '/dashboard' : '/login'}>
        {signedIn ? 'Retour au tableau de bord' : 'Aller à la connexion'}
      </Link>
    </div>
  );
}
