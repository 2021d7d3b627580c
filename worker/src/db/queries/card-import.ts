/**
 * SQL of the cards-from-a-table import (services/card-table-import.ts): the concepts the
 * cards go to and the cards they hold already (read first), then the cards written in
 * chunks by one statement each and the concepts' next review and mastery after them.
 */
import type { StoredCard } from '../../domain/fsrs';
import { query, type SqlColumns } from '../rows';
import type { concepts, flashcards } from '../schema';

export type ConceptRefRow = SqlColumns<typeof concepts, 'id' | 'uid' | 'title_key'>;
export type CardPairRow = SqlColumns<typeof flashcards, 'concept_id' | 'question' | 'answer'>;

/** The person's concept of that id. */
export const conceptRefById = (d1: D1Database, userId: number, id: number) =>
  query<ConceptRefRow>(d1.prepare('SELECT id, uid, title_key FROM concepts WHERE id = ? AND user_id = ?').bind(id, userId));

/** The person's concepts of these title keys, the oldest first. */
export const conceptRefsByTitleKeys = (d1: D1Database, userId: number, keys: readonly string[]) =>
  query<ConceptRefRow>(
    d1.prepare('SELECT id, uid, title_key FROM concepts WHERE user_id = ? AND title_key IN (SELECT value FROM json_each(?)) ORDER BY id').bind(userId, JSON.stringify(keys)),
  );

/** Front and back of the cards these concepts hold, to skip a card imported before. */
export const cardPairsOfConcepts = (d1: D1Database, userId: number, conceptIds: readonly number[]) =>
  query<CardPairRow>(
    d1
      .prepare('SELECT concept_id, question, answer FROM flashcards WHERE user_id = ? AND concept_id IN (SELECT value FROM json_each(?))')
      .bind(userId, JSON.stringify(conceptIds)),
  );

/** One new card of a chunk: its concept's uid, question, answer and tags (JSON text). */
export interface ChunkCard {
  c: string;
  q: string;
  a: string;
  t: string;
}

/** Adds a chunk of new cards, all with the memory state `card`, each to the concept of its uid. */
export const insertCardChunk = (d1: D1Database, userId: number, chunk: readonly ChunkCard[], card: StoredCard, now: number) =>
  d1
    .prepare(
      `INSERT INTO flashcards (user_id, concept_id, question, answer, tags, due, stability, difficulty, elapsed_days,
         scheduled_days, learning_steps, reps, lapses, state, last_review, created_at, updated_at)
       SELECT ?1, c.id, j.value ->> '$.q', j.value ->> '$.a', j.value ->> '$.t', ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?13
       FROM json_each(?2) j JOIN concepts c ON c.user_id = ?1 AND c.uid = j.value ->> '$.c' ORDER BY j.key`,
    )
    .bind(userId, JSON.stringify(chunk), card.due, card.stability, card.difficulty, card.elapsedDays, card.scheduledDays,
      card.learningSteps, card.reps, card.lapses, card.state, card.lastReview, now);

/**
 * After new (never answered) cards joined concepts ([uid, how many] each): a concept's next
 * review is its earliest due, and its mastery (a mean over its cards and its latest recall
 * score, if any) counts the new cards as 0 — n items become n + added.
 */
export const conceptsAfterNewCards = (d1: D1Database, userId: number, added: readonly [uid: string, count: number][]) =>
  d1
    .prepare(
      `UPDATE concepts SET next_review_at = s.next_due,
         mastery_level = concepts.mastery_level * (s.n - s.added + s.recall) / (s.n + s.recall)
       FROM (SELECT c.id, j.value ->> '$[1]' AS added,
               (SELECT COUNT(*) FROM flashcards f WHERE f.concept_id = c.id) AS n,
               (SELECT MIN(due) FROM flashcards f WHERE f.concept_id = c.id) AS next_due,
               EXISTS (SELECT 1 FROM study_method_results r WHERE r.concept_id = c.id AND r.recall_score IS NOT NULL) AS recall
             FROM json_each(?2) j JOIN concepts c ON c.user_id = ?1 AND c.uid = j.value ->> '$[0]') s
       WHERE concepts.id = s.id`,
    )
    .bind(userId, JSON.stringify(added));
