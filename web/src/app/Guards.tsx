/** The route guards and the pages of the route table itself: 404 and placeholders. */
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { LOADING_STATES, useAuth } from '../ui/auth-context';
import { Spinner } from '../ui/Spinner';

/** Guarded routes: a spinner while auth loads, /login when signed out. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status, user } = useAuth();
  const location = useLocation();
  if (LOADING_STATES.includes(status)) return <Spinner />;
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
