/**
 * Creations made offline as this device keeps them until the server has them:
 * a concept from the quick-creation dialog, or a block of a daily note the device could
 * not reach. Each carries the client id the server keeps as the row's `uid`, so sending it
 * again never makes it twice. Kept by lib/pending-creations.ts in the page; the queue's
 * logic is features/offline/creation-queue.ts.
 */
import type { RichDoc } from '@domain/richtext';
import type { QueueStore } from './queue-store';

interface Queued {
  client_id: string;
  user_id: number;
  /** When it was made on this device (ms). */
  queued_at: number;
  /** The server's reason when it refused it (kept, shown, never dropped silently); null while it waits. */
  refused: string | null;
}

export type QueuedConcept = Queued & { kind: 'concept'; concept: { title: string; content: RichDoc | null; tag_names?: string[]; source: 'MANUAL' } };
/** A block as typed offline: plain text, each line a paragraph. */
export type QueuedBlock = Queued & { kind: 'block'; date: string; text: string };
export type QueuedCreation = QueuedConcept | QueuedBlock;

export type CreationStore = QueueStore<QueuedCreation>;
