/**
 * Dashboard statistics (spec document 1 §3 'Dashboard stats' and 'Extended stats'). Days,
 * streaks and active days follow the browser's time zone, sent in `x-time-zone`.
 */
import { apiJson } from '../../api/client';

export interface ConceptMastery {
  id: number;
  title: string;
  mastery_level: number | null;
}

export interface DashboardStats {
  due_today_count: number;
  total_flashcards_count: number;
  learning_count: number;
  review_count: number;
  relearning_count: number;
  success_rate: number | null;
  /** How many answers success_rate was measured on (30 days). */
  success_rate_reviews_count?: number;
  avg_stability: number | null;
  avg_difficulty: number | null;
  overdue_count: number;
  recent_reviews_count: number;
  total_reviews_count: number;
  total_lapses: number;
  low_stability_count: number;
  high_stability_count: number;
  weakest_concepts: ConceptMastery[];
  strongest_concepts: ConceptMastery[];
}

export interface ExtendedStats {
  rating_breakdown: { again_count: number; hard_count: number; good_count: number; easy_count: number };
  workload_forecast: { due_tomorrow_count: number; due_next_7_days_count: number; due_next_30_days_count: number };
  learning_activity: { current_streak_days: number; total_review_time_minutes: number; active_days_count: number };
}

function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

const withZone = (): RequestInit => ({ headers: { 'x-time-zone': timeZone() } });

export const statsApi = {
  dashboard: () => apiJson<DashboardStats>('/api/stats/dashboard', withZone()),
  extended: () => apiJson<ExtendedStats>('/api/stats/dashboard/extended', withZone()),
};
