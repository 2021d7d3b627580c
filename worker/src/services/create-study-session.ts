import { buildSessionQueue, DEFAULT_NEW_CARDS_PER_DAY } from '../domain/study-queue';
import { ApiError, notFound } from '../lib/errors';
import { ownConceptIds } from '../db/queries/concepts';
import { newUid } from '../db/queries/new-row';
import { constellationSelection, dueCandidateStatements, insertStudySession, newCardsSeenSince, selectionCardsStatement } from '../db/queries/study-sessions';
import { allRows, firstRow, readBatch } from '../db/rows';
import type { Preferences } from '../domain/preferences';
import type { StudySessionRow } from '../db/queries/study-session-progress';

export const EMPTY_SELECTION = 'Veuillez sélectionner au moins un concept ou une constellation contenant des concepts.';
export const NOTHING_DUE = 'Aucune carte due pour révision trouvée !';
export const NO_CARDS = 'Aucune flashcard dans les concepts sélectionnés.';
export const NOTHING_DUE_IN_SELECTION = 'Aucune carte à réviser maintenant dans cette sélection. Vous pouvez réviser en avance.';
/** A due-review session takes at most this many cards (spec document 2 §9). */
export const DUE_SESSION_CARDS = 50;

export interface CreateSessionProps {
  userId: number;
  methodType: string;
  /** A Composite session's steps, in order (validated by the route). */
  steps?: readonly string[] | null;
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
  const found = await allRows(ownConceptIds(d1, userId, unique));
  if (found.length !== unique.length) throw notFound('Concept');
  return unique;
}

async function constellationConcepts(d1: D1Database, userId: number, constellationId: number) {
  const [owner, members] = await readBatch(d1, constellationSelection(d1, userId, constellationId));
  if (!owner.length) throw notFound('Constellation');
  return members.map((r) => r.id);
}

/** A due-review session's candidates: the first studied cards in the review order and the oldest new ones. */
async function dueCandidates(d1: D1Database, userId: number, now: number, order: Preferences['review_order'], seed: number) {
  const [studied, fresh] = await readBatch(d1, dueCandidateStatements(d1, userId, now, DUE_SESSION_CARDS, order, seed));
  return [...studied, ...fresh];
}

/** New cards introduced (first answered) since the study day began. */
async function newSeenSince(d1: D1Database, userId: number, dayStart: number | undefined) {
  if (dayStart === undefined) return 0;
  const row = await firstRow(newCardsSeenSince(d1, userId, dayStart));
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
  const cards = await allRows(selectionCardsStatement(d1, userId, [...conceptIds], now));
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
  const [[session]] = await readBatch(d1, insertStudySession(d1, userId, newUid(), { methodType: props.methodType, scope, cardIds, conceptIds, steps: props.steps ?? null }, now));
  return session!;
}
