/**
 * What a logout now would lose: the answers given offline, the cards suspended or buried
 * offline (each counted apart) and the creations
 * not yet sent, in words naming them; null when nothing waits. The shell's logout button
 * reads it as a hook; the native host's logout (AuthProvider) asks `pendingLossOf` first.
 */
import { pendingLossText, type QueuedItem } from '../flashcards/review-queue';
import { reviewQueueOf, useReviewQueue, useSyncState } from '../flashcards/use-review-queue';
import { creationsLossText, type QueuedCreation } from './creation-queue';
import { creationQueueOf, useCreationQueue, useQueuedCreations } from './use-creation-queue';

function lossText(answers: readonly QueuedItem[], creations: readonly QueuedCreation[]): string | null {
  const parts = [pendingLossText(answers), creationsLossText(creations)].filter((p): p is string => p !== null);
  return parts.length ? parts.join(' ') : null;
}

export function usePendingLoss(): string | null {
  const queue = useReviewQueue();
  // Read again each time the queue changes (the sync state follows it).
  useSyncState(queue);
  return lossText(queue?.list() ?? [], useQueuedCreations(useCreationQueue()));
}

/** What person `userId` would lose now: how many changes wait, and the words naming them; null when nothing waits. */
export async function pendingLossOf(userId: number): Promise<{ pending: number; message: string } | null> {
  const answers = reviewQueueOf(userId);
  const creations = creationQueueOf(userId);
  await Promise.all([answers.ready, creations.ready]);
  const message = lossText(answers.list(), creations.list());
  return message ? { pending: answers.list().length + creations.list().length, message } : null;
}
