/** The sort menu of concept lists (spec document 1 §5). */
import type { SortField } from '../../api/concepts';

export const SORT_LABELS: Record<SortField, string> = {
  updated_at: 'Date de modification',
  created_at: 'Date de création',
  title: 'Titre',
  mastery_level: 'Maîtrise',
};
