/**
 * SQL of a concept's study figures (mastery_level, next_review_at): the memory state of its
 * cards with the rating of each one's latest answer, its latest recall score from a study
 * method, and the writes of the figures computed from them (services/concept-study-state.ts
 * after a change, services/mastery-refresh.ts every night).
 */
import { query, type SqlColumns } from '../rows';
import type { concepts, flashcards, users } from '../schema';

/** The rating of a card's latest answer (alias f). */
export const LAST_RATING_SQL = '(SELECT rating FROM review_logs WHERE flashcard_id = f.id ORDER BY reviewed_at DESC, id DESC LIMIT 1)';

/** The concept's latest recall score from a study method (Blurting), as `recall_score` and `recall_at`; `concept` is SQL naming its id. */
export const latestRecallSql = (concept: string) =>
  `(SELECT recall_score FROM study_method_results r WHERE r.concept_id = ${concept} AND r.recall_score IS NOT NULL ORDER BY r.updated_at DESC, r.id DESC LIMIT 1) AS recall_score,
   (SELECT updated_at FROM study_method_results r WHERE r.concept_id = ${concept} AND r.recall_score IS NOT NULL ORDER BY r.updated_at DESC, r.id DESC LIMIT 1) AS recall_at`;

/** A concept's latest recall score and when it was given, both null without one. */
export type LatestRecall = { recall_score: number | null; recall_at: number | null };

/** A card's memory state as mastery reads it, with its latest rating and its owner's FSRS parameters. */
export type MasteryCardRow = SqlColumns<typeof flashcards, 'id' | 'state' | 'stability' | 'last_review' | 'due' | 'suspended' | 'buried_until'> &
  SqlColumns<typeof users, 'fsrs_params'> & { last_rating: number | null };

/** A row of conceptCardsStatement: one card of the concept, with the person's parameters and the concept's latest recall. */
export type ConceptCardRow = MasteryCardRow & LatestRecall;

/**
 * The memory state of every card of the concept that holds card `flashcardId`, each row with
 * the person's own FSRS parameters (their forgetting curve, for mastery) and the concept's
 * latest recall score. (`+user_id` keeps SQLite on the concept index: the user's index would
 * read all their cards.)
 */
export const conceptCardsStatement = (d1: D1Database, userId: number, flashcardId: number) =>
  query<ConceptCardRow>(
    d1
      .prepare(
        `SELECT f.id, f.state, f.stability, f.last_review, f.due, f.suspended, f.buried_until, ${LAST_RATING_SQL} AS last_rating,
           (SELECT fsrs_params FROM users WHERE id = ?1) AS fsrs_params, ${latestRecallSql('f.concept_id')} FROM flashcards f
         WHERE f.concept_id = (SELECT concept_id FROM flashcards WHERE id = ?2 AND user_id = ?1) AND +f.user_id = ?1`,
      )
      .bind(userId, flashcardId),
  );

/**
 * Stores a concept's mastery and next review. `dueOfCard`: a card whose due date an earlier
 * statement of the same batch wrote, so it counts too — the next review is then the
 * earlier of `nextReviewAt` (the other cards', null if none) and that card's due date.
 */
export const updateStudyState = (d1: D1Database, userId: number, conceptId: number, mastery: number | null, nextReviewAt: number | null, dueOfCard: number | null = null) =>
  d1
    .prepare(
      `UPDATE concepts SET mastery_level = ?1,
         next_review_at = CASE WHEN ?5 IS NULL THEN ?2 ELSE (SELECT min(coalesce(?2, due), due) FROM flashcards WHERE id = ?5) END
       WHERE id = ?3 AND user_id = ?4`,
    )
    .bind(mastery, nextReviewAt, conceptId, userId, dueOfCard);

/** The next `limit` studied concepts after id `after` (of one person, when given): with a mastery, an answered card or a recall score. */
export const studiedConceptsAfter = (d1: D1Database, after: number, limit: number, userId: number | null) =>
  query<SqlColumns<typeof concepts, 'id'> & LatestRecall>(
    d1
      .prepare(
        `SELECT id, ${latestRecallSql('c.id')} FROM concepts c WHERE id > ?1 AND (?3 IS NULL OR user_id = ?3)
           AND (mastery_level IS NOT NULL OR EXISTS (SELECT 1 FROM flashcards f WHERE f.concept_id = c.id AND f.last_review IS NOT NULL)
             OR EXISTS (SELECT 1 FROM study_method_results r WHERE r.concept_id = c.id AND r.recall_score IS NOT NULL))
         ORDER BY id LIMIT ?2`,
      )
      .bind(after, limit, userId),
  );

/** The cards of these concepts as mastery reads them, each with its concept's id and its owner's FSRS parameters. */
export const cardsOfConcepts = (d1: D1Database, conceptIds: number[]) =>
  query<Omit<MasteryCardRow, 'id' | 'suspended' | 'buried_until'> & SqlColumns<typeof flashcards, 'concept_id'>>(
    d1
      .prepare(
        `SELECT f.concept_id, f.state, f.stability, f.last_review, f.due, ${LAST_RATING_SQL} AS last_rating,
           (SELECT fsrs_params FROM users u WHERE u.id = f.user_id) AS fsrs_params
         FROM flashcards f WHERE f.concept_id IN (SELECT value FROM json_each(?))`,
      )
      .bind(JSON.stringify(conceptIds)),
  );

/** Stores mastery levels, given as [concept id, level] pairs. */
export const saveMasteryLevels = (d1: D1Database, levels: [id: number, level: number | null][]) =>
  d1.prepare(`UPDATE concepts SET mastery_level = value ->> '$[1]' FROM json_each(?) WHERE concepts.id = value ->> '$[0]'`).bind(JSON.stringify(levels));
