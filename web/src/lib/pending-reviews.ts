/**
 * This device's queue of answers given offline, in IndexedDB (lib/idb-queue.ts),
 * and when this device last emptied its queues.
 */
import { idbQueue } from './idb-queue';
import type { AnswerStore, QueuedItem } from './queued-answer';

export const PENDING_REVIEWS_DB = 'astrolabe-pending-reviews';
export const LAST_SYNC_KEY = 'astrolabe.last-sync';

/** The page's store (features/flashcards/review-queue.ts keeps the queue's logic). */
export const pendingReviewsStore: AnswerStore = idbQueue<QueuedItem>(PENDING_REVIEWS_DB, 'reviews');

/** When this device last emptied its queue. */
export const lastSyncStore = {
  get: (): number | null => Number(localStorage.getItem(LAST_SYNC_KEY)) || null,
  set: (ms: number): void => {
    try {
      localStorage.setItem(LAST_SYNC_KEY, String(ms));
    } catch {
      // storage refused: the indicator says 'jamais' until the next sync
    }
  },
};
