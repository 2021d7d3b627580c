/**
 * Answers given without the server. When an answer cannot be sent, it is
 * scheduled on this device with the same FSRS as the server's (the person's desired
 * retention and own parameters), kept in IndexedDB (lib/pending-reviews.ts) with a client
 * id and the time it was given, and the card counts as answered here until the upload.
 * A card answered twice offline is scheduled from its local state, not the server's copy.
 *
 * `upload` sends the queue to POST /api/flashcards/reviews oldest answer first (the server
 * replays each batch in review-time order and skips client ids it already logged, so an
 * upload cut short is simply sent again). Undo of a queued answer takes it out of the queue;
 * undo never leaves on the server an answer whose upload was under way (`undo`).
 *
 * A card suspended or buried in an offline study session (`setAside`) waits in the same
 * queue, in time order with the answers, and goes up in the same upload (its own client id:
 * the server applies it once, so a retried upload neither repeats it nor undoes a change
 * made since); until then the card counts as not due on this device.
 *
 * The queue logic is plain (its store and its sender are given), so the unit tests drive it
 * without a browser; `reviewQueue()` is the page's one queue for the signed-in person.
 */
import { isRating, reviewCard, type RatingValue, type StoredCard } from '@domain/fsrs';
import { isAction, isAnswer, itemTime, type AnswerStore, type QueuedAction, type QueuedAnswer, type QueuedItem, type SetAsideAction } from '../../lib/queued-answer';
import { newClientId } from '../../lib/queue-store';
import { DeviceQueue, memoryClock, statusOf, type LastSyncStore } from '../../lib/device-queue';
import { storedCardOfApi, type ApiCardState } from './previews';

export type { QueuedAnswer, QueuedAction, QueuedItem };

/** What the server answers an upload: the ids (answers' and actions') it took now and those it had already. */
export type SendAnswers = (
  answers: { client_id: string; flashcard_id: number; rating: RatingValue; reviewed_at: string; duration_ms: number | null; session_id?: number }[],
  actions: { client_id: string; flashcard_id: number; action: SetAsideAction; done_at: string }[],
) => Promise<{ accepted: string[]; skipped: string[] }>;

/** Undoes on the server an answer it logged (the card's latest review, in its study session if it names one) or an action it applied (the card's latest action). */
export type RetractAnswer = (item: QueuedItem) => Promise<unknown>;

/** A card as the API sends it: ISO moments and the state's name. */
export type ApiCard = ApiCardState & { id: number };

export interface Scheduling {
  desiredRetention: number;
  params: number[] | null;
}

/** One answer as `ReviewQueue.answer` takes it. */
export interface GivenAnswer {
  rating: number;
  /** Time spent on the card; null when not measured. */
  durationMs: number | null;
  scheduling: Scheduling;
  /** When it was given (ms); now by default. */
  now?: number;
  /** The id it was first sent with; a new one by default. */
  clientId?: string;
  /** The state a caller holds itself (an offline study session keeps its cards' states even once their answers are uploaded); else this device's or the server's. */
  from?: StoredCard | null;
  /** The study session it was given in, if any. */
  sessionId?: number | null;
}

export interface SyncState {
  pending: number;
  /** When this device last emptied its queue (ms), null if never. */
  lastSync: number | null;
  /** An upload is under way. */
  syncing: boolean;
}

/** How many due cards the review dialog takes (and the shell keeps a copy of, for reviews offline). */
export const DUE_REVIEW_LIMIT = 50;

/** The upload's own limit (routes/flashcards.schema.ts UPLOAD_REVIEWS_MAX). */
export const UPLOAD_CHUNK = 500;

/** No answer from the server (the network, or a proxy saying the server is out of reach): worth queuing. */
export const isUnreachable = (err: unknown) => [0, 502, 503, 504].includes(statusOf(err));

/** An answer the server will never take (its card deleted, a bad value): dropped rather than retried for ever. */
const isRefused = (err: unknown) => [404, 422].includes(statusOf(err));

/** An undo the server will never do: the item is gone (404), or the card changed since the action (409: it may no longer be undone). */
const isFinalUndo = (item: QueuedItem, err: unknown) => isRefused(err) || (isAction(item) && statusOf(err) === 409);

const byReviewTime = (a: QueuedItem, b: QueuedItem) => itemTime(a) - itemTime(b) || (a.client_id < b.client_id ? -1 : a.client_id > b.client_id ? 1 : 0);


export class ReviewQueue extends DeviceQueue<QueuedItem, SyncState> {
  private lastSync: number | null;
  /** The answers of the batch being sent. */
  private readonly sending = new Set<string>();
  /** Answers whose batch got no reply: the server may have logged them. */
  private readonly unsure = new Set<string>();

  constructor(
    userId: number,
    store: AnswerStore,
    private readonly send: SendAnswers,
    lastSyncStore: LastSyncStore = memoryClock(),
    private readonly retract: RetractAnswer = async () => undefined,
  ) {
    super(userId, store, lastSyncStore, byReviewTime);
    this.lastSync = lastSyncStore.get();
  }

  /** The card as this device last scheduled it, or null when no answer of it waits. */
  localCard(cardId: number): StoredCard | null {
    for (let i = this.items.length - 1; i >= 0; i--) {
      const item = this.items[i]!;
      if (item.flashcard_id === cardId && isAnswer(item) && !item.retracted) return item.after;
    }
    return null;
  }

  /** Whether the card was suspended, or buried for a study day not over at `now`, on this device and not uploaded yet. */
  isSetAside(cardId: number, now: number): boolean {
    return this.items.some((item) => item.flashcard_id === cardId && isAction(item) && !item.retracted && (item.until === null || item.until > now));
  }

  /** The answers given in a study session that wait on this device, oldest first. */
  sessionAnswers(sessionId: number): QueuedAnswer[] {
    return this.items.filter((a): a is QueuedAnswer => isAnswer(a) && a.session_id === sessionId && !a.retracted);
  }

  /** When a card is due, counting what waits on this device (a card set aside here is not due while it stays so). */
  dueAt(card: ApiCard, now = Date.now()): number {
    if (this.isSetAside(card.id, now)) return Infinity;
    return this.localCard(card.id)?.due ?? Date.parse(card.due);
  }

  /**
   * Queues 'Suspendre' or 'Enterrer' done on this device at `now`; `until` is when a burial
   * ends on this device (the end of that study day; the server reckons its own).
   */
  async setAside(cardId: number, action: SetAsideAction, now: number, until: number | null): Promise<QueuedAction> {
    const item: QueuedAction = { client_id: newClientId(), user_id: this.userId, flashcard_id: cardId, action, done_at: new Date(now).toISOString(), until: action === 'suspend' ? null : until };
    await this.keep(item, byReviewTime);
    return item;
  }

  /**
   * Schedules an answer on this device (from the card's local state if it has one) and
   * queues it, with the client id it was first sent with: if the server logged it and only
   * the reply was lost, the upload finds that id logged and adds nothing. An answer given in
   * a study session names it, and the upload counts it in that session.
   */
  async answer(card: ApiCard, given: GivenAnswer): Promise<QueuedAnswer> {
    const { rating, durationMs, scheduling, now = Date.now(), clientId = newClientId(), from = null, sessionId = null } = given;
    if (!isRating(rating)) throw new Error(`rating ${rating}`);
    const before = from ?? this.localCard(card.id) ?? storedCardOfApi(card);
    // A clock put back never places an answer before the card's previous one.
    const at = Math.max(now, before.lastReview ?? now);
    const { card: after } = reviewCard(before, at, rating, { ...scheduling, fuzz: true });
    const answer: QueuedAnswer = {
      client_id: clientId,
      user_id: this.userId,
      flashcard_id: card.id,
      rating,
      reviewed_at: new Date(at).toISOString(),
      duration_ms: durationMs === null ? null : Math.max(0, Math.round(durationMs)),
      after,
      ...(sessionId === null ? {} : { session_id: sessionId }),
    };
    await this.keep(answer, byReviewTime);
    return answer;
  }

  /**
   * Undo of an answer or of a card set aside. True when it is taken back on this device: it
   * leaves the queue (an answer's card its local state, a set-aside card is due here again)
   * and the server never keeps it. False when the server has it (uploaded before, or by the
   * upload under way): the caller undoes it there.
   *
   * An upload carrying it is waited for first, so that undo and upload never both win. If
   * that upload got no reply, the server may have it: it stays queued as retracted, the next
   * upload sends it again (taken once at most, by its client id) and undoes it there.
   */
  async undo(clientId: string): Promise<boolean> {
    await this.ready;
    if (this.sending.has(clientId)) await this.settled();
    const item = this.items.find((a) => a.client_id === clientId);
    if (!item) return false;
    if (item.retracted) return true;
    if (!this.unsure.has(clientId)) {
      await this.drop([clientId]);
      return true;
    }
    const retracted: QueuedItem = { ...item, retracted: true };
    await this.store.put(retracted);
    this.items = this.items.map((a) => (a.client_id === clientId ? retracted : a));
    this.changed();
    return true;
  }

  /**
   * Sends the queue, oldest answers first, in batches the server takes; what the server
   * logged (now or before) leaves the queue. One upload at a time. Throws when the server
   * cannot be reached or refuses the batch for a reason that may pass (409, 5xx): the
   * answers stay and the next call sends them again.
   */
  upload(): Promise<void> {
    return this.once(() => this.drain());
  }

  private async drain(): Promise<void> {
    await this.ready;
    this.syncing = this.items.length > 0;
    this.changed();
    let uploaded = false;
    for (let sent = new Set<string>(); ; ) {
      const batch = this.items.filter((a) => !sent.has(a.client_id)).slice(0, UPLOAD_CHUNK);
      if (!batch.length) break;
      batch.forEach((a) => this.sending.add(a.client_id));
      let done: string[];
      try {
        done = await this.sendBatch(batch);
      } catch (err) {
        batch.forEach((a) => this.unsure.add(a.client_id));
        throw err;
      } finally {
        batch.forEach((a) => this.sending.delete(a.client_id));
      }
      batch.forEach((a) => sent.add(a.client_id));
      done.forEach((id) => this.unsure.delete(id));
      // Answers and actions undone while their upload had no reply: the server has them now, once; they are undone there.
      const logged = new Set(done);
      for (const item of this.items.filter((a) => !!a.retracted && logged.has(a.client_id))) {
        // A card deleted (or, after an action, changed) meanwhile has nothing left to undo.
        await this.retract(item).catch((err) => {
          if (!isFinalUndo(item, err)) throw err;
        });
        await this.drop([item.client_id]);
      }
      await this.drop(done);
      uploaded = true;
    }
    if (!uploaded) return;
    this.lastSync = Date.now();
    this.lastSyncStore.set(this.lastSync);
  }

  /** The ids the server took or had; when one answer spoils the batch (404, 422), each is sent alone so the good ones still go. */
  private async sendBatch(batch: QueuedItem[]): Promise<string[]> {
    try {
      const result = await this.send(
        batch.filter(isAnswer).map(({ client_id, flashcard_id, rating, reviewed_at, duration_ms, session_id }) => ({ client_id, flashcard_id, rating, reviewed_at, duration_ms, ...(session_id ? { session_id } : {}) })),
        batch.filter(isAction).map(({ client_id, flashcard_id, action, done_at }) => ({ client_id, flashcard_id, action, done_at })),
      );
      return [...result.accepted, ...result.skipped];
    } catch (err) {
      if (!isRefused(err)) throw err;
      if (batch.length === 1) return [batch[0]!.client_id];
      const done: string[] = [];
      for (const answer of batch) done.push(...(await this.sendBatch([answer])));
      return done;
    }
  }

  protected stateNow(): SyncState {
    return { pending: this.items.length, lastSync: this.lastSync, syncing: this.syncing };
  }
}


const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/**
 * What a logout now would lose of this queue, in words; null when nothing waits. Answers are
 * lost ('3 révisions hors ligne seront perdues…'); a card suspended or buried offline would
 * come back to the reviews ('1 carte suspendue et 2 cartes enterrées hors ligne reviendront
 * en révision…'), each counted apart and in the right number.
 */
export function pendingLossText(items: readonly QueuedItem[]): string | null {
  const answers = items.filter(isAnswer).length;
  const suspended = items.filter((i) => isAction(i) && i.action === 'suspend').length;
  const buried = items.filter((i) => isAction(i) && i.action === 'bury').length;
  const sentences: string[] = [];
  if (answers) {
    sentences.push(
      answers > 1
        ? `${answers} révisions hors ligne seront perdues : elles n’ont pas encore été envoyées au serveur.`
        : '1 révision hors ligne sera perdue : elle n’a pas encore été envoyée au serveur.',
    );
  }
  const cards = [suspended && plural(suspended, 'carte suspendue', 'cartes suspendues'), buried && plural(buried, 'carte enterrée', 'cartes enterrées')].filter(Boolean);
  if (cards.length) {
    sentences.push(
      suspended + buried > 1
        ? `${cards.join(' et ')} hors ligne reviendront en révision : ces actions n’ont pas encore été envoyées au serveur.`
        : `${cards[0]} hors ligne reviendra en révision : cette action n’a pas encore été envoyée au serveur.`,
    );
  }
  return sentences.length ? sentences.join(' ') : null;
}

/** '3 modifications en attente'. */
export function pendingText(pending: number): string {
  return `${pending} modification${pending > 1 ? 's' : ''} en attente`;
}
