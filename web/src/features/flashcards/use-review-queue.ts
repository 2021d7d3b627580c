/**
 * The page's one queue of offline answers and set-aside cards (review-queue.ts) for the signed-in person,
 * kept in IndexedDB (lib/pending-reviews.ts) and uploaded through the batch route.
 */
import { useSyncExternalStore } from 'react';
import { flashcardsApi } from '../../api/flashcards';
import { lastSyncStore, pendingReviewsStore } from '../../lib/pending-reviews';
import { useAuth } from '../../ui/auth-context';
import { studySessionsApi } from '../../api/study-sessions';
import { isAction, type QueuedItem } from '../../lib/queued-answer';
import { ReviewQueue, type SyncState } from './review-queue';

let current: ReviewQueue | null = null;

/** An answer or action undone while its upload had no reply, once the server surely has it: undone there (an answer in its study session if it names one). */
const retract = (item: QueuedItem) =>
  isAction(item) ? flashcardsApi.undoAction(item.flashcard_id) : item.session_id ? studySessionsApi.undo(item.session_id, item.flashcard_id) : flashcardsApi.undoReview(item.flashcard_id);

export function reviewQueueOf(userId: number): ReviewQueue {
  if (current?.userId !== userId) current = new ReviewQueue(userId, pendingReviewsStore, (answers, actions) => flashcardsApi.uploadReviews(answers, actions), lastSyncStore, retract);
  return current;
}

/** After a logout the queue's database is gone: the next person starts from it again. */
export function forgetReviewQueue(): void {
  current = null;
}

export function useReviewQueue(): ReviewQueue | null {
  const { user } = useAuth();
  return user ? reviewQueueOf(user.id) : null;
}

const NOTHING: SyncState = { pending: 0, lastSync: null, syncing: false };
const never = () => () => undefined;

export function useSyncState(queue: ReviewQueue | null): SyncState {
  return useSyncExternalStore(queue ? (l) => queue.subscribe(l) : never, () => queue?.state() ?? NOTHING);
}
