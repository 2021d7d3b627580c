/**
 * 'Historique' of a card: its forgetting curve now (chart.js, recall probability against
 * days since the last answer, today and the due day marked, and said in words for screen
 * readers), then every answer, newest first, with its rating and what it left the card
 * with — interval, stability, difficulty — and the recall probability it was answered at.
 * Opened from the card list's menu and from the review screens.
 */
import { useEffect, useId, useRef } from 'react';
import { flashcardsApi, type CardHistory } from '../../api/flashcards';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { errorText } from '../../ui/error-text';
import { useLoad } from '../../ui/use-load';
import { RATINGS } from './ratings';

type Curve = NonNullable<CardHistory['forgetting_curve']>;

const percent = (r: number) => `${Math.round(r * 100)} %`;
const decimal = (n: number) => n.toLocaleString('fr-FR', { maximumFractionDigits: 1 });
const when = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const ratingLabel = (rating: number) => RATINGS.find((r) => r.rating === rating)?.dialogLabel ?? String(rating);

/** An interval in the unit a person reads it in: minutes, hours, then days. */
export function intervalText(days: number | null): string {
  if (days === null) return '—';
  if (days >= 1) return `${decimal(Math.round(days * 10) / 10)} j`;
  const hours = days * 24;
  if (hours >= 1) return `${Math.round(hours)} h`;
  return `${Math.max(1, Math.round(hours * 60))} min`;
}

function curveText(curve: Curve) {
  return `Courbe d'oubli : 100 % juste après la dernière réponse, ${percent(curve.points.find((p) => p.days >= curve.due_days)?.retrievability ?? 0)} à la date prévue (${intervalText(curve.due_days)}), ${percent(curve.retrievability_today)} aujourd'hui (${intervalText(curve.today_days)} après la réponse).`;
}

function ForgettingCurve({ curve }: { curve: Curve }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | null = null;
    let live = true;
    void import('chart.js').then(({ Chart, LineController, LineElement, PointElement, LinearScale, Legend, Tooltip }) => {
      if (!live || !canvas.current) return;
      Chart.register(LineController, LineElement, PointElement, LinearScale, Legend, Tooltip);
      chart = new Chart(canvas.current, {
        type: 'line',
        data: {
          datasets: [
            { label: 'Probabilité de rappel', data: curve.points.map((p) => ({ x: p.days, y: p.retrievability * 100 })), borderColor: '#a78bfa', backgroundColor: '#a78bfa', pointRadius: 0, tension: 0.2 },
            { label: "Aujourd'hui", data: [{ x: curve.today_days, y: curve.retrievability_today * 100 }], borderColor: '#fcd34d', backgroundColor: '#fcd34d', pointRadius: 6, pointStyle: 'rectRot', showLine: false },
          ],
        },
        options: {
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          scales: {
            x: { type: 'linear', min: 0, max: curve.points.at(-1)!.days, title: { display: true, text: 'Jours depuis la dernière réponse', color: '#cbd5e1' }, ticks: { color: '#cbd5e1' } },
            y: { min: 0, max: 100, title: { display: true, text: 'Rappel (%)', color: '#cbd5e1' }, ticks: { color: '#cbd5e1' } },
          },
          plugins: { legend: { position: 'bottom', labels: { color: '#cbd5e1' } } },
        },
      });
    });
    return () => {
      live = false;
      chart?.destroy();
    };
  }, [curve]);
  return (
    <div className="relative h-48">
      <canvas ref={canvas} role="img" aria-label={curveText(curve)} data-testid="forgetting-curve" />
    </div>
  );
}

function Answers({ history }: { history: CardHistory }) {
  const legend = useId();
  if (history.answers.length === 0) return <p className="text-sm text-slate-400">Aucune réponse pour cette carte : son historique commencera à sa première révision.</p>;
  return (
    <div className="space-y-2">
      <p className="text-xs text-slate-400" id={legend}>
        Après chaque réponse : l'intervalle jusqu'à la révision suivante, la stabilité et la difficulté FSRS. Rappel : la probabilité de s'en souvenir au moment de répondre.
      </p>
      <div className="overflow-x-auto" role="region" aria-label="Réponses, défilable" tabIndex={0}>
        <table className="w-full text-left text-sm" data-testid="card-history-answers" aria-describedby={legend}>
          <caption className="sr-only">Réponses à cette carte, la plus récente en premier</caption>
          <thead className="text-xs text-slate-400">
            <tr>
              {['Date', 'Réponse', 'Intervalle', 'Stabilité', 'Difficulté', 'Rappel'].map((h) => (
                <th key={h} scope="col" className="whitespace-nowrap py-1 pr-3 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...history.answers].reverse().map((a) => (
              <tr key={a.reviewed_at} className="border-t border-space-700">
                <th scope="row" className="whitespace-nowrap py-1 pr-3 font-normal">
                  {when.format(new Date(a.reviewed_at))}
                </th>
                <td className="py-1 pr-3">{ratingLabel(a.rating)}</td>
                <td className="whitespace-nowrap py-1 pr-3">{intervalText(a.interval_days)}</td>
                <td className="whitespace-nowrap py-1 pr-3">{decimal(a.stability)} j</td>
                <td className="py-1 pr-3">{decimal(a.difficulty)}</td>
                <td className="py-1 pr-3">{a.retrievability === null ? '—' : percent(a.retrievability)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {history.truncated && <p className="pt-2 text-xs text-slate-400">Seules les {history.answers.length} dernières réponses sont listées.</p>}
    </div>
  );
}

/** Open while `cardId` is set. */
export function CardHistoryDialog({ cardId, onClose }: { cardId: number | null; onClose(): void }) {
  const history = useLoad(cardId === null ? null : () => flashcardsApi.history(cardId), [cardId]);
  return (
    <Dialog title="Historique de la carte" open={cardId !== null} onClose={onClose} wide>
      {history.phase === 'loading' && <Spinner />}
      {history.phase === 'error' && (
        <p role="alert" className="text-sm text-red-300">
          {errorText(history.error, "Impossible de charger l'historique de cette carte.")}
        </p>
      )}
      {history.phase === 'loaded' && (
        <div className="space-y-4" data-testid="card-history">
          <p className="text-sm text-slate-300">{history.data.flashcard.question}</p>
          {history.data.forgetting_curve ? (
            <section aria-label="Courbe d'oubli" className="space-y-1">
              <p className="text-sm">
                Rappel aujourd'hui : <strong>{percent(history.data.forgetting_curve.retrievability_today)}</strong> · prochaine révision prévue {intervalText(history.data.forgetting_curve.due_days)} après la dernière réponse
              </p>
              <ForgettingCurve curve={history.data.forgetting_curve} />
            </section>
          ) : null}
          <Answers history={history.data} />
        </div>
      )}
    </Dialog>
  );
}
