/** Loads both stats answers; each card shows 'Erreur' when the answer it needs failed. */
import { useEffect, useState } from 'react';
import { ApiRequestError, detailText } from '../../api/client';
import { statsApi, type DashboardStats, type ExtendedStats } from './api';

type Loaded<T> = { status: 'loading' } | { status: 'ok'; data: T } | { status: 'error' };

/** Spec document 1 §8: the server detail if a string, else the message, else the fallback. */
function dashboardError(err: unknown): string {
  if (err instanceof ApiRequestError) return (typeof err.detail === 'string' ? err.detail : detailText(err.detail, '; ')) ?? 'Erreur chargement stats dashboard.';
  return err instanceof Error && err.message ? err.message : 'Erreur chargement stats dashboard.';
}

export function useDashboardStats() {
  const [stats, setStats] = useState<Loaded<DashboardStats>>({ status: 'loading' });
  const [extended, setExtended] = useState<Loaded<ExtendedStats>>({ status: 'loading' });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    statsApi
      .dashboard()
      .then((data) => live && setStats({ status: 'ok', data }))
      .catch((err) => {
        if (!live) return;
        setStats({ status: 'error' });
        setError(dashboardError(err));
      });
    statsApi
      .extended()
      .then((data) => live && setExtended({ status: 'ok', data }))
      .catch((err) => {
        // Extended stats failure is only logged (spec document 1 §8); its cards show 'Erreur'.
        console.error('Extended stats failed', err);
        if (live) setExtended({ status: 'error' });
      });
    return () => {
      live = false;
    };
  }, []);

  return { stats, extended, error };
}

export type { Loaded };
