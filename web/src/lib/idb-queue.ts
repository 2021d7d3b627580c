/**
 * A queue of things made on this device and not yet on the server (answers and
 * creations given offline), in IndexedDB: one record per item, keyed by its client id and
 * carrying its user's id, so a session that expires offline keeps them for the same
 * person's next sign-in. A logout deletes the database (lib/offline-copies.ts), after the
 * shell's warning naming what would be lost.
 *
 * Each call opens and closes its own connection: items are few and far between, and no
 * open connection can block the logout's deletion.
 */
import type { QueueStore } from './queue-store';

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

/** The store of one database (`dbName`, holding one object store `storeName`). */
export function idbQueue<T extends { client_id: string; user_id: number }>(dbName: string, storeName: string): QueueStore<T> {
  function openDb(): Promise<IDBDatabase> {
    const request = indexedDB.open(dbName, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName, { keyPath: 'client_id' }).createIndex('user', 'user_id');
    return done(request);
  }

  async function inStore<R>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<R> | void): Promise<R | undefined> {
    const db = await openDb();
    try {
      const tx = db.transaction(storeName, mode);
      const request = work(tx.objectStore(storeName));
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
      });
      return request ? request.result : undefined;
    } finally {
      db.close();
    }
  }

  return {
    all: async (userId) => ((await inStore('readonly', (s) => s.index('user').getAll(userId))) ?? []) as T[],
    put: async (item) => void (await inStore('readwrite', (s) => void s.put(item))),
    remove: async (clientIds) => void (await inStore('readwrite', (s) => clientIds.forEach((id) => s.delete(id)))),
  };
}
