/** Doughnut of the 30-day rating counts; chart.js is loaded here only, on demand. */
import { useEffect, useRef } from 'react';
import type { ForecastStats } from '../../api/stats';
import { ChartTable } from './ChartTable';

const LABELS = ['Encore', 'Difficile', 'Bien', 'Facile'];
const COLORS = ['#f87171', '#fbbf24', '#34d399', '#60a5fa'];

export function RatingDoughnut({ breakdown }: { breakdown: ForecastStats['rating_breakdown'] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const counts = [breakdown.again_count, breakdown.hard_count, breakdown.good_count, breakdown.easy_count];
  const empty = counts.every((n) => !n);
  const key = counts.join(',');

  useEffect(() => {
    if (empty || !canvas.current) return;
    let chart: { destroy(): void } | null = null;
    let live = true;
    void import('chart.js').then(({ Chart, ArcElement, DoughnutController, Legend, Tooltip }) => {
      if (!live || !canvas.current) return;
      Chart.register(ArcElement, DoughnutController, Legend, Tooltip);
      chart = new Chart(canvas.current, {
        type: 'doughnut',
        data: { labels: LABELS, datasets: [{ data: key.split(',').map(Number), backgroundColor: COLORS, borderColor: '#130d24', borderWidth: 2 }] },
        options: { animation: false, responsive: true, maintainAspectRatio: false, plugins: { legend: { position: 'bottom', labels: { color: '#cbd5e1' } } } },
      });
    });
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [key, empty]);

  if (empty) return <p className="py-8 text-center text-slate-400">Aucune donnée de révision sur les 30 derniers jours.</p>;
  return (
    <div>
      <div className="relative h-64">
        <canvas ref={canvas} aria-label={`Répartition des évaluations : ${LABELS.map((l, i) => `${l} ${counts[i]}`).join(', ')}`} role="img" />
      </div>
      <ChartTable caption="Répartition des évaluations sur 30 jours" columns={['Évaluation', 'Révisions']} rows={LABELS.map((label, i) => [label, counts[i] ?? 0] as const)} />
    </div>
  );
}
