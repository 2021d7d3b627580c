/**
 * What each rating button will do: ts-fsrs previews the four outcomes of answering a card
 * now, and each becomes a short French interval shown on its button ('10 min', '3 j',
 * '2,1 mois'). Previews are computed without fuzz (the real answer may land a few percent
 * off for intervals of 3+ days) and with the person's desired retention.
 */
import type { Grade } from 'ts-fsrs';
import { RATINGS, scheduler, toFsrsCard, type RatingValue, type StoredCard } from './fsrs';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const decimal = (value: number) => {
  const rounded = Math.round(value * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1).replace('.', ',');
};

/** A delay in ms as the buttons show it: '1 min', '10 min', '5 h', '3 j', '2,1 mois', '1,5 an'. */
export function formatInterval(ms: number): string {
  const delay = Math.max(0, ms);
  if (delay < HOUR) return `${Math.max(1, Math.round(delay / MINUTE))} min`;
  if (delay < DAY) return `${Math.round(delay / HOUR)} h`;
  const days = Math.round(delay / DAY);
  if (days < 30) return `${days} j`;
  if (days < 365) return `${decimal(days / 30)} mois`;
  const years = days / 365;
  return `${decimal(years)} ${years >= 1.95 ? 'ans' : 'an'}`;
}

export type IntervalPreview = Record<RatingValue, { due: number; interval: string }>;

/** The due date and interval label each rating would give if the card were answered at `now`. */
export function previewIntervals(card: StoredCard, now: number, desiredRetention?: number, params?: readonly number[] | null): IntervalPreview {
  const preview = scheduler({ desiredRetention, fuzz: false, params }).repeat(toFsrsCard(card), new Date(now));
  const out = {} as IntervalPreview;
  for (const rating of RATINGS) {
    const due = preview[rating as Grade].card.due.getTime();
    out[rating] = { due, interval: formatInterval(due - now) };
  }
  return out;
}
