/**
 * Dashboard statistics (spec document 1 §3 'Dashboard stats' and 'Extended stats'): the
 * forecast is what the 'Prévisions' tab shows (workload forecast, learning activity) and the
 * Activité tab's 30-day ratings, read from GET /stats/dashboard/extended. Days, streaks and
 * active days follow the browser's time zone, sent in `x-time-zone`.
 */
import type { InferResponseType } from 'hono/client';
import { api, call } from './client';

const dashboard = api.api.stats.dashboard;

export type DashboardStats = InferResponseType<typeof dashboard.$get, 200>;
export type ForecastStats = InferResponseType<typeof dashboard.extended.$get, 200>;
export type ConceptMastery = DashboardStats['weakest_concepts'][number];
export type ReviewHeatmap = InferResponseType<typeof api.api.stats.heatmap.$get, 200>;

export const statsApi = {
  dashboard: () => call(dashboard.$get()),
  forecast: () => call(dashboard.extended.$get()),
  heatmap: () => call(api.api.stats.heatmap.$get()),
};
