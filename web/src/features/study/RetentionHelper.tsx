/**
 * 'Quelle rétention choisir ?': the person's collection simulated for a year at 20 desired
 * retentions (0,70 to 0,97) in a Web Worker (retention-sim.worker.ts) — answers a day and
 * knowledge (cards remembered) for each — drawn as a curve with the recommended range
 * shaded, and as a table. Clicking a point (or a row's button) sets `desired_retention`.
 */
import { useEffect, useRef, useState } from 'react';
import { fsrsApi } from '../../api/fsrs';
import { preferencesApi } from '../../api/preferences';
import { errorText } from '../../ui/error-text';
import { useToast } from '../../ui/Toasts';
import { usePreferences } from '../settings/preferences-context';
import type { RetentionPoint } from '@domain/retention-sim';
import type { SimulateAnswer, SimulateRequest } from './retention-sim.worker';

type Range = { from: number; to: number; best: number } | null;
type Run = { phase: 'idle' } | { phase: 'running'; cards: number } | { phase: 'empty' } | { phase: 'done'; points: RetentionPoint[]; range: Range; ms: number } | { phase: 'failed'; message: string };

const percent = (r: number) => `${Math.round(r * 100)} %`;
const perDay = (n: number) => n.toLocaleString('fr-FR', { maximumFractionDigits: 1 });
const cards = (n: number) => Math.round(n).toLocaleString('fr-FR');

function simulate(request: SimulateRequest): Promise<SimulateAnswer> {
  const worker = new Worker(new URL('./retention-sim.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<SimulateAnswer>((resolve) => {
    worker.onmessage = (event: MessageEvent<SimulateAnswer>) => resolve(event.data);
    worker.onerror = (event) => resolve({ ok: false, error: event.message || 'worker error' });
    worker.postMessage(request);
  }).finally(() => worker.terminate());
}

function RetentionChart({ points, range, current, onPick }: { points: RetentionPoint[]; range: Range; current: number; onPick(retention: number): void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    if (!canvas.current) return;
    let chart: { destroy(): void } | null = null;
    let live = true;
    void import('chart.js').then(({ Chart, LineController, LineElement, PointElement, LinearScale, Legend, Tooltip }) => {
      if (!live || !canvas.current) return;
      Chart.register(LineController, LineElement, PointElement, LinearScale, Legend, Tooltip);
      const radius = points.map((p) => (Math.abs(p.retention - current) < 0.005 ? 7 : 4));
      const made = new Chart(canvas.current, {
        type: 'line',
        data: {
          datasets: [
            { label: 'Révisions par jour', data: points.map((p) => ({ x: p.retention, y: p.answersPerDay })), borderColor: '#a78bfa', backgroundColor: '#a78bfa', yAxisID: 'y', pointRadius: radius, pointHoverRadius: 8 },
            { label: 'Cartes retenues dans un an', data: points.map((p) => ({ x: p.retention, y: p.knowledge })), borderColor: '#34d399', backgroundColor: '#34d399', yAxisID: 'knowledge', pointRadius: radius, pointHoverRadius: 8 },
          ],
        },
        options: {
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          interaction: { mode: 'index', intersect: false },
          onClick: (event, _elements, self) => {
            const [hit] = self.getElementsAtEventForMode(event.native as Event, 'index', { intersect: false }, true);
            const point = hit && points[hit.index];
            if (point) pick.current(point.retention);
          },
          scales: {
            x: { type: 'linear', min: 0.7, max: 0.97, title: { display: true, text: 'Rétention souhaitée', color: '#cbd5e1' }, ticks: { color: '#cbd5e1', callback: (v) => percent(Number(v)) } },
            y: { position: 'left', beginAtZero: true, title: { display: true, text: 'Révisions par jour', color: '#cbd5e1' }, ticks: { color: '#cbd5e1' } },
            knowledge: { position: 'right', beginAtZero: true, grid: { drawOnChartArea: false }, title: { display: true, text: 'Cartes retenues', color: '#cbd5e1' }, ticks: { color: '#cbd5e1' } },
          },
          plugins: {
            legend: { position: 'bottom', labels: { color: '#cbd5e1' } },
            tooltip: { callbacks: { title: (items) => `Rétention ${percent(Number(items[0]?.parsed.x ?? 0))}` } },
          },
        },
        plugins: [
          {
            // The recommended range, shaded behind the curves.
            id: 'recommended-range',
            beforeDatasetsDraw(self) {
              if (!range) return;
              const { ctx, chartArea, scales } = self;
              const left = scales.x!.getPixelForValue(range.from - 0.007);
              const right = scales.x!.getPixelForValue(range.to + 0.007);
              ctx.save();
              ctx.fillStyle = 'rgba(52, 211, 153, 0.12)';
              ctx.fillRect(left, chartArea.top, right - left, chartArea.bottom - chartArea.top);
              ctx.restore();
            },
          },
        ],
      });
      chart = made;
      // Where each point is drawn (for tools and tests that click one).
      canvas.current.dataset.points = JSON.stringify(made.getDatasetMeta(0).data.map((el) => [Math.round(el.x), Math.round(el.y)]));
    });
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [points, range, current]);

  const described = points.map((p) => `${percent(p.retention)} : ${perDay(p.answersPerDay)} révisions par jour, ${cards(p.knowledge)} cartes retenues`).join(' ; ');
  return (
    <div className="relative h-72">
      <canvas ref={canvas} data-testid="retention-chart" role="img" aria-label={`Charge et connaissance selon la rétention souhaitée. ${described}`} className="cursor-pointer" />
    </div>
  );
}

export function RetentionHelper() {
  const toast = useToast();
  const { preferences, replace } = usePreferences();
  const [run, setRun] = useState<Run>({ phase: 'idle' });
  const [saving, setSaving] = useState(false);
  const current = preferences.desired_retention;

  async function start() {
    try {
      const input = await fsrsApi.retentionInput();
      const studied = input.cards.stability.length;
      if (studied + input.new_cards === 0) return setRun({ phase: 'empty' });
      setRun({ phase: 'running', cards: studied + input.new_cards });
      const answer = await simulate({
        type: 'simulate',
        collection: {
          params: input.params,
          cards: input.cards.stability.map((stability, i) => ({ stability, difficulty: input.cards.difficulty[i]!, elapsedDays: input.cards.elapsed_days[i]! })),
          newCards: input.new_cards,
          newPerDay: input.new_cards_per_day,
        },
      });
      setRun(answer.ok ? { phase: 'done', points: answer.points, range: answer.range, ms: answer.ms } : { phase: 'failed', message: `La simulation a échoué : ${answer.error}` });
    } catch (err) {
      setRun({ phase: 'failed', message: errorText(err, 'Impossible de lire vos cartes.') });
    }
  }

  async function choose(retention: number) {
    if (saving) return;
    setSaving(true);
    try {
      replace(await preferencesApi.save({ desired_retention: retention }));
      toast.success(`Rétention souhaitée réglée sur ${percent(retention)} : vos prochaines révisions la visent.`);
    } catch (err) {
      toast.error(errorText(err, "La rétention souhaitée n'a pas pu être enregistrée."));
    } finally {
      setSaving(false);
    }
  }

  const inRange = (r: number, range: Range) => range !== null && r >= range.from - 1e-9 && r <= range.to + 1e-9;
  return (
    <section className="card space-y-3" aria-labelledby="retention-helper-title" data-testid="retention-helper">
      <h2 id="retention-helper-title" className="text-lg font-semibold">
        Quelle rétention choisir ?
      </h2>
      <p className="text-sm text-slate-300">
        Votre rétention souhaitée est de <strong data-testid="current-retention">{percent(current)}</strong>. Simulez une année de révisions de vos cartes, avec vos paramètres FSRS, pour 20
        rétentions de 70 % à 97 % : combien de révisions par jour, combien de cartes retenues au bout d'un an. Cliquez un point pour choisir sa rétention.
      </p>
      <button type="button" className="btn-primary" disabled={run.phase === 'running'} onClick={() => void start()}>
        {run.phase === 'done' ? 'Simuler à nouveau' : 'Simuler mes rétentions'}
      </button>
      {run.phase === 'running' && (
        <p role="status" className="text-sm text-slate-300">
          Simulation d'une année pour {run.cards.toLocaleString('fr-FR')} carte(s)…
        </p>
      )}
      {run.phase === 'empty' && (
        <p role="status" className="text-sm text-amber-200">
          Aucune carte à simuler : créez des flashcards et révisez-les d'abord.
        </p>
      )}
      {run.phase === 'failed' && (
        <p role="alert" className="text-sm text-red-300">
          {run.message}
        </p>
      )}
      {run.phase === 'done' && (
        <div className="space-y-2" data-testid="retention-result" data-ms={Math.round(run.ms)}>
          {run.range && (
            <p className="text-sm" data-testid="retention-range">
              {run.range.from === run.range.to ? (
                <>
                  Rétention recommandée (zone verte) : <strong>{percent(run.range.from)}</strong>
                </>
              ) : (
                <>
                  Plage recommandée (zone verte) : <strong>{percent(run.range.from)}</strong> à <strong>{percent(run.range.to)}</strong>
                </>
              )}{' '}
              — entre 80 % et 95 % (l'avis de FSRS), là où le nombre de révisions par carte retenue reste à 10 % près du plus bas ({percent(run.range.best)}).
            </p>
          )}
          <RetentionChart points={run.points} range={run.range} current={current} onPick={(r) => void choose(r)} />
          <details className="text-sm text-slate-300">
            <summary className="cursor-pointer text-slate-400">Voir en tableau</summary>
            <div className="overflow-x-auto">
              <table className="mt-2 w-full text-left">
                <caption className="sr-only">Révisions par jour et cartes retenues dans un an selon la rétention souhaitée</caption>
                <thead>
                  <tr>
                    <th scope="col" className="py-1 font-medium">Rétention</th>
                    <th scope="col" className="py-1 text-right font-medium">Révisions par jour</th>
                    <th scope="col" className="py-1 text-right font-medium">Cartes retenues</th>
                    <th scope="col" className="py-1 text-right font-medium">
                      <span className="sr-only">Choisir</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {run.points.map((p) => {
                    const chosen = Math.abs(p.retention - current) < 0.005;
                    return (
                      <tr key={p.retention} className="border-t border-space-700">
                        <th scope="row" className="py-1 font-normal">
                          {percent(p.retention)}
                          {inRange(p.retention, run.range) && <span className="ml-1 text-emerald-300">(recommandée)</span>}
                        </th>
                        <td className="py-1 text-right">{perDay(p.answersPerDay)}</td>
                        <td className="py-1 text-right">{cards(p.knowledge)}</td>
                        <td className="py-1 text-right">
                          <button type="button" className="btn-ghost px-2 py-0.5" aria-pressed={chosen} disabled={saving} onClick={() => void choose(p.retention)}>
                            {chosen ? 'Choisie' : `Choisir ${percent(p.retention)}`}
                          </button>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </details>
        </div>
      )}
    </section>
  );
}
