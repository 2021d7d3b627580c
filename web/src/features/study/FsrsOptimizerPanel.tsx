/**
 * 'Optimiser mes paramètres': trains FSRS on the person's own review log in a
 * Web Worker (fsrs-optimizer.worker.ts), shows the log loss of the parameters in use and of
 * the trained ones, and saves the trained ones on request — answers are then scheduled with
 * them. Below the optimizer's minimum of reviews the defaults stay, and the panel says why.
 */
import { useState } from 'react';
import { fsrsApi, forgetSchedulingParams, type FsrsParamsState } from '../../api/fsrs';
import { errorText } from '../../ui/error-text';
import { useLoad } from '../../ui/use-load';
import { useToast } from '../../ui/Toasts';
import { lossText as loss, runOptimizer } from './run-optimizer';

type Run = { phase: 'idle' } | { phase: 'running'; reviews: number } | { phase: 'done'; params: number[]; before: number; after: number } | { phase: 'failed'; message: string };

export function FsrsOptimizerPanel() {
  const toast = useToast();
  const [generation, setGeneration] = useState(0);
  const state = useLoad((signal) => fsrsApi.params(signal), [generation]);
  const [run, setRun] = useState<Run>({ phase: 'idle' });
  const [saving, setSaving] = useState(false);

  if (state.phase !== 'loaded') return null;
  const info: FsrsParamsState = state.data;
  const enough = info.review_count >= info.min_reviews;

  async function start() {
    try {
      const history = await fsrsApi.reviewHistory();
      setRun({ phase: 'running', reviews: history.review_count });
      const answer = await runOptimizer({ type: 'optimize', items: { ratings: history.ratings, deltas: history.deltas, lengths: history.lengths }, current: info.params });
      setRun(answer.ok ? { phase: 'done', params: answer.params, before: answer.before, after: answer.after } : { phase: 'failed', message: `L'optimisation a échoué : ${answer.error}` });
    } catch (err) {
      setRun({ phase: 'failed', message: errorText(err, "Impossible de lire l'historique de vos révisions.") });
    }
  }

  async function save(params: number[] | null) {
    setSaving(true);
    try {
      if (params) await fsrsApi.save(params);
      else await fsrsApi.reset();
      forgetSchedulingParams();
      toast.success(params ? 'Paramètres FSRS enregistrés : vos prochaines révisions les utilisent.' : 'Paramètres FSRS par défaut rétablis.');
      setRun({ phase: 'idle' });
      setGeneration((g) => g + 1);
    } catch (err) {
      toast.error(errorText(err, "Les paramètres n'ont pas pu être enregistrés."));
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="card space-y-3" aria-labelledby="fsrs-optimizer-title" data-testid="fsrs-optimizer">
      <h2 id="fsrs-optimizer-title" className="text-lg font-semibold">
        Vos paramètres FSRS
      </h2>
      <p className="text-sm text-slate-300">
        {info.params ? 'Vos révisions sont planifiées avec vos propres paramètres.' : 'Vos révisions sont planifiées avec les paramètres FSRS par défaut.'} L'optimiseur les ajuste à votre mémoire
        d'après vos {info.review_count.toLocaleString('fr-FR')} révision(s).
      </p>
      {!enough && (
        <p className="text-sm text-amber-200" role="note">
          Il faut au moins {info.min_reviews} révisions pour optimiser vos paramètres (vous en avez {info.review_count}). Les paramètres par défaut restent utilisés.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn-primary" disabled={!enough || run.phase === 'running' || saving} onClick={() => void start()}>
          Optimiser mes paramètres
        </button>
        {info.params && (
          <button type="button" className="btn-ghost" disabled={saving || run.phase === 'running'} onClick={() => void save(null)}>
            Revenir aux paramètres par défaut
          </button>
        )}
      </div>
      {run.phase === 'running' && (
        <div role="status" className="space-y-1 text-sm text-slate-300">
          <p>Entraînement sur {run.reviews.toLocaleString('fr-FR')} révisions…</p>
          <div className="h-2 overflow-hidden rounded bg-space-700" aria-hidden="true">
            <div className="h-full w-1/3 animate-pulse rounded bg-nebula-500" />
          </div>
        </div>
      )}
      {run.phase === 'failed' && (
        <p role="alert" className="text-sm text-red-300">
          {run.message}
        </p>
      )}
      {run.phase === 'done' && (
        <div className="space-y-2 text-sm" data-testid="fsrs-optimizer-result">
          <p>
            Perte logarithmique (plus bas = meilleures prédictions) : <strong>{loss(run.before)}</strong> avec les paramètres actuels, <strong>{loss(run.after)}</strong> avec les
            paramètres optimisés.
          </p>
          {run.after < run.before ? (
            <button type="button" className="btn-primary" disabled={saving} onClick={() => void save(run.params)}>
              Enregistrer ces paramètres
            </button>
          ) : (
            <p className="text-slate-300">Vos paramètres actuels prédisent déjà aussi bien votre mémoire : rien à changer.</p>
          )}
        </div>
      )}
    </section>
  );
}
