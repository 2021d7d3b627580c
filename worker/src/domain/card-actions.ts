/**
 * What the person can do to a card by hand besides answering it: suspend it
 * (out of every study queue until unsuspended), bury it until the next study day,
 * reschedule it to a day, or forget it ('Oublier': back to a new card). Pure and
 * clock-free; services/card-actions.ts reads the card, applies one and keeps the card as
 * it was so the action can be undone.
 */
import { newCard, type StoredCard } from './fsrs';
import { LEECH_TAG } from './workload';

export const CARD_ACTIONS = ['suspend', 'unsuspend', 'bury', 'unbury', 'reschedule', 'forget'] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];
/** Furthest a card can be rescheduled, in days (ts-fsrs's longest interval). */
export const RESCHEDULE_MAX_DAYS = 36_500;

/** Everything an action may change on a card. */
export interface HeldCard {
  card: StoredCard;
  suspended: number;
  buriedUntil: number | null;
  /** The card's tags as stored (a JSON array). */
  tags: string;
}

export interface ActionContext {
  now: number;
  /** When the next study day starts: a buried card comes back then. */
  dayEnd: number;
  /** For 'reschedule': the instant the card falls due (the start of the chosen study day). */
  dueAt?: number;
}

const withoutLeechTag = (tags: string) => {
  try {
    const list: unknown = JSON.parse(tags);
    return Array.isArray(list) ? JSON.stringify(list.filter((t) => t !== LEECH_TAG)) : tags;
  } catch {
    return tags;
  }
};

/**
 * The card after an action. Unsuspending also takes the leech tag off: the person has dealt
 * with the leech (if it keeps lapsing it becomes one again half a threshold later).
 * Forgetting keeps the card's text, tags and history but starts its memory afresh.
 */
export function cardAfterAction(current: HeldCard, action: CardAction, ctx: ActionContext): HeldCard {
  switch (action) {
    case 'suspend':
      return { ...current, suspended: 1 };
    case 'unsuspend':
      return { ...current, suspended: 0, tags: withoutLeechTag(current.tags) };
    case 'bury':
      return { ...current, buriedUntil: ctx.dayEnd };
    case 'unbury':
      return { ...current, buriedUntil: null };
    case 'reschedule':
      return { ...current, buriedUntil: null, card: { ...current.card, due: ctx.dueAt ?? ctx.now } };
    case 'forget':
      return { ...current, buriedUntil: null, card: newCard(ctx.now) };
  }
}
