/**
 * Reading flashcards from D1 and turning rows into the domain's StoredCard and back.
 * Every query is scoped by user id; the concept title comes along for the presenter.
 */
import { cardColumns, type MemoryColumns, type StoredCard } from '../../domain/fsrs';
import { ApiError } from '../../lib/errors';
import { allRows, firstRow, query, readBatch, type SqlColumns } from '../rows';
import type { concepts, flashcards } from '../schema';
import { ownConcept } from './concepts';

/** A flashcard row: its memory state under the shared column names, the rest, and its concept's title. */
export type FlashcardRow = SqlColumns<
  typeof flashcards,
  keyof MemoryColumns<number> | 'id' | 'concept_id' | 'question' | 'answer' | 'tags' | 'suspended' | 'buried_until' | 'question_lang' | 'answer_lang' | 'type_answer' | 'occlusion' | 'created_at' | 'updated_at'
> & { concept_title: SqlColumns<typeof concepts, 'title'>['title'] };

/** The SELECT list and FROM clause every flashcard read shares (alias f, concept c). */
export const FLASHCARD_SELECT = `SELECT f.id, f.concept_id, c.title AS concept_title, f.question, f.answer, f.tags, f.due,
  f.stability, f.difficulty, f.elapsed_days, f.scheduled_days, f.learning_steps, f.reps, f.lapses, f.state,
  f.last_review, f.suspended, f.buried_until, f.question_lang, f.answer_lang, f.type_answer, f.occlusion, f.created_at, f.updated_at
  FROM flashcards f JOIN concepts c ON c.id = f.concept_id`;

/** A card that a study queue may show at `?` (bind now): not suspended, not buried past it (alias f). */
export const QUEUEABLE_SQL = 'f.suspended = 0 AND (f.buried_until IS NULL OR f.buried_until <= ?)';

export const findFlashcardStatement = (d1: D1Database, userId: number, id: number) =>
  query<FlashcardRow>(d1.prepare(`${FLASHCARD_SELECT} WHERE f.id = ? AND f.user_id = ?`).bind(id, userId));

export function findFlashcard(d1: D1Database, userId: number, id: number) {
  return firstRow(findFlashcardStatement(d1, userId, id));
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

/** A day of a balanced answer's range: days after the answer, the study day's [start, end), the weight its load is set against. */
export interface BalancedDay {
  day: number;
  start: number;
  end: number;
  weight: number;
}

/**
 * updateCardStatement for an answer whose day load balancing picks, in the write itself:
 * of the candidate `days`, the one whose load (the person's other cards, not suspended, due
 * in its span: as dayLoadsStatement counts) plus one, over its weight, is lowest, ties to
 * the day nearest `interval`, then the earlier (domain/workload.ts › balancedInterval). The
 * card is due `now` plus that many days; reads back its due date and interval.
 */
export function balancedCardUpdate(d1: D1Database, userId: number, id: number, card: StoredCard, now: number, expectedUpdatedAt: number, days: readonly BalancedDay[], interval: number) {
  return query<SqlColumns<typeof flashcards, 'due' | 'scheduled_days'>>(
    d1
      .prepare(
        `UPDATE flashcards SET (due, scheduled_days) = (
           SELECT ?1 + c.day * 86400000, c.day FROM (
             SELECT s.value ->> '$[0]' AS day, s.value ->> '$[3]' AS weight,
               (SELECT COUNT(*) FROM flashcards f WHERE f.user_id = ?2 AND f.due >= s.value ->> '$[1]' AND f.due < s.value ->> '$[2]' AND f.suspended = 0 AND f.id != ?3) AS load
             FROM json_each(?4) s) c
           ORDER BY (c.load + 1.0) / c.weight, abs(c.day - ?5), c.day LIMIT 1),
         stability = ?6, difficulty = ?7, elapsed_days = ?8, learning_steps = ?9, reps = ?10, lapses = ?11, state = ?12, last_review = ?13, updated_at = ?1
       WHERE id = ?3 AND user_id = ?2 AND updated_at = ?14
       RETURNING due, scheduled_days`,
      )
      .bind(now, userId, id, JSON.stringify(days.map((d) => [d.day, d.start, d.end, d.weight])), interval, card.stability, card.difficulty, card.elapsedDays, card.learningSteps, card.reps, card.lapses, card.state, card.lastReview, expectedUpdatedAt),
  );
}

/** Someone changed the card between our read and our guarded write (another tab, a double click). */
export const reviewConflict = () => new ApiError(409, 'review_conflict', 'Cette carte vient d’être modifiée. Rechargez-la puis réessayez.');

/** Every card of the person, oldest first. */
export function listFlashcards(d1: D1Database, userId: number) {
  return allRows(query<FlashcardRow>(d1.prepare(`${FLASHCARD_SELECT} WHERE f.user_id = ? ORDER BY f.id`).bind(userId)));
}

/** The person's cards due at `now` (neither suspended nor buried), soonest first. */
export function dueFlashcards(d1: D1Database, userId: number, now: number, limit: number) {
  return allRows(query<FlashcardRow>(d1.prepare(`${FLASHCARD_SELECT} WHERE f.user_id = ? AND f.due <= ? AND ${QUEUEABLE_SQL} ORDER BY f.due, f.id LIMIT ?`).bind(userId, now, now, limit)));
}

/** The person's leeches (cards tagged LEECH_TAG), most lapses first. */
export function leechFlashcards(d1: D1Database, userId: number, tag: string, limit: number) {
  return allRows(
    query<FlashcardRow>(
      d1.prepare(`${FLASHCARD_SELECT} WHERE f.user_id = ? AND EXISTS (SELECT 1 FROM json_each(f.tags) WHERE value = ?) ORDER BY f.lapses DESC, f.id LIMIT ?`).bind(userId, tag, limit),
    ),
  );
}

/**
 * How many of the person's cards (other than `exceptId`, not suspended) fall due in each
 * of the given [start, end) spans, in order: the load of the days load balancing weighs.
 */
export function dayLoadsStatement(d1: D1Database, userId: number, exceptId: number, spans: readonly (readonly [number, number])[]) {
  return query<{ n: number }>(
    d1
      .prepare(
        `SELECT (SELECT COUNT(*) FROM flashcards WHERE user_id = ?1 AND due >= s.value ->> '$[0]' AND due < s.value ->> '$[1]' AND suspended = 0 AND id != ?2) AS n
         FROM json_each(?3) s ORDER BY s.key`,
      )
      .bind(userId, exceptId, JSON.stringify(spans)),
  );
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
  const [concept, rows] = await readBatch(d1, [
    ownConcept(d1, userId, conceptId),
    query<FlashcardRow>(d1.prepare(`${FLASHCARD_SELECT} WHERE f.user_id = ? AND f.concept_id = ? ORDER BY f.id`).bind(userId, conceptId)),
  ]);
  return concept.length ? rows : null;
}

/** 1 when concept ?1 has a recall score from a study method (it counts as one item of its mastery). */
const HAS_RECALL = 'EXISTS (SELECT 1 FROM study_method_results WHERE concept_id = ?1 AND recall_score IS NOT NULL)';

/** A card's text as written: tags as JSON text; each side's speech language and whether the answer is typed (undefined: unchanged by an update). */
export interface CardText {
  question: string;
  answer: string;
  tags: string;
  question_lang?: string | null;
  answer_lang?: string | null;
  type_answer?: boolean;
  /** An image-occlusion card's JSON (domain/image-occlusion.ts); only set when the card is made. */
  occlusion?: string | null;
}

/** Adds a card with the given memory state to a concept; reads back its id. */
export const insertFlashcard = (d1: D1Database, userId: number, conceptId: number, text: CardText, card: StoredCard, now: number) =>
  query<{ id: number }>(
    d1
      .prepare(
        `INSERT INTO flashcards (user_id, concept_id, question, answer, tags, due, stability, difficulty, elapsed_days,
           scheduled_days, learning_steps, reps, lapses, state, last_review, created_at, updated_at, question_lang, answer_lang, type_answer, occlusion)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      )
      .bind(userId, conceptId, text.question, text.answer, text.tags, card.due, card.stability, card.difficulty,
        card.elapsedDays, card.scheduledDays, card.learningSteps, card.reps, card.lapses, card.state, card.lastReview, now, now,
        text.question_lang ?? null, text.answer_lang ?? null, text.type_answer ? 1 : 0, text.occlusion ?? null),
  );

/**
 * After `added` new cards (never answered) joined the concept: its next review is its earliest due,
 * and its mastery (a mean over all its cards and its latest recall score, if any) counts
 * each new card as 0 — n items become n + added.
 */
export const conceptAfterNewCard = (d1: D1Database, userId: number, conceptId: number, added = 1) =>
  d1
    .prepare(
      `UPDATE concepts SET next_review_at = (SELECT MIN(due) FROM flashcards WHERE concept_id = ?1),
         mastery_level = mastery_level * ((SELECT COUNT(*) FROM flashcards WHERE concept_id = ?1) - ?3 + ${HAS_RECALL})
           / ((SELECT COUNT(*) FROM flashcards WHERE concept_id = ?1) + ${HAS_RECALL})
       WHERE id = ?1 AND user_id = ?2`,
    )
    .bind(conceptId, userId, added);

/**
 * Changes a card's text and tags, and each side's speech language and its typed answer when given. A card whose
 * text is rewritten here no longer says what its Anki note says: it drops that identity, so
 * an export carries what the person wrote.
 */
export const updateFlashcardText = (d1: D1Database, userId: number, id: number, text: CardText, now: number) =>
  d1
    .prepare(
      `UPDATE flashcards SET anki_note = CASE WHEN question = ?1 AND answer = ?2 THEN anki_note END,
       question = ?1, answer = ?2, tags = ?3, updated_at = ?4,
       question_lang = CASE WHEN ?7 THEN ?8 ELSE question_lang END, answer_lang = CASE WHEN ?9 THEN ?10 ELSE answer_lang END,
       type_answer = COALESCE(?11, type_answer)
       WHERE id = ?5 AND user_id = ?6`,
    )
    .bind(text.question, text.answer, text.tags, now, id, userId,
      text.question_lang === undefined ? 0 : 1, text.question_lang ?? null, text.answer_lang === undefined ? 0 : 1, text.answer_lang ?? null,
      text.type_answer === undefined ? null : text.type_answer ? 1 : 0);

/** Takes a card out of the figures of the person's running sessions that hold it (ended sessions keep theirs). */
export const leaveRunningSessions = (d1: D1Database, userId: number, id: number) =>
  d1
    .prepare(
      `UPDATE study_sessions SET
         total_cards = total_cards - 1,
         cards_reviewed = cards_reviewed - (SELECT rating IS NOT NULL FROM study_session_cards s WHERE s.session_id = study_sessions.id AND s.flashcard_id = ?1),
         rating_sum = rating_sum - (SELECT COALESCE(rating, 0) FROM study_session_cards s WHERE s.session_id = study_sessions.id AND s.flashcard_id = ?1)
       WHERE user_id = ?2 AND ended_at IS NULL AND id IN (SELECT session_id FROM study_session_cards WHERE flashcard_id = ?1)`,
    )
    .bind(id, userId);

/** Deletes a card; its review logs go by cascade. */
export const deleteFlashcard = (d1: D1Database, userId: number, id: number) => d1.prepare('DELETE FROM flashcards WHERE id = ? AND user_id = ?').bind(id, userId);

/** The questions of the concept's cards. */
export const questionsOfConcept = (d1: D1Database, userId: number, conceptId: number) =>
  query<{ question: string }>(d1.prepare('SELECT question FROM flashcards WHERE concept_id = ? AND user_id = ?').bind(conceptId, userId));

/** A card still in image-occlusion group `group` ('' for cards made before groups) at shapes version `version`: binds ?3 and ?4. */
const OCCLUSION_AT = "coalesce(json_extract(occlusion, '$.group'), '') = ?3 AND coalesce(json_extract(occlusion, '$.version'), 0) = ?4";

/** The concept's image-occlusion cards (an edit finds a group's cards among them). */
export const occlusionCardsOfConcept = (d1: D1Database, userId: number, conceptId: number) =>
  query<SqlColumns<typeof flashcards, 'id' | 'occlusion' | 'tags'>>(d1.prepare('SELECT id, occlusion, tags FROM flashcards WHERE user_id = ? AND concept_id = ? AND occlusion IS NOT NULL ORDER BY id').bind(userId, conceptId));

/** Adds a new card to an occlusion group while one of its cards is still at `version`; reads back its id. */
export const insertOcclusionCardAt = (d1: D1Database, userId: number, conceptId: number, text: CardText, card: StoredCard, now: number, at: { group: string; version: number }) =>
  query<{ id: number }>(
    d1
      .prepare(
        `INSERT INTO flashcards (user_id, concept_id, question, answer, tags, due, stability, difficulty, elapsed_days,
           scheduled_days, learning_steps, reps, lapses, state, last_review, created_at, updated_at, occlusion)
         SELECT ?1, ?2, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?18, ?19
         WHERE EXISTS (SELECT 1 FROM flashcards WHERE user_id = ?1 AND concept_id = ?2 AND occlusion IS NOT NULL AND ${OCCLUSION_AT}) RETURNING id`,
      )
      .bind(userId, conceptId, at.group, at.version, text.question, text.answer, text.tags, card.due, card.stability, card.difficulty,
        card.elapsedDays, card.scheduledDays, card.learningSteps, card.reps, card.lapses, card.state, card.lastReview, now, text.occlusion ?? null),
  );

/** Gives a card of an occlusion group its new shapes and text, its memory state kept, when it is still at `version`. */
export const updateOcclusionCardAt = (d1: D1Database, userId: number, id: number, text: { question: string; answer: string; occlusion: string }, now: number, at: { group: string; version: number }) =>
  d1
    .prepare(`UPDATE flashcards SET question = ?5, answer = ?6, occlusion = ?7, updated_at = ?8 WHERE id = ?1 AND user_id = ?2 AND ${OCCLUSION_AT}`)
    .bind(id, userId, at.group, at.version, text.question, text.answer, text.occlusion, now);

/** Takes a removed zone's card out of running sessions (as leaveRunningSessions), when its group is still at `version`. */
export const leaveRunningSessionsAt = (d1: D1Database, userId: number, id: number, at: { group: string; version: number }) =>
  d1
    .prepare(
      `UPDATE study_sessions SET
         total_cards = total_cards - 1,
         cards_reviewed = cards_reviewed - (SELECT rating IS NOT NULL FROM study_session_cards s WHERE s.session_id = study_sessions.id AND s.flashcard_id = ?1),
         rating_sum = rating_sum - (SELECT COALESCE(rating, 0) FROM study_session_cards s WHERE s.session_id = study_sessions.id AND s.flashcard_id = ?1)
       WHERE user_id = ?2 AND ended_at IS NULL AND id IN (SELECT session_id FROM study_session_cards WHERE flashcard_id = ?1)
         AND EXISTS (SELECT 1 FROM flashcards WHERE id = ?1 AND user_id = ?2 AND ${OCCLUSION_AT})`,
    )
    .bind(id, userId, at.group, at.version);

/** Deletes a removed zone's card (its history goes with it), when its group is still at `version`. */
export const deleteOcclusionCardAt = (d1: D1Database, userId: number, id: number, at: { group: string; version: number }) =>
  d1.prepare(`DELETE FROM flashcards WHERE id = ?1 AND user_id = ?2 AND ${OCCLUSION_AT}`).bind(id, userId, at.group, at.version);
