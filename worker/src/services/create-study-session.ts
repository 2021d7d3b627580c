import { ApiError, notFound } from '../lib/errors';
import { SESSION_COLUMNS, type StudySessionRow } from './study-session-progress';

export const EMPTY_SELECTION = 'Veuillez sélectionner au moins un concept ou une constellation contenant des concepts.';
export const NOTHING_DUE = 'Aucune carte due pour révision trouvée !';
export const NO_CARDS = 'Aucune flashcard dans les concepts sélectionnés.';
/** A due-review session takes at most this many cards (spec document 2 §9). */
export const DUE_SESSION_CARDS = 50;

export interface CreateSessionProps {
  userId: number;
  methodType: string;
  conceptIds?: number[] | null;
  constellationId?: number | null;
  dueOnly?: boolean | null;
  now: number;
}

/** The person's concepts among `ids`, or 404 if any is missing or someone else's. */
async function ownConcepts(d1: D1Database, userId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await d1
    .prepare('SELECT id FROM concepts WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))')
    .bind(userId, JSON.stringify(unique))
    .all<{ id: number }>();
  if (found.results.length !== unique.length) throw notFound('Concept');
  return unique;
}

async function constellationConcepts(d1: D1Database, userId: number, constellationId: number) {
  const [owner, members] = await d1.batch<{ id: number }>([
    d1.prepare('SELECT id FROM constellations WHERE id = ? AND user_id = ?').bind(constellationId, userId),
    d1.prepare('SELECT concept_id AS id FROM constellation_concepts WHERE constellation_id = ?').bind(constellationId),
  ]);
  if (!owner!.results.length) throw notFound('Constellation');
  return members!.results.map((r) => r.id);
}

/**
 * Card order of a session over chosen concepts: cards already studied and due now, most
 * overdue first; then new cards in the order they were written; then the cards not yet
 * due, soonest first. Ties fall back to the card id, so the order is stable.
 */
function conceptCards(d1: D1Database, userId: number, conceptIds: number[], now: number) {
  return d1
    .prepare(
      `SELECT id FROM flashcards WHERE concept_id IN (SELECT value FROM json_each(?2)) AND +user_id = ?1
       ORDER BY CASE WHEN state != 0 AND due <= ?3 THEN 0 WHEN state = 0 THEN 1 ELSE 2 END,
                CASE WHEN state = 0 THEN id ELSE due END, id`,
    )
    .bind(userId, JSON.stringify(conceptIds), now)
    .all<{ id: number }>();
}

/** A due-review session: cards due now (new ones included), most overdue first. */
function dueCards(d1: D1Database, userId: number, now: number) {
  return d1.prepare('SELECT id FROM flashcards WHERE user_id = ? AND due <= ? ORDER BY due, id LIMIT ?').bind(userId, now, DUE_SESSION_CARDS).all<{ id: number }>();
}

/** Which concepts and cards a session covers; FLASHCARDS with no selection means "all due cards". */
async function selectCards(d1: D1Database, props: CreateSessionProps): Promise<{ scope: string; cardIds: number[] }> {
  const { userId, now } = props;
  const hasConcepts = props.conceptIds !== undefined && props.conceptIds !== null;
  const hasConstellation = typeof props.constellationId === 'number';
  if (props.dueOnly || (props.methodType === 'FLASHCARDS' && !hasConcepts && !hasConstellation)) {
    const cards = await dueCards(d1, userId, now);
    if (!cards.results.length) throw new ApiError(422, 'nothing_due', NOTHING_DUE);
    return { scope: 'due', cardIds: cards.results.map((c) => c.id) };
  }
  const conceptIds = new Set<number>();
  if (hasConcepts) for (const id of await ownConcepts(d1, userId, props.conceptIds!)) conceptIds.add(id);
  if (hasConstellation) for (const id of await constellationConcepts(d1, userId, props.constellationId!)) conceptIds.add(id);
  if (conceptIds.size === 0) throw new ApiError(422, 'empty_selection', EMPTY_SELECTION);
  const cards = await conceptCards(d1, userId, [...conceptIds], now);
  if (props.methodType === 'FLASHCARDS' && !cards.results.length) throw new ApiError(422, 'no_flashcards', NO_CARDS);
  return { scope: hasConstellation && !hasConcepts ? 'constellation' : 'concepts', cardIds: cards.results.map((c) => c.id) };
}

/** Creates the session and its ordered cards in one batch; returns the new session. */
export async function createStudySession(d1: D1Database, props: CreateSessionProps): Promise<StudySessionRow> {
  const { userId, now } = props;
  const { scope, cardIds } = await selectCards(d1, props);
  const statements = [
    d1
      .prepare('INSERT INTO study_sessions (user_id, method_type, scope, total_cards, started_at) VALUES (?, ?, ?, ?, ?)')
      .bind(userId, props.methodType, scope, cardIds.length, now),
    // The session just inserted in this same transaction is the person's newest one; the
    // cards travel as one JSON array of [card id, position] so no parameter limit applies.
    d1
      .prepare(
        `INSERT INTO study_session_cards (session_id, flashcard_id, position)
         SELECT (SELECT MAX(id) FROM study_sessions WHERE user_id = ?), value ->> '$[0]', value ->> '$[1]' FROM json_each(?)`,
      )
      .bind(userId, JSON.stringify(cardIds.map((id, i) => [id, i]))),
    d1.prepare(`SELECT ${SESSION_COLUMNS} FROM study_sessions WHERE id = (SELECT MAX(id) FROM study_sessions WHERE user_id = ?)`).bind(userId),
  ];
  const results = await d1.batch(statements);
  return results.at(-1)!.results[0] as StudySessionRow;
}
