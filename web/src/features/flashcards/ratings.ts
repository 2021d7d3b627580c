/** The four recall ratings (spec document 2 §2 and §9). */
import type { Rating } from '../../api/flashcards';

export interface RatingChoice {
  rating: Rating;
  /** Label in the concept review dialog. */
  dialogLabel: string;
  /** Label in study sessions. */
  sessionLabel: string;
  hint: string;
  tone: string;
}

export const RATINGS: RatingChoice[] = [
  { rating: 1, dialogLabel: 'À revoir', sessionLabel: 'À nouveau', hint: 'Pas retenu, à revoir immédiatement', tone: 'border-red-500/60 hover:bg-red-500/20' },
  { rating: 2, dialogLabel: 'Difficile', sessionLabel: 'Difficile', hint: 'Intervalle réduit', tone: 'border-amber-500/60 hover:bg-amber-500/20' },
  { rating: 3, dialogLabel: 'Bon', sessionLabel: 'Bon', hint: 'Intervalle normal', tone: 'border-emerald-500/60 hover:bg-emerald-500/20' },
  { rating: 4, dialogLabel: 'Facile', sessionLabel: 'Facile', hint: 'Intervalle augmenté', tone: 'border-sky-500/60 hover:bg-sky-500/20' },
];

/** Whether a key press is typing in a field (shortcuts leave it alone). */
export const typingIn = (target: EventTarget | null) => {
  const el = target as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable);
};

/** Keys 1-4 rate once the answer shows, Space (or Enter outside a button or link) reveals it (ignored while typing in a field). */
export function ratingKey(event: KeyboardEvent): { reveal: true } | { rating: Rating } | null {
  const target = event.target as HTMLElement | null;
  if (typingIn(target) || event.ctrlKey || event.metaKey || event.altKey) return null;
  if (event.key === ' ' || event.code === 'Space') return { reveal: true };
  if (event.key === 'Enter' && !(target && (target.tagName === 'BUTTON' || target.tagName === 'A'))) return { reveal: true };
  if (['1', '2', '3', '4'].includes(event.key)) return { rating: Number(event.key) as Rating };
  return null;
}
