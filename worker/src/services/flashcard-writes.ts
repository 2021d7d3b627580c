import { cardColumns, newCard, type StoredCard } from '../domain/fsrs';
import { editedShapes, occlusionCardText, occlusionGroupCards, parseCardOcclusion, type CardOcclusion, type OcclusionMode, type OcclusionShape } from '../domain/image-occlusion';
import { ApiError, notFound } from '../lib/errors';
import { allRows, readBatch } from '../db/rows';
import type { SiblingCard } from './concept-study-state';
import { userFileKey } from '../lib/r2-keys';
import { conceptCardsOf, conceptStudyStateStatement } from './concept-study-state';
import { conceptTitleById } from '../db/queries/concepts';
import * as sql from '../db/queries/flashcards';
import { firstRow, rowsRead } from '../db/rows';
import { graphBatch } from './graph-cache';

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
  const results = await graphBatch(d1, userId, [...inserts, sql.conceptAfterNewCard(d1, userId, conceptId, texts.length)], () => [conceptId]);
  return texts.map((text, i) => newCardRow(rowsRead(inserts[i]!, results[i]!)[0]!.id, { id: conceptId, title: concept.title }, text, card, now));
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
  const cards = occlusionGroupCards({ ...props, group: crypto.randomUUID() });
  const texts = cards.map(({ occlusion, ...text }): sql.CardText => ({ ...text, tags, occlusion: JSON.stringify(occlusion) }));
  return insertCards(d1, props.userId, props.conceptId, texts, props.now);
}

const STALE_OCCLUSION = 'Ces zones ont été modifiées ailleurs entre-temps : rouvrez l’image pour repartir de leur dernière version.';

/**
 * Saves an edit of the zones of an image-occlusion card's group (the cards drawn over the
 * image together) in one batch: a shape naming one of the group's cloze numbers keeps that
 * card (its history and schedule) with its new place, label and text; a shape without one
 * makes a new card; the group's cards whose shape is gone are deleted. The edit names the
 * version it was made from: over a newer one it is refused (409 `stale_occlusion`, with the
 * current shapes — also when the newer one lands between the read and the batch, as long as
 * this card is still in it) and nothing changes.
 */
export async function editOcclusionCards(
  d1: D1Database,
  props: { userId: number; id: number; version: number; shapes: OcclusionShape[]; mode: OcclusionMode; header: string; now: number },
) {
  const { userId, now } = props;
  const card = await sql.findFlashcard(d1, userId, props.id);
  const current = card && parseCardOcclusion(card.occlusion);
  if (!card || !current) throw notFound('Carte');
  const sameGroup = (o: CardOcclusion) =>
    current.group ? o.group === current.group : !o.group && o.image === current.image && o.mode === current.mode && JSON.stringify(o.shapes) === JSON.stringify(current.shapes);
  const group = (await allRows(sql.occlusionCardsOfConcept(d1, userId, card.concept_id))).flatMap((row) => {
    const occlusion = parseCardOcclusion(row.occlusion);
    return occlusion && sameGroup(occlusion) ? [{ id: row.id, tags: row.tags, occlusion }] : [];
  });
  const version = current.version ?? 0;
  if (props.version !== version) throw new ApiError(409, 'stale_occlusion', STALE_OCCLUSION, { occlusion: current });
  const shapes = editedShapes(current.shapes, props.shapes);
  if (!shapes) throw new ApiError(422, 'unknown_shape', 'Une zone modifiée n’appartient pas à cette image : rouvrez l’image et recommencez.');
  const cardOf = new Map(group.map((c) => [c.occlusion.shapes[c.occlusion.target]!.ordinal!, c]));
  const at = { group: current.group ?? '', version };
  const next = { image: current.image, mode: props.mode, group: current.group ?? crypto.randomUUID(), version: version + 1 };
  const kept = new Set(shapes.flatMap((s) => (cardOf.has(s.ordinal!) ? [cardOf.get(s.ordinal!)!.id] : [])));
  const removed = group.filter((c) => !kept.has(c.id));
  const fresh = newCard(now);
  const tags = group[0]?.tags ?? '[]';
  const texts = shapes.map((_, target) => ({ ...occlusionCardText(shapes, target, props.header), occlusion: JSON.stringify({ ...next, shapes, target }) }));
  const inserts = shapes.flatMap((s, target) => (cardOf.has(s.ordinal!) ? [] : [sql.insertOcclusionCardAt(d1, userId, card.concept_id, { ...texts[target]!, tags }, fresh, now, at)]));
  const updates = shapes.flatMap((s, target) => {
    const kept = cardOf.get(s.ordinal!);
    return kept ? [sql.updateOcclusionCardAt(d1, userId, kept.id, texts[target]!, now, at)] : [];
  });
  // The concept's figures as they will be: the kept cards as they are, the new ones new.
  const { cards: siblings, params, observation } = await conceptCardsOf(d1, userId, props.id);
  const after: SiblingCard[] = [
    ...siblings.filter((s) => !removed.some((r) => r.id === s.id)),
    ...inserts.map((_, i) => ({ id: -1 - i, state: fresh.state, stability: fresh.stability, lastReview: fresh.lastReview, due: fresh.due, lastRating: null })),
  ];
  const results = await d1.batch([
    ...inserts,
    ...removed.flatMap((r) => [sql.leaveRunningSessionsAt(d1, userId, r.id, at), sql.deleteOcclusionCardAt(d1, userId, r.id, at)]),
    ...updates,
    conceptStudyStateStatement(d1, userId, card.concept_id, after, now, params, observation),
  ]);
  // Another edit landed between the read and the batch: the version checks wrote nothing.
  const check = updates.length ? results[results.length - 2]! : results[0]!;
  if (check.meta.changes === 0) {
    // The newer zones, when this card is still one of them, so the editor can offer them.
    const newer = parseCardOcclusion((await sql.findFlashcard(d1, userId, props.id))?.occlusion ?? null);
    throw new ApiError(409, 'stale_occlusion', STALE_OCCLUSION, newer ? { occlusion: newer } : undefined);
  }
  const ids = (await allRows(sql.occlusionCardsOfConcept(d1, userId, card.concept_id))).filter((row) => parseCardOcclusion(row.occlusion)?.group === next.group).map((row) => row.id);
  const rows = await readBatch(d1, ids.map((id) => sql.findFlashcardStatement(d1, userId, id)));
  return rows.flatMap((r) => r[0] ?? []);
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
