/**
 * Which cards a study session holds, and which one it shows next (Anki's study loop).
 *
 * Building a session (`buildSessionQueue`): cards already studied and due now come first,
 * in the person's review order (most overdue first by default; domain/workload.ts); then new cards, in the order they were written, but no more than
 * what is left of today's new-card allowance (`newCardsPerDay`, default 20, minus the new
 * cards already introduced today); cards not yet due are included only when the person
 * asks to review ahead ('Réviser en avance'), after everything else, soonest first —
 * never mixed silently with due ones.
 *
 * Serving the next card (`pickNextSessionCard`): a card answered in the session that is
 * still (re)learning — rated 'À nouveau', or on a learning step — comes back in the same
 * session: at once when its step falls due, otherwise once the unanswered cards are done
 * if it falls due within the learn-ahead window (20 minutes, as Anki). A card that passed
 * (state Review) does not come back. The session is over when nothing is left to show.
 */
import { STATE } from './fsrs';
import { orderBacklog } from './workload';
import type { Preferences } from './preferences';

export const DEFAULT_NEW_CARDS_PER_DAY = 20;
export const LEARN_AHEAD_MS = 20 * 60_000;

export interface QueueCard {
  id: number;
  state: number;
  due: number;
  /** The memory state the 'retrievability' review order reads. */
  stability?: number;
  lastReview?: number | null;
}

export interface QueueOptions {
  /** The person's daily allowance of new cards; DEFAULT_NEW_CARDS_PER_DAY when not given. */
  newCardsPerDay?: number;
  /** New cards already introduced today (first answered since the study day began). */
  newSeenToday?: number;
  /** Include cards not yet due ('Réviser en avance'). */
  ahead?: boolean;
  /** Most cards a session takes. */
  limit?: number;
  /** The order of due cards (preference `review_order`, domain/workload.ts); by due date when not given. */
  order?: Preferences['review_order'];
  /** The random order's seed (the study day's number, so the order holds all day). */
  seed?: number;
}

export interface SessionQueue {
  /** Card ids in the order the session shows them. */
  ids: number[];
  due: number;
  fresh: number;
  ahead: number;
  /** New cards left out by the daily allowance. */
  newHeldBack: number;
  /** Cards not yet due that 'Réviser en avance' would add. */
  notDue: number;
}

const byDue = (a: QueueCard, b: QueueCard) => a.due - b.due || a.id - b.id;

export function newCardAllowance(options: Pick<QueueOptions, 'newCardsPerDay' | 'newSeenToday'>): number {
  const perDay = options.newCardsPerDay ?? DEFAULT_NEW_CARDS_PER_DAY;
  if (perDay === Infinity) return Infinity;
  const cap = Number.isFinite(perDay) ? Math.max(0, Math.floor(perDay)) : DEFAULT_NEW_CARDS_PER_DAY;
  return Math.max(0, cap - Math.max(0, options.newSeenToday ?? 0));
}

export function buildSessionQueue(cards: readonly QueueCard[], now: number, options: QueueOptions = {}): SessionQueue {
  const due = orderBacklog(cards.filter((c) => c.state !== STATE.New && c.due <= now), options.order ?? 'due', now, options.seed ?? 0);
  const allNew = cards.filter((c) => c.state === STATE.New).sort((a, b) => a.id - b.id);
  const fresh = allNew.slice(0, newCardAllowance(options));
  const notDue = cards.filter((c) => c.state !== STATE.New && c.due > now).sort(byDue);
  const ahead = options.ahead ? notDue : [];
  const ordered = [...due, ...fresh, ...ahead].slice(0, options.limit ?? Infinity);
  const kept = new Set(ordered.map((c) => c.id));
  const count = (list: QueueCard[]) => list.filter((c) => kept.has(c.id)).length;
  return {
    ids: ordered.map((c) => c.id),
    due: count(due),
    fresh: count(fresh),
    ahead: count(ahead),
    newHeldBack: allNew.length - fresh.length,
    notDue: notDue.length,
  };
}

export interface SessionCardState extends QueueCard {
  position: number;
  /** Whether the card was answered in this session (its latest answer there stands). */
  answered: boolean;
}

const learning = (c: SessionCardState) => c.answered && (c.state === STATE.Learning || c.state === STATE.Relearning);

/** The id of the card to show next, or null when the session has nothing left to show. */
export function pickNextSessionCard(cards: readonly SessionCardState[], now: number, learnAheadMs = LEARN_AHEAD_MS): number | null {
  const relearn = cards.filter(learning).sort(byDue);
  const dueNow = relearn.find((c) => c.due <= now);
  if (dueNow) return dueNow.id;
  const unanswered = cards.filter((c) => !c.answered).sort((a, b) => a.position - b.position)[0];
  if (unanswered) return unanswered.id;
  const soon = relearn.find((c) => c.due <= now + learnAheadMs);
  return soon ? soon.id : null;
}
