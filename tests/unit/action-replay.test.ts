import { describe, expect, it } from 'vitest';
import { newCard } from '@domain/fsrs';
import { actionReplayOrder, replayActions, type QueuedAction, type SetAsideAction } from '@domain/action-replay';
import type { HeldCard } from '@domain/card-actions';

const T0 = Date.parse('2026-03-01T09:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Study days end at midnight UTC in these tests. */
const dayEndOf = (at: number) => Math.floor(at / DAY) * DAY + DAY;

const queued = (clientId: string, action: SetAsideAction, doneAt: number): QueuedAction => ({ clientId, flashcardId: 1, action, doneAt });
const held = (over: Partial<HeldCard> = {}): HeldCard => ({ card: newCard(T0 - DAY), suspended: 0, buriedUntil: null, tags: '[]', ...over });

describe('replay order of cards set aside offline', () => {
  it('puts actions in the time they were done, equal times by client id, whatever order they were queued in', () => {
    const order = actionReplayOrder([queued('c', 'bury', T0 + 3 * HOUR), queued('b', 'suspend', T0 + HOUR), queued('z', 'bury', T0 + 2 * HOUR), queued('a', 'bury', T0 + 2 * HOUR)], new Set());
    expect(order.map((a) => a.clientId)).toEqual(['b', 'a', 'z', 'c']);
  });

  it('leaves out actions already applied and actions repeated in the batch, so a retried upload applies nothing again', () => {
    const batch = [queued('a', 'bury', T0), queued('b', 'suspend', T0 + HOUR), queued('b', 'suspend', T0 + HOUR)];
    expect(actionReplayOrder(batch, new Set()).map((a) => a.clientId)).toEqual(['a', 'b']);
    expect(actionReplayOrder(batch, new Set(['a', 'b']))).toEqual([]);
    expect(actionReplayOrder(batch, new Set(['a'])).map((a) => a.clientId)).toEqual(['b']);
  });
});

describe('replaying a card set aside offline', () => {
  it('a suspension suspends the card and keeps its scheduling; undo gets the card as the answers left it', () => {
    const start = held();
    const { card, replayed } = replayActions(start, [queued('s', 'suspend', T0)], dayEndOf, T0 + HOUR);
    expect(card).toEqual({ ...start, suspended: 1 });
    expect(replayed).toEqual([{ action: queued('s', 'suspend', T0), before: start, after: card }]);
  });

  it('a burial lasts until the end of the study day it was done in, not of the upload', () => {
    const { card } = replayActions(held(), [queued('b', 'bury', T0)], dayEndOf, T0 + 2 * HOUR);
    expect(card.buriedUntil).toBe(dayEndOf(T0));
  });

  it('a burial whose study day is over by the upload changes nothing, and none shortens a longer one', () => {
    expect(replayActions(held(), [queued('b', 'bury', T0)], dayEndOf, T0 + DAY).card.buriedUntil).toBeNull();
    const longer = held({ buriedUntil: dayEndOf(T0) + DAY });
    expect(replayActions(longer, [queued('b', 'bury', T0)], dayEndOf, T0 + HOUR).card.buriedUntil).toBe(dayEndOf(T0) + DAY);
  });

  it('several actions apply in time order, each kept with the card as the one before left it', () => {
    const [bury, suspend] = actionReplayOrder([queued('y', 'suspend', T0 + HOUR), queued('x', 'bury', T0)], new Set());
    const { card, replayed } = replayActions(held(), [bury!, suspend!], dayEndOf, T0 + 2 * HOUR);
    expect(card).toMatchObject({ suspended: 1, buriedUntil: dayEndOf(T0) });
    expect(replayed.map((r) => [r.action.clientId, r.before.suspended, r.before.buriedUntil])).toEqual([
      ['x', 0, null],
      ['y', 0, dayEndOf(T0)],
    ]);
  });

  it('two uploads of one batch end in the state of one, and a retry after the person unsuspended leaves the card unsuspended', () => {
    const batch = [queued('s', 'suspend', T0)];
    const once = replayActions(held(), actionReplayOrder(batch, new Set()), dayEndOf, T0 + HOUR).card;
    // The server logged 's'; the person unsuspends online; the device's reply was lost and it uploads again.
    const unsuspended = { ...once, suspended: 0 };
    const retried = replayActions(unsuspended, actionReplayOrder(batch, new Set(['s'])), dayEndOf, T0 + 2 * HOUR);
    expect(retried.replayed).toEqual([]);
    expect(retried.card).toEqual(unsuspended);
  });
});
