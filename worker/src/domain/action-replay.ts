/**
 * The replay rule for cards suspended or buried offline ('Suspendre', 'Enterrer' in a
 * study session run without the server). The device queues each action with a client id
 * and the time it was done, in the same queue as its answers; the upload applies them once:
 *
 * - idempotency: an action whose client id is already logged (a retried upload) or that
 *   repeats one earlier in the batch is left out, so a retry never applies it twice and never
 *   undoes what the person changed since (a card unsuspended online after the upload stays so);
 * - order: a card's actions apply in the time they were done (equal times: by client id),
 *   after the same upload's answers. Suspending and burying change only whether the card is
 *   shown, which no answer's scheduling reads, so the card ends as that time order gives,
 *   and each action keeps the card as the answers left it for its undo;
 * - a burial lasts until the end of the study day it was done in; one whose day is already
 *   over changes nothing (the card is shown again, as it would be by now), and a burial never
 *   shortens a longer one.
 *
 * Pure and clock-free, like the rest of domain/.
 */
import type { HeldCard } from './card-actions';
import { freshInTimeOrder } from './review-replay';

export type SetAsideAction = 'suspend' | 'bury';

/** An action done on a device, as queued there. */
export interface QueuedAction {
  clientId: string;
  flashcardId: number;
  action: SetAsideAction;
  doneAt: number;
}

/** One applied action: the card before it (kept for undo) and after it. */
export interface ReplayedAction {
  action: QueuedAction;
  before: HeldCard;
  after: HeldCard;
}

/** The batch in replay order, without actions already logged (`known` client ids) or repeated within it. */
export const actionReplayOrder = (actions: readonly QueuedAction[], known: ReadonlySet<string>): QueuedAction[] => freshInTimeOrder(actions, known, (a) => a.doneAt);

/**
 * One card's new actions (in replay order) applied to `current`, the card as the upload's
 * answers left it. `dayEndOf(t)` is when the study day holding `t` ends; `now` the upload's time.
 */
export function replayActions(current: HeldCard, actions: readonly QueuedAction[], dayEndOf: (at: number) => number, now: number): { card: HeldCard; replayed: ReplayedAction[] } {
  let card = current;
  const replayed: ReplayedAction[] = [];
  for (const action of actions) {
    const before = card;
    if (action.action === 'suspend') card = { ...card, suspended: 1 };
    else {
      const end = dayEndOf(action.doneAt);
      if (end > now && end > (card.buriedUntil ?? 0)) card = { ...card, buriedUntil: end };
    }
    replayed.push({ action, before, after: card });
  }
  return { card, replayed };
}
