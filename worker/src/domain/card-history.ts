/**
 * A card's history ('Historique'): every answer with its rating and what it left the
 * card with — the interval until the next review, stability and difficulty — and the
 * probability of recall the card had when it was answered; then the forgetting curve of
 * its current memory. Pure: built from the logged rows and the card, with `now` given.
 *
 * A review-log row keeps the memory the card had *before* its answer (ts-fsrs's log), so
 * what an answer left is what the next answer found (its row and `card_before`), and for
 * the last answer the card itself (for answers imported without the card before them, the
 * next answer's interval in whole days). A card reset or rescheduled by hand between two answers
 * shows what that action left, which is also what the next answer started from.
 */
import { retrievability, STATE, stateName, type StoredCard } from './fsrs';

/** At most this many answers are shown (the latest ones): a card is rarely answered more than a few hundred times. */
export const CARD_HISTORY_LIMIT = 500;
const DAY = 86_400_000;
const CURVE_POINTS = 40;
const CURVE_MIN_DAYS = 7;
const CURVE_MAX_DAYS = 3650;

/** A logged answer as the history reads it: the card's memory before it. */
export interface LoggedAnswer {
  reviewedAt: number;
  rating: number;
  state: number;
  stability: number;
  difficulty: number;
  durationMs: number | null;
  /** The card's interval before the answer, in days (what the previous answer set). */
  scheduledDays: number;
  /** The whole card before the answer; empty for answers imported without it. */
  cardBefore: Partial<StoredCard>;
}

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/** Each answer, oldest first, with what it left the card with. */
export function cardHistory(answers: readonly LoggedAnswer[], card: StoredCard, params: readonly number[] | null) {
  return answers.map((answer, i) => {
    const next = answers[i + 1];
    // Imported answers carry no card before them: the next one's interval (whole days) stands in for the due time.
    const nextDue = next && (next.cardBefore.due ?? (next.scheduledDays > 0 ? answer.reviewedAt + next.scheduledDays * DAY : null));
    const after = next ? { stability: next.stability, difficulty: next.difficulty, due: nextDue ?? null } : card;
    const lastReview = answer.cardBefore.lastReview ?? answers[i - 1]?.reviewedAt ?? null;
    return {
      reviewed_at: answer.reviewedAt,
      rating: answer.rating,
      /** The card's state when it was answered. */
      state: stateName(answer.state),
      /** Days until the review it was scheduled for (a fraction for learning steps); null when unknown. */
      interval_days: after.due === null ? null : round((after.due - answer.reviewedAt) / DAY, 3),
      stability: round(after.stability, 2),
      difficulty: round(after.difficulty, 2),
      /** Probability of recall when it was answered; null for a first answer (no memory yet). */
      retrievability:
        answer.state === STATE.New || lastReview === null
          ? null
          : round(retrievability({ state: answer.state, stability: answer.stability, lastReview, due: answer.reviewedAt }, answer.reviewedAt, params) ?? 0, 4),
      duration_ms: answer.durationMs,
    };
  });
}

/**
 * The current memory's forgetting curve: recall probability from the last answer over
 * twice the scheduled interval (a week at least, and past today), and where today falls.
 * Null for a card without memory yet.
 */
export function forgettingCurve(card: StoredCard, now: number, params: readonly number[] | null) {
  if (card.state === STATE.New || card.lastReview === null || card.stability <= 0) return null;
  const last = card.lastReview;
  const todayDays = Math.max(0, (now - last) / DAY);
  const horizon = Math.min(CURVE_MAX_DAYS, Math.max(CURVE_MIN_DAYS, Math.ceil((2 * (card.due - last)) / DAY), Math.ceil(todayDays * 1.2)));
  const at = (days: number) => round(retrievability(card, last + days * DAY, params) ?? 0, 4);
  return {
    points: Array.from({ length: CURVE_POINTS + 1 }, (_, i) => {
      const days = round((horizon * i) / CURVE_POINTS, 2);
      return { days, retrievability: at(days) };
    }),
    today_days: round(todayDays, 2),
    retrievability_today: at(todayDays),
    due_days: round((card.due - last) / DAY, 2),
  };
}
