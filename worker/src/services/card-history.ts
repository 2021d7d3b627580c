/**
 * 'Historique' of one of the person's cards: one D1 round trip (the card, its latest
 * answers, the person's FSRS parameters), then domain/card-history.ts decides what each
 * answer left and draws the forgetting curve.
 */
import { CARD_HISTORY_LIMIT, cardHistory, forgettingCurve, type LoggedAnswer } from '../domain/card-history';
import { storedCardOf, type StoredCard } from '../domain/fsrs';
import { storedFsrsParams } from '../domain/fsrs-params';
import { findFlashcardStatement } from '../db/queries/flashcards';
import { schedulingStatement } from '../db/queries/fsrs-params';
import { cardAnswersStatement, type CardAnswerRow } from '../db/queries/review-logs';
import { readBatch } from '../db/rows';
import { notFound } from '../lib/errors';
import { presentFlashcard } from '../presenters/flashcard';

function cardBeforeOf(json: string): Partial<StoredCard> {
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === 'object' ? (parsed as Partial<StoredCard>) : {};
  } catch {
    return {};
  }
}

const loggedAnswer = (row: CardAnswerRow): LoggedAnswer => ({
  reviewedAt: row.reviewed_at,
  rating: row.rating,
  state: row.state,
  stability: row.stability,
  difficulty: row.difficulty,
  durationMs: row.duration_ms,
  scheduledDays: row.scheduled_days,
  cardBefore: cardBeforeOf(row.card_before),
});

export async function cardHistoryOf(d1: D1Database, userId: number, flashcardId: number, now: number) {
  const [[row], answers, [scheduling]] = await readBatch(d1, [
    findFlashcardStatement(d1, userId, flashcardId),
    cardAnswersStatement(d1, userId, flashcardId, CARD_HISTORY_LIMIT),
    schedulingStatement(d1, userId),
  ]);
  if (!row) throw notFound('Carte');
  const card = storedCardOf(row);
  const params = storedFsrsParams(scheduling?.fsrs_params);
  return {
    flashcard: presentFlashcard(row),
    answers: cardHistory(answers.reverse().map(loggedAnswer), card, params),
    /** True when older answers were left out (only the latest CARD_HISTORY_LIMIT are listed). */
    truncated: answers.length === CARD_HISTORY_LIMIT,
    forgetting_curve: forgettingCurve(card, now, params),
  };
}
