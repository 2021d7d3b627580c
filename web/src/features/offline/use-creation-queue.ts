/**
 * The page's one queue of creations made offline (creation-queue.ts) for the signed-in
 * person, kept in IndexedDB and sent through the ordinary creation routes with its client id.
 */
import { useSyncExternalStore } from 'react';
import { plainTextToDoc } from '@domain/richtext';
import { conceptsApi } from '../../api/concepts';
import { notesApi } from '../../api/daily-notes';
import { pendingCreationsStore } from '../../lib/pending-creations';
import { lastSyncStore } from '../../lib/pending-reviews';
import { useAuth } from '../../ui/auth-context';
import { CreationQueue, type CreationState, type QueuedCreation } from './creation-queue';

async function sendCreation(item: QueuedCreation): Promise<void> {
  if (item.kind === 'concept') {
    await conceptsApi.create({ ...item.concept, client_id: item.client_id });
    return;
  }
  // The note of that date is made if it is not there yet (the server makes one per date).
  const note = await notesApi.create(item.date);
  await notesApi.addBlock(note.id, JSON.stringify(plainTextToDoc(item.text)), note.blocks.length, item.client_id);
}

let current: CreationQueue | null = null;

export function creationQueueOf(userId: number): CreationQueue {
  if (current?.userId !== userId) current = new CreationQueue(userId, pendingCreationsStore, sendCreation, lastSyncStore);
  return current;
}

/** After a logout the queue's database is gone: the next person starts from it again. */
export function forgetCreationQueue(): void {
  current = null;
}

export function useCreationQueue(): CreationQueue | null {
  const { user } = useAuth();
  return user ? creationQueueOf(user.id) : null;
}

const NOTHING: CreationState = { pending: 0, refused: 0, syncing: false, lastSync: null };
const never = () => () => undefined;
const none: readonly QueuedCreation[] = [];

export function useCreationState(queue: CreationQueue | null): CreationState {
  return useSyncExternalStore(queue ? (l) => queue.subscribe(l) : never, () => queue?.state() ?? NOTHING);
}

/** The creations on this device, oldest first (a new array whenever one comes or goes). */
export function useQueuedCreations(queue: CreationQueue | null): readonly QueuedCreation[] {
  return useSyncExternalStore(queue ? (l) => queue.subscribe(l) : never, () => queue?.list() ?? none);
}
