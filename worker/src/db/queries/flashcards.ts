/**
 * Reading flashcards from D1 and turning rows into the domain's StoredCard and back.
 * Every query is scoped by user id; the concept title comes along for the presenter.
 */
import { cardColumns, type MemoryColumns, type StoredCard } from '../../domain/fsrs';
import { ApiError } from '../../lib/errors';

/** A flashcard row: its memory state under the shared column names, and the rest. */
export interface FlashcardRow extends MemoryColumns<number> {
  id: number;
  concept_id: number;
  concept_title: string;
  question: string;
  answer: string;
  tags: string;
  suspended: number;
  buried_until: number | null;
  created_at: number;
  updated_at: number;
}

/** The SELECT list and FROM clause every flashcard read shares (alias f, concept c). */
export const FLASHCARD_SELECT = `SELECT f.id, f.concept_id, c.title AS concept_title, f.question, f.answer, f.tags, f.due,
  f.stability, f.difficulty, f.elapsed_days, f.scheduled_days, f.learning_steps, f.reps, f.lapses, f.state,
  f.last_review, f.suspended, f.buried_until, f.created_at, f.updated_at
  FROM flashcards f JOIN concepts c ON c.id = f.concept_id`;

/** A card that a study queue may show at `?` (bind now): not suspended, not buried past it (alias f). */
export const QUEUEABLE_SQL = 'f.suspended = 0 AND (f.buried_until IS NULL OR f.buried_until <= ?)';

export const findFlashcardStatement = (d1: D1Database, userId: number, id: number) =>
  d1.prepare(`${FLASHCARD_SELECT} WHERE f.id = ? AND f.user_id = ?`).bind(id, userId);

export function findFlashcard(d1: D1Database, userId: number, id: number) {
  return findFlashcardStatement(d1, userId, id).first<FlashcardRow>();
}

/** The same row with another memory state (what the presenter shows after a write). */
export function withCard(row: FlashcardRow, card: StoredCard, updatedAt: number): FlashcardRow {
  return { ...row, ...cardColumns(card), updated_at: updatedAt };
}

/** Writes a memory state onto a card, only if nobody changed the card since it was read. */
export function updateCardStatement(d1: D1Database, userId: number, id: number, card: StoredCard, now: number, expectedUpdatedAt: number) {
  return d1
    .prepare(
      `UPDATE flashcards SET due = ?, stability = ?, difficulty = ?, elapsed_days = ?, scheduled_days = ?, learning_steps = ?,
         reps = ?, lapses = ?, state = ?, last_review = ?, updated_at = ?
       WHERE id = ? AND user_id = ? AND updated_at = ?`,
    )
    .bind(card.due, card.stability, card.difficulty, card.elapsedDays, card.scheduledDays, card.learningSteps, card.reps, card.lapses, card.state, card.lastReview, now, id, userId, expectedUpdatedAt);
}

/** Someone changed the card between our read and our guarded write (another tab, a double click). */
export const reviewConflict = () => new ApiError(409, 'review_conflict', 'Cette carte vient d’être modifiée. Rechargez-la puis réessayez.');

/** Every card of the person, oldest first. */
export function listFlashcards(d1: D1Database, userId: number) {
  return d1.prepare(`${FLASHCARD_SELECT} WHERE f.user_id = ? ORDER BY f.id`).bind(userId).all<FlashcardRow>();
}

/** The person's cards due at `now` (neither suspended nor buried), soonest first. */
export function dueFlashcards(d1: D1Database, userId: number, now: number, limit: number) {
  return d1
    .prepare(`${FLASHCARD_SELECT} WHERE f.user_id = ? AND f.due <= ? AND ${QUEUEABLE_SQL} ORDER BY f.due, f.id LIMIT ?`)
    .bind(userId, now, now, limit)
    .all<FlashcardRow>();
}

/** The person's leeches (cards tagged LEECH_TAG), most lapses first. */
export function leechFlashcards(d1: D1Database, userId: number, tag: string, limit: number) {
  return d1
    .prepare(`${FLASHCARD_SELECT} WHERE f.user_id = ? AND EXISTS (SELECT 1 FROM json_each(f.tags) WHERE value = ?) ORDER BY f.lapses DESC, f.id LIMIT ?`)
    .bind(userId, tag, limit)
    .all<FlashcardRow>();
}

/**
 * How many of the person's cards (other than `exceptId`, not suspended) fall due in each
 * of the given [start, end) spans, in order: the load of the days load balancing weighs.
 */
export function dayLoadsStatement(d1: D1Database, userId: number, exceptId: number, spans: readonly (readonly [number, number])[]) {
  return d1
    .prepare(
      `SELECT (SELECT COUNT(*) FROM flashcards WHERE user_id = ?1 AND due >= s.value ->> '$[0]' AND due < s.value ->> '$[1]' AND suspended = 0 AND id != ?2) AS n
       FROM json_each(?3) s ORDER BY s.key`,
    )
    .bind(userId, exceptId, JSON.stringify(spans));
}

/** Sets a card's tags and suspension, only if the same batch just wrote the card (its updated_at is `now`). */
export function markLeechStatement(d1: D1Database, userId: number, id: number, tags: readonly string[] | string, suspended: number, now: number) {
  return d1
    .prepare('UPDATE flashcards SET tags = ?, suspended = ? WHERE id = ? AND user_id = ? AND updated_at = ?')
    .bind(typeof tags === 'string' ? tags : JSON.stringify(tags), suspended, id, userId, now);
}

/**
 * Buries (until `until`) or unburies (`until` null, only those still buried until `previous`)
 * cards of the person, only if the same batch just wrote card `answeredId` (its updated_at is `now`).
 */
export function burySiblingsStatement(d1: D1Database, userId: number, ids: readonly number[], until: number | null, answeredId: number, now: number, previous: number | null = null) {
  return d1
    .prepare(
      `UPDATE flashcards SET buried_until = ?1 WHERE user_id = ?2 AND id IN (SELECT value FROM json_each(?3))
         AND (?4 IS NULL OR buried_until = ?4) AND (SELECT updated_at FROM flashcards WHERE id = ?5) = ?6`,
    )
    .bind(until, userId, JSON.stringify(ids), previous, answeredId, now);
}

/** A concept's cards, or null when the concept is not the person's (one round trip). */
export async function conceptFlashcards(d1: D1Database, userId: number, conceptId: number): Promise<FlashcardRow[] | null> {
  const [concept, rows] = await d1.batch([
    d1.prepare('SELECT id FROM concepts WHERE id = ? AND user_id = ?').bind(conceptId, userId),
    d1.prepare(`${FLASHCARD_SELECT} WHERE f.user_id = ? AND f.concept_id = ? ORDER BY f.id`).bind(userId, conceptId),
  ]);
  return concept!.results.length ? (rows!.results as FlashcardRow[]) : null;
}
