/**
 * Interval previews for a card shown outside a session (the concept review dialog): the
 * same ts-fsrs preview the session's server sends (@domain/interval-preview), computed
 * from the card's memory state as the API gives it, at the person's desired retention.
 */
import { STATE_NAMES, storedCardOf, type MemoryColumns, type StoredCard } from '@domain/fsrs';
import { previewIntervals } from '@domain/interval-preview';

/** A card's memory state as the API sends it (ISO dates, the state's name). */
export type ApiCardState = Omit<MemoryColumns<string>, 'state'> & { state: string };

type Preview = { due: string; interval: string };
export type CardPreviews = { '1': Preview; '2': Preview; '3': Preview; '4': Preview } | null;

/** The card's memory state as the API sends it, in the domain's form. */
export const storedCardOfApi = (card: ApiCardState): StoredCard => storedCardOf({ ...card, state: Math.max(0, STATE_NAMES.indexOf(card.state as (typeof STATE_NAMES)[number])) }, Date.parse);

export function cardPreviews(card: ApiCardState, desiredRetention?: number, params?: readonly number[] | null, now = Date.now()): CardPreviews {
  return storedPreviews(storedCardOfApi(card), desiredRetention, params, now);
}

/** The previews of a memory state this device holds (a card answered offline). */
export function storedPreviews(stored: StoredCard, desiredRetention?: number, params?: readonly number[] | null, now = Date.now()): CardPreviews {
  try {
    const p = previewIntervals(stored, now, desiredRetention, params);
    const entry = (r: 1 | 2 | 3 | 4) => ({ due: new Date(p[r].due).toISOString(), interval: p[r].interval });
    return { '1': entry(1), '2': entry(2), '3': entry(3), '4': entry(4) };
  } catch {
    return null;
  }
}
