/**
 * This device's queue of answers given offline (issue 28), in IndexedDB: one record per
 * answer, keyed by its client id and carrying its user's id, so a session that expires
 * offline keeps them for the same person's next sign-in. A logout deletes the database
 * (lib/offline-copies.ts), after the shell's warning naming what would be lost.
 *
 * Each call opens and closes its own connection: answers are few and far between, and no
 * open connection can block the logout's deletion.
 */
import type { AnswerStore, QueuedAnswer } from './queued-answer';

export const PENDING_REVIEWS_DB = 'astrolabe-pending-reviews';
export const LAST_SYNC_KEY = 'astrolabe.last-sync';
const STORE = 'reviews';

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

function openDb(): Promise<IDBDatabase> {
  const request = indexedDB.open(PENDING_REVIEWS_DB, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'client_id' }).createIndex('user', 'user_id');
  return done(request);
}

async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const db = await openDb();
  try {
    const tx = db.transaction(STORE, mode);
    const request = work(tx.objectStore(STORE));
    await new Promise<void>((resolve, reject) => {
      tx.oncomplete = () => resolve();
      tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
    });
    return request ? request.result : undefined;
  } finally {
    db.close();
  }
}

/** The page's store (features/flashcards/review-queue.ts keeps the queue's logic). */
export const pendingReviewsStore: AnswerStore = {
  all: async (userId) => ((await inStore('readonly', (s) => s.index('user').getAll(userId))) ?? []) as QueuedAnswer[],
  put: async (answer) => void (await inStore('readwrite', (s) => void s.put(answer))),
  remove: async (clientIds) => void (await inStore('readwrite', (s) => clientIds.forEach((id) => s.delete(id)))),
};

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
