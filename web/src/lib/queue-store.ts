/** Where a device keeps what it made offline until the server has it (IndexedDB in the page: lib/idb-queue.ts; memory in the unit tests). */
export interface QueueStore<T extends { client_id: string; user_id: number }> {
  all(userId: number): Promise<T[]>;
  put(item: T): Promise<void>;
  remove(clientIds: readonly string[]): Promise<void>;
}

/** The id a device gives what it makes (32 hex digits): sent with it, kept with it in the queue, and kept by the server as the row's uid. */
export const newClientId = () => crypto.randomUUID().replace(/-/g, '');
