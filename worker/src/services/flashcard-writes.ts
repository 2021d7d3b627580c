import { cardColumns, newCard } from '../domain/fsrs';
import { notFound } from '../lib/errors';
import { conceptCardsOf, conceptStudyStateStatement } from './concept-study-state';
import { conceptTitleById } from '../db/queries/concepts';
import * as sql from '../db/queries/flashcards';
import { firstRow, readBatch } from '../db/rows';

export interface FlashcardText {
  question: string;
  answer: string;
  tags: string[];
  /** Each side's speech language; null: guessed from the text; undefined: unchanged (on a new card: guessed). */
  question_lang?: string | null;
  answer_lang?: string | null;
  /** The answer is typed in review; undefined: unchanged (on a new card: not typed). */
  type_answer?: boolean;
}

const cardText = (props: FlashcardText): sql.CardText => ({
  question: props.question,
  answer: props.answer,
  tags: JSON.stringify(props.tags),
  question_lang: props.question_lang,
  answer_lang: props.answer_lang,
  type_answer: props.type_answer,
});

/**
 * Adds a new card (never answered, due at once) to one of the person's concepts, and
 * moves the concept's next review to now and scales its mastery in the same batch.
 */
export async function createFlashcard(d1: D1Database, props: FlashcardText & { userId: number; conceptId: number; now: number }) {
  const { userId, conceptId, now } = props;
  const concept = await firstRow(conceptTitleById(d1, userId, conceptId));
  if (!concept) throw notFound('Concept');
  const card = newCard(now);
  const text = cardText(props);
  const [[inserted]] = await readBatch(d1, [sql.insertFlashcard(d1, userId, conceptId, text, card, now), sql.conceptAfterNewCard(d1, userId, conceptId)]);
  const id = inserted!.id;
  const row: sql.FlashcardRow = {
    id,
    concept_id: conceptId,
    concept_title: concept.title,
    question: text.question,
    answer: text.answer,
    tags: text.tags,
    ...cardColumns(card),
    suspended: 0,
    buried_until: null,
    question_lang: text.question_lang ?? null,
    answer_lang: text.answer_lang ?? null,
    type_answer: text.type_answer ? 1 : 0,
    created_at: now,
    updated_at: now,
  };
  return row;
}

/** Changes a card's text and tags; its memory state is kept. */
export async function updateFlashcard(d1: D1Database, props: FlashcardText & { userId: number; id: number; now: number }) {
  const result = await sql.updateFlashcardText(d1, props.userId, props.id, cardText(props), props.now).run();
  // meta.changes also counts the search index trigger's writes (migration 0012), hence "none" not "one".
  if (result.meta.changes === 0) throw notFound('Carte');
  return (await sql.findFlashcard(d1, props.userId, props.id))!;
}

/**
 * Deletes a card with its review logs (cascade). Sessions still running lose the card
 * from their count; ended sessions keep their figures. The concept's mastery and next
 * review are recomputed without the card, in the same batch.
 */
export async function deleteFlashcard(d1: D1Database, props: { userId: number; id: number; now: number }) {
  const { userId, id, now } = props;
  const [row, siblings] = await Promise.all([sql.findFlashcard(d1, userId, id), conceptCardsOf(d1, userId, id)]);
  if (!row) throw notFound('Carte');
  await d1.batch([
    sql.leaveRunningSessions(d1, userId, id),
    sql.deleteFlashcard(d1, userId, id),
    conceptStudyStateStatement(d1, userId, row.concept_id, siblings.cards.filter((s) => s.id !== id), now, siblings.params, siblings.observation),
  ]);
}
