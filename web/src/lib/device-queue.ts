/**
 * What the device's offline queues share (features/flashcards/review-queue.ts for answers,
 * features/offline/creation-queue.ts for creations): the items kept for one person in a
 * store (IndexedDB in the page, memory in the unit tests), read once at start and merged
 * with what was queued meanwhile; one upload at a time; and a state snapshot that the
 * page's hooks read with useSyncExternalStore (a new object only after a change).
 */
import type { QueueStore } from './queue-store';

/** When a device last sent what waited (ms), kept across reloads in the page. */
export interface LastSyncStore {
  get(): number | null;
  set(ms: number): void;
}

/** A last-sync time kept in memory only (the unit tests). */
export function memoryClock(): LastSyncStore {
  let value: number | null = null;
  return { get: () => value, set: (ms: number) => void (value = ms) };
}

/** The status of a failed call (0 when no answer came, -1 when it carries none), read without importing the API client. */
export const statusOf = (err: unknown) => (typeof (err as { status?: unknown } | null)?.status === 'number' ? (err as { status: number }).status : -1);

export abstract class DeviceQueue<Item extends { client_id: string; user_id: number }, State> {
  protected items: Item[] = [];
  protected syncing = false;
  private snapshot: State | null = null;
  private readonly listeners = new Set<() => void>();
  private flight: Promise<unknown> | null = null;
  /** Resolves once the stored items are read. */
  readonly ready: Promise<void>;

  constructor(
    readonly userId: number,
    protected readonly store: QueueStore<Item>,
    protected readonly lastSyncStore: LastSyncStore,
    order: (a: Item, b: Item) => number,
  ) {
    this.ready = store.all(userId).then(
      (list) => {
        // Nothing kept: nothing changed, and the pages reading the state are not drawn again
        // (a state read by useSyncExternalStore redraws its page at once, in the store's task).
        if (list.length === 0) return;
        // Items queued while the store was read stay; all are put in the queue's order.
        const known = new Set(this.items.map((item) => item.client_id));
        this.items = [...list.filter((item) => !known.has(item.client_id)), ...this.items].sort(order);
        this.changed();
      },
      () => undefined,
    );
  }

  /** Everything this device keeps, in the queue's order. */
  list(): readonly Item[] {
    return this.items;
  }

  state(): State {
    this.snapshot ??= this.stateNow();
    return this.snapshot;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** The state as the items stand (cached by `state` until the next change). */
  protected abstract stateNow(): State;

  protected changed(): void {
    this.snapshot = null;
    this.listeners.forEach((listener) => listener());
  }

  /** Keeps `item` in the store and the queue. */
  protected async keep(item: Item, order?: (a: Item, b: Item) => number): Promise<void> {
    await this.store.put(item);
    this.items = order ? [...this.items, item].sort(order) : [...this.items, item];
    this.changed();
  }

  /** Drops the items of `clientIds` from the store and the queue. */
  protected async drop(clientIds: readonly string[]): Promise<void> {
    await this.store.remove(clientIds);
    const gone = new Set(clientIds);
    this.items = this.items.filter((item) => !gone.has(item.client_id));
    this.changed();
  }

  /** Resolves when the upload under way (if any) has ended, however it ended. */
  protected settled(): Promise<void> {
    return (this.flight ?? Promise.resolve()).then(
      () => undefined,
      () => undefined,
    );
  }

  /** Runs `drain` unless a run is under way (then answers that run's promise); syncing ends with it. */
  protected once<R>(drain: () => Promise<R>): Promise<R> {
    this.flight ??= drain().finally(() => {
      this.flight = null;
      this.syncing = false;
      this.changed();
    });
    return this.flight as Promise<R>;
  }
}
