/** Loads both stats answers; each card shows 'Erreur' when the answer it needs failed. */
import { statsApi } from '../../api/stats';
import { errorText } from '../../ui/error-text';
import { useLoad } from '../../ui/use-load';

export function useDashboardStats() {
  const stats = useLoad(() => statsApi.dashboard(), []);
  const forecast = useLoad(
    () =>
      statsApi.forecast().catch((err: unknown) => {
        // The extended stats' failure is only logged (spec document 1 §8); its cards show 'Erreur'.
        console.error('Extended stats failed', err);
        throw err;
      }),
    [],
  );
  const error = stats.phase === 'error' ? errorText(stats.error, 'Erreur chargement stats dashboard.') : null;
  return { stats, forecast, error };
}
