/** An answer given offline as this device keeps it, and where it is kept: lib/pending-reviews.ts in the page, memory in the unit tests. */
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

/** Where the queue lives (IndexedDB in the page, memory in tests). */
export type AnswerStore = QueueStore<QueuedAnswer>;
