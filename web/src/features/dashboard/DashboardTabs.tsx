/** The four dashboard tabs' contents (spec document 1 §2 'Dashboard'). */
import { Link } from 'react-router';
import { masteryColor, masteryPercent } from '@domain/mastery';
import type { ConceptMastery, DashboardStats, ForecastStats } from '../../api/stats';
import { MetricCard } from './MetricCard';
import { RatingDoughnut } from './RatingDoughnut';
import { RetentionRing } from './RetentionRing';
import type { Loading } from '../../ui/use-load';

/** The mastery formula (worker/src/domain/mastery-level.ts), as the info dialogs explain it. */
export const MASTERY_INFO =
  "Maîtrise = moyenne, sur toutes les cartes du concept, de la probabilité de s'en souvenir dans 4 semaines selon la courbe d'oubli FSRS de chaque carte. Une carte jamais révisée, ou dont la dernière réponse est « À revoir », compte 0. Sans révision, la maîtrise baisse avec le temps (recalculée chaque jour).";

interface Sources {
  stats: Loading<DashboardStats>;
  forecast: Loading<ForecastStats>;
}

// One column on a phone that may shrink below its widest word's card (no sideways scroll at 320 px).
const grid = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3';
const oneDecimal = (n: number | null | undefined) => (n ?? 0).toLocaleString('fr-FR', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

export function OverviewTab({ stats }: Sources) {
  return (
    <div className={grid}>
      <MetricCard title="À réviser aujourd'hui" source={stats} value={(s) => s.due_today_count} info="Nombre de cartes dont la date de révision tombe aujourd'hui ou avant." />
      <MetricCard title="Total des cartes" source={stats} value={(s) => s.total_flashcards_count} info="Toutes vos flashcards, quel que soit leur état." />
      <MetricCard title="Stabilité moyenne" source={stats} value={(s) => `${oneDecimal(s.avg_stability)} j`} info="Stabilité FSRS moyenne : le nombre de jours après lequel la probabilité de se souvenir d'une carte tombe à 90 %." />
      <MetricCard
        title="Cartes par état"
        source={stats}
        info="Apprentissage (Learning) : nouvelles cartes en cours d'acquisition. Révision (Review) : cartes acquises. Réapprentissage (Relearning) : cartes oubliées en cours de réacquisition."
        value={(s) => (
          <dl className="grid grid-cols-3 gap-2 text-center text-base">
            {(
              [
                ['Learning', s.learning_count],
                ['Review', s.review_count],
                ['Relearning', s.relearning_count],
              ] as const
            ).map(([label, n]) => (
              <div key={label}>
                <dd className="text-2xl font-semibold">{n}</dd>
                <dt className="text-xs text-slate-400">{label}</dt>
              </div>
            ))}
          </dl>
        )}
      />
      <MetricCard
        title="Rétention"
        source={stats}
        value={(s) => <RetentionRing stats={s} />}
        info="Part des réponses réussies (autre que « Encore ») sur 30 jours. Avec moins de 20 réponses toutes réussies, ou aucune réussie, une estimation tirée de la stabilité et de la difficulté de vos cartes est affichée. Objectif : 85 %."
      />
    </div>
  );
}

export function ActivityTab({ stats, forecast }: Sources) {
  return (
    <div className="space-y-4">
      <div className={grid}>
        <MetricCard title="Cartes en retard" source={stats} value={(s) => s.overdue_count} info="Cartes dont la date de révision est dépassée depuis avant aujourd'hui." />
        <MetricCard title="Révisions (7 jours)" source={stats} value={(s) => s.recent_reviews_count} info="Nombre de réponses données au cours des 7 derniers jours." />
        <MetricCard title="Total des révisions" source={stats} value={(s) => s.total_reviews_count} info="Toutes les réponses données depuis le début." />
        <MetricCard title="Oublis (lapses)" source={stats} value={(s) => s.total_lapses} info="Nombre de fois où une carte acquise a été oubliée (réponse « Encore » en révision)." />
      </div>
      <MetricCard title="Évaluations (30 jours)" source={forecast} value={(e) => <RatingDoughnut breakdown={e.rating_breakdown} />} info="Répartition de vos réponses sur 30 jours : Encore, Difficile, Bien, Facile." />
    </div>
  );
}

function ConceptList({ concepts }: { concepts: ConceptMastery[] }) {
  if (concepts.length === 0) return <p className="text-base text-slate-400">Aucun concept révisé.</p>;
  return (
    <ol className="space-y-1 text-base">
      {concepts.slice(0, 5).map((c) => (
        <li key={c.id} className="flex items-center justify-between gap-3">
          <Link to={`/concepts/${c.id}`} className="truncate hover:underline">
            {c.title || 'Sans titre'}
          </Link>
          <span className="text-sm font-semibold" style={{ color: masteryColor(c.mastery_level) }}>
            {masteryPercent(c.mastery_level)}%
          </span>
        </li>
      ))}
    </ol>
  );
}

export function CollectionTab({ stats }: Sources) {
  return (
    <div className={grid}>
      <MetricCard title="Cartes fragiles" source={stats} value={(s) => s.low_stability_count} info="Cartes dont la stabilité est inférieure à 7 jours." />
      <MetricCard title="Cartes solides" source={stats} value={(s) => s.high_stability_count} info="Cartes dont la stabilité atteint 30 jours ou plus." />
      <MetricCard title="Difficulté moyenne" source={stats} value={(s) => `${oneDecimal(s.avg_difficulty)}/10`} info="Difficulté FSRS moyenne de vos cartes, de 1 (facile) à 10 (difficile)." />
      <MetricCard title="Concepts les plus faibles" source={stats} value={(s) => <ConceptList concepts={s.weakest_concepts} />} info={`Les 5 concepts dont la maîtrise est la plus basse. ${MASTERY_INFO}`} />
      <MetricCard title="Concepts les plus solides" source={stats} value={(s) => <ConceptList concepts={s.strongest_concepts} />} info={`Les 5 concepts dont la maîtrise est la plus haute. ${MASTERY_INFO}`} />
    </div>
  );
}

export function ForecastTab({ forecast }: Sources) {
  const hours = (minutes: number) => `${(minutes / 60).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} h`;
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">Charge à venir</h2>
      <div className={grid}>
        <MetricCard title="Demain" source={forecast} value={(e) => e.workload_forecast.due_tomorrow_count} info="Cartes qui deviendront dues demain." />
        <MetricCard title="7 prochains jours" source={forecast} value={(e) => e.workload_forecast.due_next_7_days_count} info="Cartes qui deviendront dues dans les 7 prochains jours." />
        <MetricCard title="30 prochains jours" source={forecast} value={(e) => e.workload_forecast.due_next_30_days_count} info="Cartes qui deviendront dues dans les 30 prochains jours." />
      </div>
      <h2 className="text-lg font-semibold">Activité d'apprentissage</h2>
      <div className={grid}>
        <MetricCard title="Série actuelle" source={forecast} value={(e) => `${e.learning_activity.current_streak_days} j`} info="Nombre de jours consécutifs avec au moins une révision (le jour change à 4 h du matin)." />
        <MetricCard title="Temps total de révision" source={forecast} value={(e) => hours(e.learning_activity.total_review_time_minutes)} hint={(e) => `${Math.round(e.learning_activity.total_review_time_minutes)} min`} info="Temps passé à répondre aux cartes, toutes sessions confondues." />
        <MetricCard title="Jours actifs" source={forecast} value={(e) => e.learning_activity.active_days_count} info="Nombre de jours où vous avez révisé au moins une carte." />
      </div>
    </div>
  );
}
