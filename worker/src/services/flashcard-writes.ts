import { cardColumns, newCard } from '../domain/fsrs';
import { notFound } from '../lib/errors';
import { conceptCardsOf, conceptStudyStateStatement } from './concept-study-state';
import { findFlashcard, type FlashcardRow } from '../db/queries/flashcards';

/** 1 when concept ?1 has a recall score from a study method (it counts as one item of its mastery). */
const HAS_RECALL = 'EXISTS (SELECT 1 FROM study_method_results WHERE concept_id = ?1 AND recall_score IS NOT NULL)';

export interface FlashcardText {
  question: string;
  answer: string;
  tags: string[];
}

/**
 * Adds a new card (never answered, due at once) to one of the person's concepts, and
 * moves the concept's next review to now and scales its mastery in the same batch.
 */
export async function createFlashcard(d1: D1Database, props: FlashcardText & { userId: number; conceptId: number; now: number }) {
  const { userId, conceptId, now } = props;
  const concept = await d1.prepare('SELECT id, title FROM concepts WHERE id = ? AND user_id = ?').bind(conceptId, userId).first<{ id: number; title: string }>();
  if (!concept) throw notFound('Concept');
  const card = newCard(now);
  const [inserted] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO flashcards (user_id, concept_id, question, answer, tags, due, stability, difficulty, elapsed_days,
           scheduled_days, learning_steps, reps, lapses, state, last_review, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      )
      .bind(userId, conceptId, props.question, props.answer, JSON.stringify(props.tags), card.due, card.stability, card.difficulty,
        card.elapsedDays, card.scheduledDays, card.learningSteps, card.reps, card.lapses, card.state, card.lastReview, now, now),
    // The new card counts 0 in the concept's mastery (a mean over all its cards and its latest
    // recall score, if any): n items → n + 1.
    d1
      .prepare(
        `UPDATE concepts SET next_review_at = (SELECT MIN(due) FROM flashcards WHERE concept_id = ?1),
           mastery_level = mastery_level * ((SELECT COUNT(*) FROM flashcards WHERE concept_id = ?1) - 1 + ${HAS_RECALL})
             / ((SELECT COUNT(*) FROM flashcards WHERE concept_id = ?1) + ${HAS_RECALL})
         WHERE id = ?1 AND user_id = ?2`,
      )
      .bind(conceptId, userId),
  ]);
  const id = (inserted!.results[0] as { id: number }).id;
  const row: FlashcardRow = {
    id,
    concept_id: conceptId,
    concept_title: concept.title,
    question: props.question,
    answer: props.answer,
    tags: JSON.stringify(props.tags),
    ...cardColumns(card),
    suspended: 0,
    buried_until: null,
    created_at: now,
    updated_at: now,
  };
  return row;
}

/** Changes a card's text and tags; its memory state is kept. */
export async function updateFlashcard(d1: D1Database, props: FlashcardText & { userId: number; id: number; now: number }) {
  const result = await d1
    // A card whose text is rewritten here no longer says what its Anki note says: it drops
    // that identity, so an export carries what the person wrote (as a note of its own).
    .prepare(
      `UPDATE flashcards SET anki_note = CASE WHEN question = ?1 AND answer = ?2 THEN anki_note END,
       question = ?1, answer = ?2, tags = ?3, updated_at = ?4 WHERE id = ?5 AND user_id = ?6`,
    )
    .bind(props.question, props.answer, JSON.stringify(props.tags), props.now, props.id, props.userId)
    .run();
  // meta.changes also counts the search index trigger's writes (migration 0012), hence "none" not "one".
  if (result.meta.changes === 0) throw notFound('Carte');
  return (await findFlashcard(d1, props.userId, props.id))!;
}

/**
 * Deletes a card with its review logs (cascade). Sessions still running lose the card
 * from their count; ended sessions keep their figures. The concept's mastery and next
 * review are recomputed without the card, in the same batch.
 */
export async function deleteFlashcard(d1: D1Database, props: { userId: number; id: number; now: number }) {
  const { userId, id, now } = props;
  const [row, siblings] = await Promise.all([findFlashcard(d1, userId, id), conceptCardsOf(d1, userId, id)]);
  if (!row) throw notFound('Carte');
  await d1.batch([
    d1
      .prepare(
        `UPDATE study_sessions SET
           total_cards = total_cards - 1,
           cards_reviewed = cards_reviewed - (SELECT rating IS NOT NULL FROM study_session_cards s WHERE s.session_id = study_sessions.id AND s.flashcard_id = ?1),
           rating_sum = rating_sum - (SELECT COALESCE(rating, 0) FROM study_session_cards s WHERE s.session_id = study_sessions.id AND s.flashcard_id = ?1)
         WHERE user_id = ?2 AND ended_at IS NULL AND id IN (SELECT session_id FROM study_session_cards WHERE flashcard_id = ?1)`,
      )
      .bind(id, userId),
    d1.prepare('DELETE FROM flashcards WHERE id = ? AND user_id = ?').bind(id, userId),
    conceptStudyStateStatement(d1, userId, row.concept_id, siblings.cards.filter((s) => s.id !== id), now, siblings.params, siblings.observation),
  ]);
}
