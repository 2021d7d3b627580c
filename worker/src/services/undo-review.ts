import type { StoredCard } from '../domain/fsrs';
import { ApiError, notFound } from '../lib/errors';
import { conceptCardsStatement, conceptObservation, conceptParams, conceptStudyStateStatement, siblingCards } from './concept-study-state';
import type { ReviewEffects } from '../domain/workload';
import {
  burySiblingsStatement,
  findFlashcardStatement,
  markLeechStatement,
  updateCardStatement,
  withCard,
  reviewConflict,
  type FlashcardRow,
} from '../db/queries/flashcards';
import { assertSessionCard, sessionCardCheckStatement, sessionProgressStatements, type StudySessionRow } from './study-session-progress';

export interface UndoProps {
  userId: number;
  flashcardId: number;
  /** When undoing from a session (which must hold the card and be running), only an answer given in it may be undone. */
  sessionId?: number;
  now: number;
}

const nothingToUndo = () => new ApiError(404, 'nothing_to_undo', 'Aucune réponse à annuler pour cette carte.');

/**
 * Takes back a card's last answer (by review time, as an answer uploaded from offline may be
 * logged after a later one): the card gets back exactly the memory state stored in
 * that answer's log row (`card_before`), what else the answer did is taken back (`effects`:
 * its leech tag and suspension, the siblings it buried), the log row is deleted, and the
 * concept's mastery and the session's progress are recomputed — all in one batch. Undo can be repeated to
 * walk back through earlier answers.
 */
export async function undoReview(d1: D1Database, props: UndoProps) {
  const { userId, flashcardId, now } = props;
  const inSession = props.sessionId !== undefined;
  const [found, logs, concept, membership] = await d1.batch([
    findFlashcardStatement(d1, userId, flashcardId),
    d1.prepare('SELECT id, session_id, card_before, effects, rating FROM review_logs WHERE flashcard_id = ? AND +user_id = ? ORDER BY reviewed_at DESC, id DESC LIMIT 2').bind(flashcardId, userId),
    conceptCardsStatement(d1, userId, flashcardId),
    ...(inSession ? [sessionCardCheckStatement(d1, userId, props.sessionId!, flashcardId)] : []),
  ]);
  if (inSession) assertSessionCard(membership!.results[0] as { ended_at: number | null; member: number } | undefined);
  const row = found!.results[0] as FlashcardRow | undefined;
  const lastLog = logs!.results[0] as { id: number; session_id: number | null; card_before: string; effects: string | null } | undefined;
  const siblings = siblingCards(concept!.results);
  if (!row) throw notFound('Carte');
  if (!lastLog) throw nothingToUndo();
  if (inSession && lastLog.session_id !== props.sessionId) throw nothingToUndo();

  const sessionId = lastLog.session_id;
  const card = JSON.parse(lastLog.card_before) as StoredCard;
  // After the undo, the card's latest answer is the one before the undone one.
  const previous = logs!.results[1] as { rating: number } | undefined;
  const cards = siblings.map((s) => (s.id === flashcardId ? { ...card, id: s.id, lastRating: previous?.rating ?? null } : s));
  const effects = (lastLog.effects ? JSON.parse(lastLog.effects) : {}) as ReviewEffects;
  const results = await d1.batch([
    updateCardStatement(d1, userId, flashcardId, card, now, row.updated_at),
    // Deleted only if the card now carries this undo's write (its updated_at is `now`).
    d1
      .prepare('DELETE FROM review_logs WHERE id = ? AND user_id = ? AND (SELECT updated_at FROM flashcards WHERE id = ?) = ?')
      .bind(lastLog.id, userId, flashcardId, now),
    ...(effects.leech ? [markLeechStatement(d1, userId, flashcardId, effects.leech.tags, effects.leech.suspended, now)] : []),
    ...(effects.buried?.length ? [burySiblingsStatement(d1, userId, effects.buried, null, flashcardId, now, effects.buriedUntil ?? null)] : []),
    conceptStudyStateStatement(d1, userId, row.concept_id, cards, now, conceptParams(concept!.results), conceptObservation(concept!.results)),
    ...(sessionId === null ? [] : sessionProgressStatements(d1, sessionId, flashcardId)),
  ]);
  // meta.changes also counts the review_activity trigger's writes, hence "none" not "one".
  if (results[0]!.meta.changes === 0 || results[1]!.meta.changes === 0) throw reviewConflict();
  // In a session, the batch ends with the session as it now stands.
  const session = sessionId === null ? null : (results.at(-1)!.results[0] as StudySessionRow);
  const restored = effects.leech ? { ...row, tags: effects.leech.tags, suspended: effects.leech.suspended } : row;
  return { flashcard: withCard(restored, card, now), session };
}
