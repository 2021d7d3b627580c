import { cardColumns, newCard, type StoredCard } from '../domain/fsrs';
import { occlusionCardText, type CardOcclusion, type OcclusionMode, type OcclusionShape } from '../domain/image-occlusion';
import { notFound } from '../lib/errors';
import { userFileKey } from '../lib/r2-keys';
import { conceptCardsOf, conceptStudyStateStatement } from './concept-study-state';
import { conceptTitleById } from '../db/queries/concepts';
import * as sql from '../db/queries/flashcards';
import { firstRow, runBatch } from '../db/rows';

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

/** The row of a card just inserted: never answered, due at once. */
function newCardRow(id: number, concept: { id: number; title: string }, text: sql.CardText, card: StoredCard, now: number): sql.FlashcardRow {
  return {
    id,
    concept_id: concept.id,
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
    occlusion: text.occlusion ?? null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Adds new cards (never answered, due at once) to one of the person's concepts, and
 * moves the concept's next review to now and scales its mastery in the same batch.
 */
async function insertCards(d1: D1Database, userId: number, conceptId: number, texts: sql.CardText[], now: number) {
  const concept = await firstRow(conceptTitleById(d1, userId, conceptId));
  if (!concept) throw notFound('Concept');
  const card = newCard(now);
  const inserts = texts.map((text) => sql.insertFlashcard(d1, userId, conceptId, text, card, now));
  const read = await runBatch(d1, [...inserts, sql.conceptAfterNewCard(d1, userId, conceptId, texts.length)]);
  return texts.map((text, i) => newCardRow(read(inserts[i]!)[0]!.id, { id: conceptId, title: concept.title }, text, card, now));
}

/** Adds a new card to one of the person's concepts. */
export async function createFlashcard(d1: D1Database, props: FlashcardText & { userId: number; conceptId: number; now: number }) {
  const [row] = await insertCards(d1, props.userId, props.conceptId, [cardText(props)], props.now);
  return row!;
}

/**
 * Adds one image-occlusion card per shape to one of the person's concepts, all in one
 * batch. The image must be one of the person's own uploads: another person's address, or
 * one whose file is gone, is a 404 and nothing is added.
 */
export async function createOcclusionCards(
  d1: D1Database,
  bucket: R2Bucket,
  props: { userId: number; conceptId: number; image: string; shapes: OcclusionShape[]; mode: OcclusionMode; header: string; tags: string[]; now: number },
) {
  const [owner, uuid] = props.image.split('/').slice(-2);
  if (Number(owner) !== props.userId || !(await bucket.head(userFileKey(props.userId, uuid!)))) throw notFound('Image');
  const tags = JSON.stringify(props.tags);
  // Each shape keeps its cloze number and the cards their group: the Anki export makes them one note.
  const shapes = props.shapes.map((shape, i) => ({ ...shape, kind: shape.kind ?? 'rect', ordinal: i + 1 }));
  const group = crypto.randomUUID();
  const texts = shapes.map((_, target): sql.CardText => {
    const occlusion: CardOcclusion = { image: props.image, shapes, target, mode: props.mode, group };
    return { ...occlusionCardText(shapes, target, props.header), tags, occlusion: JSON.stringify(occlusion) };
  });
  return insertCards(d1, props.userId, props.conceptId, texts, props.now);
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
