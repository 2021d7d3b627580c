import { buildSessionQueue, DEFAULT_NEW_CARDS_PER_DAY, type QueueCard } from '../domain/study-queue';
import { ApiError, notFound } from '../lib/errors';
import { idByUid, newUid } from '../db/queries/new-row';
import { insertSessionConceptsStatement } from '../db/queries/study-method-results';
import { dueCandidateStatements, selectionCardsStatement } from '../db/queries/study-sessions';
import type { Preferences } from '../domain/preferences';
import { SESSION_COLUMNS, type StudySessionRow } from './study-session-progress';

export const EMPTY_SELECTION = 'Veuillez sélectionner au moins un concept ou une constellation contenant des concepts.';
export const NOTHING_DUE = 'Aucune carte due pour révision trouvée !';
export const NO_CARDS = 'Aucune flashcard dans les concepts sélectionnés.';
export const NOTHING_DUE_IN_SELECTION = 'Aucune carte à réviser maintenant dans cette sélection. Vous pouvez réviser en avance.';
/** A due-review session takes at most this many cards (spec document 2 §9). */
export const DUE_SESSION_CARDS = 50;

export interface CreateSessionProps {
  userId: number;
  methodType: string;
  conceptIds?: number[] | null;
  constellationId?: number | null;
  dueOnly?: boolean | null;
  /** 'Réviser en avance': include the selection's cards that are not due yet (after the due ones). */
  reviewAhead?: boolean | null;
  /** The person's daily allowance of new cards (preference new_cards_per_day); default 20. */
  newCardsPerDay?: number;
  /** Start of the person's current study day (ms): new cards first answered since then count against the allowance. */
  dayStart?: number;
  /** Which due cards come first when more are due than a session takes (preference review_order); by due date when not given. */
  reviewOrder?: Preferences['review_order'];
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

/** A due-review session's candidates: the first studied cards in the review order and the oldest new ones. */
async function dueCandidates(d1: D1Database, userId: number, now: number, order: Preferences['review_order'], seed: number) {
  const [studied, fresh] = await d1.batch<QueueCard>(dueCandidateStatements(d1, userId, now, DUE_SESSION_CARDS, order, seed));
  return [...studied!.results, ...fresh!.results];
}

/** New cards introduced (first answered) since the study day began. */
async function newSeenSince(d1: D1Database, userId: number, dayStart: number | undefined) {
  if (dayStart === undefined) return 0;
  const row = await d1
    .prepare("SELECT COUNT(DISTINCT flashcard_id) AS n FROM review_logs WHERE user_id = ? AND reviewed_at >= ? AND card_before ->> '$.state' = 0")
    .bind(userId, dayStart)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * Which concepts and cards a session covers (order and new-card allowance: domain/study-queue.ts);
 * FLASHCARDS with no selection means "all due cards". Cards not yet due come only with reviewAhead.
 */
async function selectCards(d1: D1Database, props: CreateSessionProps): Promise<{ scope: string; cardIds: number[]; conceptIds: number[] }> {
  const { userId, now } = props;
  const hasConcepts = props.conceptIds !== undefined && props.conceptIds !== null;
  const hasConstellation = typeof props.constellationId === 'number';
  const order = props.reviewOrder ?? 'due';
  // The random order holds for the study day.
  const seed = Math.floor((props.dayStart ?? now) / 86_400_000);
  const queueOptions = async () => ({
    newCardsPerDay: props.newCardsPerDay ?? DEFAULT_NEW_CARDS_PER_DAY,
    newSeenToday: await newSeenSince(d1, userId, props.dayStart),
    order,
    seed,
  });
  if (props.dueOnly || (props.methodType === 'FLASHCARDS' && !hasConcepts && !hasConstellation)) {
    const queue = buildSessionQueue(await dueCandidates(d1, userId, now, order, seed), now, { ...(await queueOptions()), limit: DUE_SESSION_CARDS });
    if (!queue.ids.length) throw new ApiError(422, 'nothing_due', NOTHING_DUE);
    return { scope: 'due', cardIds: queue.ids, conceptIds: [] };
  }
  const conceptIds = new Set<number>();
  if (hasConcepts) for (const id of await ownConcepts(d1, userId, props.conceptIds!)) conceptIds.add(id);
  if (hasConstellation) for (const id of await constellationConcepts(d1, userId, props.constellationId!)) conceptIds.add(id);
  if (conceptIds.size === 0) throw new ApiError(422, 'empty_selection', EMPTY_SELECTION);
  const cards = (await selectionCardsStatement(d1, userId, [...conceptIds], now).all<QueueCard>()).results;
  const scope = hasConstellation && !hasConcepts ? 'constellation' : 'concepts';
  // The other methods work on the concepts themselves, in the order chosen.
  if (props.methodType !== 'FLASHCARDS') return { scope, cardIds: buildSessionQueue(cards, now, { ahead: true, newCardsPerDay: Infinity }).ids, conceptIds: [...conceptIds] };
  if (!cards.length) throw new ApiError(422, 'no_flashcards', NO_CARDS);
  const queue = buildSessionQueue(cards, now, { ...(await queueOptions()), ahead: props.reviewAhead ?? false });
  if (!queue.ids.length) throw new ApiError(422, queue.notDue > 0 ? 'nothing_due_review_ahead' : 'nothing_due', queue.notDue > 0 ? NOTHING_DUE_IN_SELECTION : NOTHING_DUE);
  return { scope, cardIds: queue.ids, conceptIds: [] };
}

/** Creates the session and its ordered cards in one batch; returns the new session. */
export async function createStudySession(d1: D1Database, props: CreateSessionProps): Promise<StudySessionRow> {
  const { userId, now } = props;
  const { scope, cardIds, conceptIds } = await selectCards(d1, props);
  const uid = newUid();
  const statements = [
    d1
      .prepare(`INSERT INTO study_sessions (user_id, uid, method_type, scope, total_cards, started_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING ${SESSION_COLUMNS}`)
      .bind(userId, uid, props.methodType, scope, cardIds.length, now),
    // The cards travel as one JSON array of [card id, position] so no parameter limit applies.
    d1
      .prepare(
        `INSERT INTO study_session_cards (session_id, flashcard_id, position)
         SELECT ${idByUid('study_sessions', userId, uid)}, value ->> '$[0]', value ->> '$[1]' FROM json_each(?)`,
      )
      .bind(JSON.stringify(cardIds.map((id, i) => [id, i]))),
    ...(conceptIds.length ? [insertSessionConceptsStatement(d1, idByUid('study_sessions', userId, uid), conceptIds)] : []),
  ];
  const results = await d1.batch(statements);
  return results[0]!.results[0] as StudySessionRow;
}
