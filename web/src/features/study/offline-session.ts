/**
 * A flashcard study session without the server: it runs on the due cards this
 * device kept (the shell reads them at every online start, so the service worker has a copy),
 * and follows the server session's rules on this device. The next card is picked by the same
 * rule (domain/study-queue.ts: a card still learning comes back when its step falls due),
 * each answer is scheduled with the person's FSRS parameters and queued with its client id
 * and time (review-queue.ts), and the queue's upload replays them once the network is back.
 *
 * The session keeps each card's state itself: an answer uploaded mid-session leaves the
 * queue, yet the card's next answer must still start from it. Undo takes the last answer
 * out of the queue, or, when it was uploaded meanwhile, asks the server to undo it.
 * A card suspended or buried here leaves the session, and its action waits in the same queue;
 * undo brings the card back the same way (out of the queue, or undone on the server).
 *
 * Plain (its queue and its server undo are given; any card the API sends), so the unit tests
 * drive it without a browser.
 */
import { isRating, type RatingValue, type StoredCard } from '@domain/fsrs';
import { pickNextSessionCard } from '@domain/study-queue';
import { storedCardOfApi, storedPreviews, type CardPreviews } from '../flashcards/previews';
import type { ApiCard, ReviewQueue, Scheduling } from '../flashcards/review-queue';
import type { SetAsideAction } from '../../lib/queued-answer';

/** The offline session's place in /study/session/{id} (the server's sessions have a number there). */
export const OFFLINE_SESSION_ID = 'hors-ligne';

/** One step undo can take back: an answer, or a card suspended or buried. */
type Step =
  | {
      kind: 'answer';
      cardId: number;
      clientId: string;
      /** The card's state and latest rating before this answer, which undo puts back. */
      before: StoredCard;
      ratingBefore: RatingValue | undefined;
    }
  | { kind: 'action'; cardId: number; clientId: string };

/** Undoes on the server a step uploaded meanwhile: the card's latest answer, or its latest action. */
export type UndoSent = (cardId: number, kind: Step['kind']) => Promise<unknown>;

/** A session's progress, as the server's sessions give it. */
export interface OfflineProgress {
  total_cards: number;
  cards_reviewed: number;
  average_rating: number | null;
}

export class OfflineStudySession<Card extends ApiCard> {
  private readonly states = new Map<number, StoredCard>();
  /** The latest rating of each card answered in this session (a card answered twice counts once, as on the server). */
  private readonly ratings = new Map<number, RatingValue>();
  /** What undo takes back, latest last. */
  private readonly steps: Step[] = [];
  /** Cards suspended or buried in this session. */
  private readonly aside = new Set<number>();

  /** `cards`: the kept due cards still due on this device, in the order the session shows them. */
  constructor(
    private readonly cards: readonly Card[],
    private readonly queue: ReviewQueue,
    private readonly scheduling: Scheduling,
    private readonly undoSent: UndoSent,
  ) {
    for (const card of cards) this.states.set(card.id, queue.localCard(card.id) ?? storedCardOfApi(card));
  }

  /** The card to show at `now` with its interval previews, or null when the session is over. */
  next(now: number): (Card & { previews: CardPreviews }) | null {
    const id = pickNextSessionCard(
      this.cards.flatMap((card, position) =>
        this.aside.has(card.id) ? [] : [{ id: card.id, state: this.states.get(card.id)!.state, due: this.states.get(card.id)!.due, position, answered: this.ratings.has(card.id) }],
      ),
      now,
    );
    return id === null ? null : this.shown(id, now);
  }

  /** Card `id` as the session shows it at `now` (an undone card comes back this way). */
  shown(id: number, now: number): (Card & { previews: CardPreviews }) | null {
    const card = this.cards.find((c) => c.id === id);
    return card ? { ...card, previews: storedPreviews(this.states.get(card.id)!, this.scheduling.desiredRetention, this.scheduling.params, now) } : null;
  }

  /** Schedules the answer on this device and queues it for the upload. */
  async answer(cardId: number, rating: number, durationMs: number | null, now: number): Promise<void> {
    if (!isRating(rating)) throw new Error(`rating ${rating}`);
    const card = this.cards.find((c) => c.id === cardId);
    if (!card) throw new Error(`card ${cardId} is not in this session`);
    const before = this.states.get(cardId)!;
    const queued = await this.queue.answer(card, { rating, durationMs, scheduling: this.scheduling, now, from: before });
    this.steps.push({ kind: 'answer', cardId, clientId: queued.client_id, before, ratingBefore: this.ratings.get(cardId) });
    this.states.set(cardId, queued.after);
    this.ratings.set(cardId, rating);
  }

  /** 'Suspendre' or 'Enterrer' (buried on this device until `until`): queued for the upload, and the card leaves the session. */
  async setAside(cardId: number, action: SetAsideAction, now: number, until: number): Promise<void> {
    if (!this.cards.some((c) => c.id === cardId)) throw new Error(`card ${cardId} is not in this session`);
    const queued = await this.queue.setAside(cardId, action, now, until);
    this.aside.add(cardId);
    this.steps.push({ kind: 'action', cardId, clientId: queued.client_id });
  }

  get canUndo(): boolean {
    return this.steps.length > 0;
  }

  /**
   * Takes the last answer, suspension or burial back; its card is shown again. Throws (and
   * keeps the step) when an uploaded one cannot be undone on the server.
   */
  async undo(): Promise<number | null> {
    const last = this.steps.at(-1);
    if (!last) return null;
    // Taken back here, or (uploaded, even by an upload under way) undone on the server.
    if (!(await this.queue.undo(last.clientId))) await this.undoSent(last.cardId, last.kind);
    this.steps.pop();
    if (last.kind === 'action') {
      this.aside.delete(last.cardId);
      return last.cardId;
    }
    this.states.set(last.cardId, last.before);
    if (last.ratingBefore === undefined) this.ratings.delete(last.cardId);
    else this.ratings.set(last.cardId, last.ratingBefore);
    return last.cardId;
  }

  progress(): OfflineProgress {
    const ratings = [...this.ratings.values()];
    const sum = ratings.reduce((total, r) => total + r, 0);
    return { total_cards: this.cards.length, cards_reviewed: ratings.length, average_rating: ratings.length ? Math.round((sum / ratings.length) * 100) / 100 : null };
  }
}
