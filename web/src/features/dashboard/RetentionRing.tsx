/** The retention ring: displayed retention against the 85 % goal (spec document 1 §2, §4). */
import { RETENTION_GOAL, displayedRetention, retentionLabel } from '@domain/retention-display';
import type { DashboardStats } from '../../api/stats';
import { ChartTable } from './ChartTable';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export function retentionOf(stats: DashboardStats): number {
  return displayedRetention({
    successRate: stats.success_rate,
    reviewCount: stats.success_rate_reviews_count ?? stats.total_reviews_count,
    avgStability: stats.avg_stability,
    avgDifficulty: stats.avg_difficulty,
  });
}

export function RetentionRing({ stats }: { stats: DashboardStats }) {
  const retention = retentionOf(stats);
  const label = retentionLabel(retention);
  const goalAngle = (RETENTION_GOAL / 100) * 2 * Math.PI - Math.PI / 2;
  const color = retention >= RETENTION_GOAL ? '#34d399' : '#a78bfa';
  return (
    <div>
      <div className="flex items-center gap-4">
        <svg viewBox="0 0 128 128" className="h-32 w-32" role="img" aria-label={`Rétention ${retention}%, objectif ${RETENTION_GOAL}%`}>
          <circle cx="64" cy="64" r={RADIUS} fill="none" stroke="#2a1e4d" strokeWidth="12" />
          <circle
            cx="64"
            cy="64"
            r={RADIUS}
            fill="none"
            stroke={color}
            strokeWidth="12"
            strokeLinecap="round"
            strokeDasharray={`${(retention / 100) * CIRCUMFERENCE} ${CIRCUMFERENCE}`}
            transform="rotate(-90 64 64)"
          />
          <circle cx={64 + RADIUS * Math.cos(goalAngle)} cy={64 + RADIUS * Math.sin(goalAngle)} r="4" fill="#fbbf24" />
          <text x="64" y="70" textAnchor="middle" className="fill-white text-[22px] font-semibold">
            {retention}%
          </text>
        </svg>
        <div>
          <p className={`text-lg font-semibold ${retention >= RETENTION_GOAL ? 'text-emerald-300' : 'text-nebula-400'}`}>{label}</p>
          <p className="text-sm text-slate-400">Objectif : {RETENTION_GOAL}%</p>
        </div>
      </div>
      <ChartTable
        caption="Rétention sur 30 jours et objectif"
        columns={['Mesure', 'Valeur']}
        rows={[
          ['Rétention', `${retention}%`],
          ['Objectif', `${RETENTION_GOAL}%`],
          ['Tendance', label],
        ]}
      />
    </div>
  );
}
