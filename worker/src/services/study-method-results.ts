/**
 * The results of the study methods other than flashcards. A story per write:
 * load the session's concept (404 when it is not the person's or not in the session),
 * decide in the domain (recall scoring, cloze cards), write in one batch, present.
 *
 * Blurting: the Worker recomputes the comparison from the text it stores, so a stored
 * score always matches its text; the score enters the concept's mastery as an observation
 * (domain/mastery-level.ts) in the same batch.
 */
import { CLOZE_BLANK } from '../domain/cloze';
import { keyItemsOf } from '../domain/flashcard-generator';
import { newCard } from '../domain/fsrs';
import type { RecallObservation } from '../domain/mastery-level';
import { scoreRecall, type ItemRecall } from '../domain/recall-score';
import { allRows, firstRow, readBatch } from '../db/rows';
import { ApiError, notFound } from '../lib/errors';
import {
  addCardsCreatedStatement,
  adoptConceptCardsStatements,
  sessionConceptRatingsStatement,
  conceptMasteryInputsStatement,
  isCardRow,
  findResultByIdStatement,
  findResultStatement,
  insertNewCardsStatement,
  sessionConceptStatement,
  upsertResultStatement,
  type SessionConceptDetail,
  type StudyMethodResultRow,
} from '../db/queries/study-method-results';
import { conceptObservation, conceptParams, conceptStudyStateStatement, siblingCards } from './concept-study-state';

export const SESSION_ENDED = 'Cette session est terminée : ses résultats ne changent plus.';
export const NOTHING_MISSED = 'Aucun élément oublié à transformer en carte.';
/** Which methods a session records: its own, or a Composite session's chosen steps. */
const stepsOf = (row: Pick<SessionConceptDetail, 'method_type' | 'steps'>): readonly string[] =>
  row.method_type === 'COMPOSITE' ? (JSON.parse(row.steps ?? '[]') as string[]) : [row.method_type];

export interface BlurtingDetails {
  text: string;
  items: ItemRecall[];
}

/** Feynman: the explanation, and the gaps the person marked to revisit. Its feedback is recomputed where it is shown. */
export interface FeynmanDetails {
  text: string;
  gaps: string[];
}

/** Cornell review: each cue of the sheet and how the person rated their recall of its notes (1–4). */
export interface CornellDetails {
  ratings: { cue: string; rating: number }[];
}

/** A Composite session's Flashcards step: how the person rated each of the concept's cards in the session (those not reached are left out). */
export interface FlashcardsDetails {
  cards: number;
  ratings: { flashcard_id: number; question: string; rating: number }[];
}

/** What a result's `details` holds, per method. */
export type MethodDetails = BlurtingDetails | FeynmanDetails | CornellDetails | FlashcardsDetails;

/** The session's concept, or 404; refuses a step the session's method does not take, or an ended session. */
export async function sessionConcept(d1: D1Database, userId: number, sessionId: number, conceptId: number, step: string): Promise<SessionConceptDetail> {
  const row = await firstRow(sessionConceptStatement(d1, userId, sessionId, conceptId));
  if (!row) throw notFound('Concept de cette session');
  if (!stepsOf(row).includes(step)) throw new ApiError(422, 'wrong_method', `Cette session (${row.method_type}) ne comporte pas d'étape ${step}.`);
  if (row.ended_at !== null) throw new ApiError(409, 'session_ended', SESSION_ENDED);
  return row;
}

/**
 * The UPDATE of the concept's mastery (its cards as they stand, plus `extraNewCards` about to
 * be added) with a new recall observation, or its latest one when `observation` is null.
 */
export async function masteryWithObservation(d1: D1Database, userId: number, conceptId: number, observation: RecallObservation | null, now: number, extraNewCards = 0) {
  const rows = await allRows(conceptMasteryInputsStatement(d1, userId, conceptId));
  const cards = [...siblingCards(rows.filter(isCardRow)), ...Array.from({ length: extraNewCards }, (_, i) => ({ ...newCard(now), id: -1 - i, lastRating: null }))];
  return conceptStudyStateStatement(d1, userId, conceptId, cards, now, conceptParams(rows), observation ?? conceptObservation(rows));
}

/** Saves what the person wrote from memory about the concept, compared with its key items. */
export async function saveBlurting(d1: D1Database, props: { userId: number; sessionId: number; conceptId: number; text: string; durationMs: number; now: number }) {
  const { userId, sessionId, conceptId, now } = props;
  const concept = await sessionConcept(d1, userId, sessionId, conceptId, 'BLURTING');
  const { items, score } = scoreRecall(keyItemsOf(concept.content ?? ''), props.text);
  const details: BlurtingDetails = { text: props.text, items };
  const write = upsertResultStatement(d1, { userId, sessionId, conceptId, methodType: 'BLURTING', recallScore: score, details, durationMs: props.durationMs, now });
  const mastery = score === null ? [] : [await masteryWithObservation(d1, userId, conceptId, { score, at: now }, now)];
  await d1.batch([write, ...mastery]);
  return (await firstRow(findResultStatement(d1, userId, sessionId, conceptId, 'BLURTING')))!;
}

/** The cloze card of a missed item: its sentence with the item blanked; null without a sentence to blank. */
export function missedItemCard(item: ItemRecall): { question: string; answer: string } | null {
  if (item.found || !item.sentence || !item.sentence.includes(item.text)) return null;
  return { question: `Complétez : « ${item.sentence.replace(item.text, CLOZE_BLANK)} »`, answer: item.text };
}

/**
 * 'Créer des cartes pour ce que j'ai oublié': a cloze card per missed item of a Blurting
 * result, except those whose question the concept already has (so asking twice adds nothing).
 */
export async function createMissedCards(d1: D1Database, props: { userId: number; sessionId: number; resultId: number; now: number }) {
  const { userId, sessionId, resultId, now } = props;
  const result = await firstRow(findResultByIdStatement(d1, userId, sessionId, resultId));
  if (!result || result.method_type !== 'BLURTING') throw notFound('Résultat de restitution');
  const concept = await sessionConcept(d1, userId, sessionId, result.concept_id, 'BLURTING');
  const existing = new Set((JSON.parse(concept.questions) as string[]).map((q) => q.trim().toLowerCase()));
  const cards: { question: string; answer: string }[] = [];
  for (const item of (JSON.parse(result.details) as BlurtingDetails).items) {
    const card = missedItemCard(item);
    if (!card || existing.has(card.question.toLowerCase())) continue;
    existing.add(card.question.toLowerCase());
    cards.push(card);
  }
  if (!cards.length) return { created: [] as { id: number; question: string; answer: string }[], result };
  const observation = result.recall_score === null ? null : { score: result.recall_score, at: result.updated_at };
  const mastery = observation ? [await masteryWithObservation(d1, userId, result.concept_id, observation, now, cards.length)] : [];
  const [inserted] = await readBatch(d1, [
    insertNewCardsStatement(d1, userId, result.concept_id, cards, newCard(now), now),
    addCardsCreatedStatement(d1, userId, resultId, cards.length),
    ...adoptConceptCardsStatements(d1, userId, sessionId, result.concept_id),
    ...mastery,
  ]);
  const updated = (await firstRow(findResultByIdStatement(d1, userId, sessionId, resultId)))!;
  return { created: inserted, result: updated };
}

/**
 * Saves a Feynman explanation of the concept with the gaps the person marked. The
 * concept's explanations over time are its Feynman results (GET /api/concepts/:id/method-results):
 * the page shows the latest one next time, to be improved.
 */
export async function saveFeynman(d1: D1Database, props: { userId: number; sessionId: number; conceptId: number; text: string; gaps: string[]; durationMs: number; now: number }) {
  const { userId, sessionId, conceptId, now } = props;
  await sessionConcept(d1, userId, sessionId, conceptId, 'FEYNMAN');
  const details: FeynmanDetails = { text: props.text, gaps: props.gaps };
  await upsertResultStatement(d1, { userId, sessionId, conceptId, methodType: 'FEYNMAN', recallScore: null, details, durationMs: props.durationMs, now }).run();
  return (await firstRow(findResultStatement(d1, userId, sessionId, conceptId, 'FEYNMAN')))!;
}

/** The share of a Cornell review's cues the person recalled well ('Bien' or 'Facile'). */
export const cornellRecall = (ratings: readonly { rating: number }[]) => (ratings.length ? ratings.filter((r) => r.rating >= 3).length / ratings.length : null);

/**
 * Saves a Cornell review of the concept's sheet: the person read each cue with the notes
 * hidden, checked themselves and rated. The share recalled well is its recall score, an
 * observation of the concept's mastery as Blurting's is.
 */
export async function saveCornell(d1: D1Database, props: { userId: number; sessionId: number; conceptId: number; ratings: CornellDetails['ratings']; durationMs: number; now: number }) {
  const { userId, sessionId, conceptId, now } = props;
  await sessionConcept(d1, userId, sessionId, conceptId, 'CORNELL');
  const score = cornellRecall(props.ratings);
  const details: CornellDetails = { ratings: props.ratings };
  const write = upsertResultStatement(d1, { userId, sessionId, conceptId, methodType: 'CORNELL', recallScore: score, details, durationMs: props.durationMs, now });
  const mastery = score === null ? [] : [await masteryWithObservation(d1, userId, conceptId, { score, at: now }, now)];
  await d1.batch([write, ...mastery]);
  return (await firstRow(findResultStatement(d1, userId, sessionId, conceptId, 'CORNELL')))!;
}

/**
 * Closes a Composite session's Flashcards step on the concept: its cards were reviewed in the
 * session (each a real FSRS review, which already updated mastery); the step keeps how each was
 * rated, read from the session itself. Its time is the reviews' own, so the step adds none.
 */
export async function saveFlashcardsStep(d1: D1Database, props: { userId: number; sessionId: number; conceptId: number; now: number }) {
  const { userId, sessionId, conceptId, now } = props;
  await sessionConcept(d1, userId, sessionId, conceptId, 'FLASHCARDS');
  const cards = await allRows(sessionConceptRatingsStatement(d1, userId, sessionId, conceptId));
  const ratings = cards.flatMap((c) => (c.rating === null ? [] : [{ flashcard_id: c.flashcard_id, question: c.question, rating: c.rating }]));
  const details: FlashcardsDetails = { cards: cards.length, ratings };
  await upsertResultStatement(d1, { userId, sessionId, conceptId, methodType: 'FLASHCARDS', recallScore: null, details, durationMs: 0, now }).run();
  return (await firstRow(findResultStatement(d1, userId, sessionId, conceptId, 'FLASHCARDS')))!;
}
