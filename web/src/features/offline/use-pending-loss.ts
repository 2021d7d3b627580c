/**
 * What a logout now would lose: the answers given offline and the creations
 * not yet sent, in words naming them; null when nothing waits.
 */
import { pendingLossText } from '../flashcards/review-queue';
import { useReviewQueue, useSyncState } from '../flashcards/use-review-queue';
import { creationsLossText } from './creation-queue';
import { useCreationQueue, useQueuedCreations } from './use-creation-queue';

export function usePendingLoss(): string | null {
  const { pending } = useSyncState(useReviewQueue());
  const creations = useQueuedCreations(useCreationQueue());
  const parts = [pendingLossText(pending), creationsLossText(creations)].filter((p): p is string => p !== null);
  return parts.length ? parts.join(' ') : null;
}
