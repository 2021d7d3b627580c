/** SQL of the actions done to a card by hand (suspend, bury, reschedule, forget) and their undo. */
import type { HeldCard } from '../../domain/card-actions';
import type { flashcardActions } from '../schema';
import { abortUnless } from './guard';
import { query } from '../rows';

export type FlashcardActionRow = Pick<typeof flashcardActions.$inferSelect, 'id' | 'action' | 'doneAt'> & { card_before: string };

/** Makes the batch fail unless the card is still as it was read (its updated_at). */
export const cardUnchangedGuard = (d1: D1Database, userId: number, id: number, updatedAt: number) =>
  abortUnless(d1, 'EXISTS (SELECT 1 FROM flashcards WHERE id = ? AND user_id = ? AND updated_at = ?)', id, userId, updatedAt);

/** Writes everything an action may change on a card. */
export function writeHeldCardStatement(d1: D1Database, userId: number, id: number, held: HeldCard, now: number) {
  const c = held.card;
  return d1
    .prepare(
      `UPDATE flashcards SET due = ?, stability = ?, difficulty = ?, elapsed_days = ?, scheduled_days = ?, learning_steps = ?,
         reps = ?, lapses = ?, state = ?, last_review = ?, suspended = ?, buried_until = ?, tags = ?, updated_at = ?
       WHERE id = ? AND user_id = ?`,
    )
    .bind(c.due, c.stability, c.difficulty, c.elapsedDays, c.scheduledDays, c.learningSteps, c.reps, c.lapses, c.state, c.lastReview,
      held.suspended, held.buriedUntil, held.tags, now, id, userId);
}

/** `uid`: the device's client id of an action done offline (null for one done online). */
export const insertActionStatement = (d1: D1Database, userId: number, id: number, action: string, before: HeldCard, now: number, uid: string | null = null) =>
  d1
    .prepare('INSERT INTO flashcard_actions (user_id, flashcard_id, action, card_before, done_at, uid) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(userId, id, action, JSON.stringify(before), now, uid);

/** Which of these client ids of actions done offline the person's cards already had applied. */
export const appliedActionUidsStatement = (d1: D1Database, userId: number, uids: readonly string[]) =>
  query<{ uid: string }>(d1.prepare('SELECT uid FROM flashcard_actions WHERE user_id = ? AND uid IN (SELECT value FROM json_each(?))').bind(userId, JSON.stringify(uids)));

/** The card's latest action (its row keeps the card as it was before). */
export const latestActionStatement = (d1: D1Database, userId: number, id: number) =>
  query<FlashcardActionRow>(
    d1
      .prepare('SELECT id, action, card_before, done_at AS doneAt FROM flashcard_actions WHERE flashcard_id = ? AND user_id = ? AND undone_at IS NULL ORDER BY id DESC LIMIT 1')
      .bind(id, userId),
  );

/**
 * Takes an action's row out of the undo walk: deleted, or for one done offline (it has a
 * client id) marked undone, so a retried upload still finds it applied and does not redo it.
 */
export const undoActionStatements = (d1: D1Database, userId: number, actionId: number, now: number) => [
  d1.prepare('DELETE FROM flashcard_actions WHERE id = ? AND user_id = ? AND uid IS NULL').bind(actionId, userId),
  d1.prepare('UPDATE flashcard_actions SET undone_at = ? WHERE id = ? AND user_id = ? AND uid IS NOT NULL').bind(now, actionId, userId),
];

/**
 * After an undo the card is again as its action before left it, but written at `now`: that
 * action's row takes `now` as its time, so undo can go on walking back.
 */
export const rewindActionStatement = (d1: D1Database, userId: number, flashcardId: number, undoneId: number, now: number) =>
  d1
    .prepare('UPDATE flashcard_actions SET done_at = ?1 WHERE id = (SELECT MAX(id) FROM flashcard_actions WHERE flashcard_id = ?2 AND user_id = ?3 AND id < ?4 AND undone_at IS NULL)')
    .bind(now, flashcardId, userId, undoneId);
