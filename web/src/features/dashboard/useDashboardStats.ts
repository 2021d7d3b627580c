/** Loads both stats answers; each card shows 'Erreur' when the answer it needs failed. */
import { useEffect, useState } from 'react';
import { errorText } from '../../ui/error-text';
import { statsApi, type DashboardStats, type ExtendedStats } from '../../api/stats';

type Loaded<T> = { status: 'loading' } | { status: 'ok'; data: T } | { status: 'error' };

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
        setError(errorText(err, 'Erreur chargement stats dashboard.'));
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
