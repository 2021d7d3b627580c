/**
 * An answer given offline as this device keeps it, a card suspended or buried offline
 * (a QueuedAction, in the same queue so both go up in one upload, in time order), and where
 * they are kept: lib/pending-reviews.ts in the page, memory in the unit tests.
 */
import type { RatingValue, StoredCard } from '@domain/fsrs';
import type { QueueStore } from './queue-store';

export interface QueuedAnswer {
  client_id: string;
  user_id: number;
  flashcard_id: number;
  rating: RatingValue;
  /** When the answer was given (ISO 8601). */
  reviewed_at: string;
  duration_ms: number | null;
  /** The card as this device scheduled it after the answer. */
  after: StoredCard;
  /** The study session it was given in (a Composite session's Flashcards step), absent outside one. */
  session_id?: number | null;
  /**
   * Undone on this device while its upload had no reply (the server may have logged it): it
   * is sent again (logged once whatever happened) and then undone on the server.
   */
  retracted?: true;
}

/** A card set aside by hand in an offline study session: 'Suspendre' or 'Enterrer'. */
export type SetAsideAction = 'suspend' | 'bury';

export interface QueuedAction {
  client_id: string;
  user_id: number;
  flashcard_id: number;
  action: SetAsideAction;
  /** When it was done (ISO 8601). */
  done_at: string;
  /** Until when this device keeps the card out of its sessions (ms): the end of that study day for a burial, null (for ever) for a suspension. */
  until: number | null;
  /** Undone on this device while its upload had no reply: sent again (applied once whatever happened), then undone on the server. */
  retracted?: true;
}

/** What the review queue keeps: answers and set-aside actions. */
export type QueuedItem = QueuedAnswer | QueuedAction;

export const isAction = (item: QueuedItem): item is QueuedAction => 'action' in item;
export const isAnswer = (item: QueuedItem): item is QueuedAnswer => !('action' in item);
/** When the item was given or done (ms): the queue's and the upload's order. */
export const itemTime = (item: QueuedItem) => Date.parse(isAction(item) ? item.done_at : item.reviewed_at);

/** Where the queue lives (IndexedDB in the page, memory in tests). */
export type AnswerStore = QueueStore<QueuedItem>;
