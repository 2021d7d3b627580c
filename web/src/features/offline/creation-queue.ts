/**
 * Creations made without the server: a concept or a daily-note block the device
 * could not send is kept (lib/pending-creations.ts) with the client id the server keeps as
 * the row's uid, and sent again, oldest first, until the server has it. A retry whose first
 * answer was lost gets the row already made (the server dedupes by the id), never a second.
 *
 * Nothing is dropped silently: a creation the server refuses (a 4xx other than a passing
 * one) stays on the device marked with the server's reason, is shown, and leaves only when
 * the person discards it. No answer (network, 502–504) or a 5xx keeps it waiting for the
 * next try. The logic is plain (its store and sender are given) for the unit tests.
 */
import type { CreationStore, QueuedCreation } from '../../lib/queued-creation';
import { newClientId } from '../../lib/queue-store';
import { DeviceQueue, memoryClock, statusOf, type LastSyncStore } from '../../lib/device-queue';

export type { QueuedCreation };

/** Sends one creation with its client id; throws the failed call (with its `status`) when it did not go. */
export type SendCreation = (creation: QueuedCreation) => Promise<void>;

export interface CreationState {
  /** Waiting to be sent. */
  pending: number;
  /** Refused by the server, kept until the person discards them. */
  refused: number;
  syncing: boolean;
  /** When this device last sent what waited (ms), null if never. */
  lastSync: number | null;
}

/** The server will not take it as it is (a bad value, a conflict, a missing note): kept and shown, not retried. */
const isRefusal = (err: unknown) => {
  const status = statusOf(err);
  return status >= 400 && status < 500 && ![401, 408, 429].includes(status);
};

/** The server's words for a refusal. */
const reasonOf = (err: unknown) => (err instanceof Error && err.message ? err.message : `HTTP ${statusOf(err)}`);


type Fresh<T> = T extends QueuedCreation ? Omit<T, 'client_id' | 'user_id' | 'queued_at' | 'refused'> : never;

export class CreationQueue extends DeviceQueue<QueuedCreation, CreationState> {
  constructor(userId: number, store: CreationStore, private readonly send: SendCreation, lastSyncStore: LastSyncStore = memoryClock()) {
    super(userId, store, lastSyncStore, (a, b) => a.queued_at - b.queued_at);
  }

  /** Keeps a creation on this device; `clientId` is the one its failed request carried, so the server recognises it. */
  async add(creation: Fresh<QueuedCreation>, clientId = newClientId(), now = Date.now()): Promise<QueuedCreation> {
    const item = { ...creation, client_id: clientId, user_id: this.userId, queued_at: now, refused: null } as QueuedCreation;
    await this.keep(item);
    return item;
  }

  /** The person gives up a refused creation (after reading it). */
  discard(clientId: string): Promise<void> {
    return this.drop([clientId]);
  }

  /**
   * Sends what waits, oldest first, one at a time. Resolves true when something went. Throws
   * when the server cannot be reached or fails (the rest waits for the next call).
   */
  upload(): Promise<boolean> {
    return this.once(() => this.drain());
  }

  private async drain(): Promise<boolean> {
    await this.ready;
    let sent = false;
    for (const item of this.items.filter((c) => c.refused === null)) {
      this.syncing = true;
      this.changed();
      try {
        await this.send(item);
      } catch (err) {
        if (!isRefusal(err)) throw err;
        const refused = { ...item, refused: reasonOf(err) };
        await this.store.put(refused);
        this.items = this.items.map((c) => (c.client_id === item.client_id ? refused : c));
        this.changed();
        continue;
      }
      this.lastSyncStore.set(Date.now());
      await this.drop([item.client_id]);
      sent = true;
    }
    return sent;
  }

  protected stateNow(): CreationState {
    const refused = this.items.filter((c) => c.refused !== null).length;
    return { pending: this.items.length - refused, refused, syncing: this.syncing, lastSync: this.lastSyncStore.get() };
  }
}

/** How a creation is named to the person: 'le concept « Photosynthèse »', 'un bloc de la note du 02/03/2026'. */
export function creationName(item: QueuedCreation): string {
  if (item.kind === 'concept') return `le concept « ${item.concept.title} »`;
  const [y, m, d] = item.date.split('-');
  return `un bloc de la note du ${d}/${m}/${y}`;
}

/** What a logout would lose of the creations, naming each ('Le concept « X » et un bloc … créés hors ligne seront perdus.'); null when none. */
export function creationsLossText(items: readonly QueuedCreation[]): string | null {
  if (!items.length) return null;
  const names = items.map(creationName);
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} et ${names.at(-1)}` : names[0]!;
  const text = `${listed.charAt(0).toUpperCase()}${listed.slice(1)}`;
  return items.length > 1 ? `${text}, créés hors ligne, seront perdus.` : `${text}, créé hors ligne, sera perdu.`;
}

/** The indicator's line for refused creations: kept here until the person reads and discards them. */
export function refusedText(refused: number): string {
  return refused > 1
    ? `${refused} créations refusées par le serveur, gardées sur cet appareil (voir Concepts ou la note du jour).`
    : '1 création refusée par le serveur, gardée sur cet appareil (voir Concepts ou la note du jour).';
}
