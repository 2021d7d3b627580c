import type { StoredCard } from '../domain/fsrs';
import { ApiError, notFound } from '../lib/errors';
import { conceptCardsStatement } from '../db/queries/mastery';
import { conceptObservation, conceptParams, conceptStudyStateStatement, siblingCards } from './concept-study-state';
import type { ReviewEffects } from '../domain/workload';
import {
  burySiblingsStatement,
  findFlashcardStatement,
  markLeechStatement,
  updateCardStatement,
  withCard,
  reviewConflict,
} from '../db/queries/flashcards';
import { deleteUndoneAnswerStatement, latestAnswersStatement } from '../db/queries/review-logs';
import { readBatch } from '../db/rows';
import { assertSessionCard } from './study-session-progress';
import { sessionCardCheckStatement, sessionProgressStatements, sessionRead } from '../db/queries/study-session-progress';

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
  const [[row], logs, concept, [membership]] = await readBatch(d1, [
    findFlashcardStatement(d1, userId, flashcardId),
    latestAnswersStatement(d1, userId, flashcardId),
    conceptCardsStatement(d1, userId, flashcardId),
    // Outside a session this reads nothing (no session has id 0).
    sessionCardCheckStatement(d1, userId, props.sessionId ?? 0, flashcardId),
  ]);
  if (inSession) assertSessionCard(membership);
  const [lastLog, previous] = logs;
  const siblings = siblingCards(concept);
  if (!row) throw notFound('Carte');
  if (!lastLog) throw nothingToUndo();
  if (inSession && lastLog.session_id !== props.sessionId) throw nothingToUndo();

  const sessionId = lastLog.session_id;
  const card = JSON.parse(lastLog.card_before) as StoredCard;
  // After the undo, the card's latest answer is the one before the undone one.
  const cards = siblings.map((s) => (s.id === flashcardId ? { ...card, id: s.id, lastRating: previous?.rating ?? null } : s));
  const effects = (lastLog.effects ? JSON.parse(lastLog.effects) : {}) as ReviewEffects;
  const progress = sessionId === null ? ([] as const) : sessionProgressStatements(d1, sessionId, flashcardId);
  const results = await d1.batch([
    updateCardStatement(d1, userId, flashcardId, card, now, row.updated_at),
    deleteUndoneAnswerStatement(d1, userId, lastLog.id, flashcardId, now),
    ...(effects.leech ? [markLeechStatement(d1, userId, flashcardId, effects.leech.tags, effects.leech.suspended, now)] : []),
    ...(effects.buried?.length ? [burySiblingsStatement(d1, userId, effects.buried, null, flashcardId, now, effects.buriedUntil ?? null)] : []),
    conceptStudyStateStatement(d1, userId, row.concept_id, cards, now, conceptParams(concept), conceptObservation(concept)),
    ...progress,
  ]);
  // meta.changes also counts the review_activity trigger's writes, hence "none" not "one".
  if (results[0]!.meta.changes === 0 || results[1]!.meta.changes === 0) throw reviewConflict();
  // In a session, the batch ends with the session as it now stands.
  const session = sessionRead(progress, results);
  const restored = effects.leech ? { ...row, tags: effects.leech.tags, suspended: effects.leech.suspended } : row;
  return { flashcard: withCard(restored, card, now), session };
}
