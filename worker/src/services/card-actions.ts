/**
 * Suspend, unsuspend, bury, unbury, reschedule and forget a card by hand, and undo the
 * latest of them. Each is one batch: a guard that the card is still as read, the card's
 * new state, the action with the card as it was before, and the concept's mastery and next
 * review. Undo restores that earlier state while the card is still as the action left it
 * (an answer or an edit since then makes it refuse).
 *
 * `uploadCardActions`: cards suspended or buried in a study session run offline, uploaded
 * with its answers (POST /api/flashcards/reviews) after them, by the replay rule of
 * domain/action-replay.ts: each action once (its client id is kept), in the time it was done.
 */
import { cardAfterAction, type CardAction, type HeldCard } from '../domain/card-actions';
import { addDays, studyDayBounds, studyDayStart } from '../domain/study-day';
import { ApiError, notFound } from '../lib/errors';
import { isGuardFailure } from '../db/queries/guard';
import { storedCardOf } from '../domain/fsrs';
import { findFlashcardStatement, reviewConflict, withCard, type FlashcardRow } from '../db/queries/flashcards';
import { flashcardsByIdsStatement } from '../db/queries/review-logs';
import { actionReplayOrder, replayActions, type QueuedAction } from '../domain/action-replay';
import {
  appliedActionUidsStatement,
  cardUnchangedGuard,
  undoActionStatements,
  insertActionStatement,
  latestActionStatement,
  rewindActionStatement,
  writeHeldCardStatement,
} from '../db/queries/flashcard-actions';
import { conceptCardsStatement, type ConceptCardRow } from '../db/queries/mastery';
import { readBatch } from '../db/rows';
import { conceptObservation, conceptParams, conceptStudyStateStatement, siblingCards } from './concept-study-state';

export interface CardActionProps {
  userId: number;
  flashcardId: number;
  action: CardAction;
  /** For 'reschedule': due that many study days from today (0: today). */
  days?: number;
  zone: string;
  now: number;
}

const heldOf = (row: FlashcardRow): HeldCard => ({ card: storedCardOf(row), suspended: row.suspended, buriedUntil: row.buried_until, tags: row.tags });

/** The card, its concept's cards and its latest action (for undo), in one round trip. */
async function readCard(d1: D1Database, userId: number, flashcardId: number) {
  const [[row], conceptRows, [lastAction]] = await readBatch(d1, [
    findFlashcardStatement(d1, userId, flashcardId),
    conceptCardsStatement(d1, userId, flashcardId),
    latestActionStatement(d1, userId, flashcardId),
  ]);
  if (!row) throw notFound('Flashcard');
  return { row, conceptRows, lastAction };
}

/** Writes `after` over the card read as `row` (refused with 409 if it changed meanwhile), with `statements` in the same batch. */
async function writeHeld(d1: D1Database, userId: number, row: FlashcardRow, conceptRows: ConceptCardRow[], after: HeldCard, now: number, statements: D1PreparedStatement[]) {
  const cards = siblingCards(conceptRows).map((s) => (s.id === row.id ? { ...after.card, id: s.id, lastRating: s.lastRating } : s));
  try {
    await d1.batch([
      cardUnchangedGuard(d1, userId, row.id, row.updated_at),
      writeHeldCardStatement(d1, userId, row.id, after, now),
      ...statements,
      conceptStudyStateStatement(d1, userId, row.concept_id, cards, now, conceptParams(conceptRows), conceptObservation(conceptRows)),
    ]);
  } catch (err) {
    if (isGuardFailure(err)) throw reviewConflict();
    throw err;
  }
  return withCard({ ...row, suspended: after.suspended, buried_until: after.buriedUntil, tags: after.tags }, after.card, now);
}

export async function applyCardAction(d1: D1Database, props: CardActionProps) {
  const { userId, flashcardId, action, zone, now } = props;
  const { row, conceptRows } = await readCard(d1, userId, flashcardId);
  const today = studyDayBounds(now, zone);
  const dueAt = props.days === undefined || props.days === 0 ? now : studyDayStart(addDays(today.key, props.days), zone);
  const before = heldOf(row);
  const after = cardAfterAction(before, action, { now, dayEnd: today.end, dueAt });
  return writeHeld(d1, userId, row, conceptRows, after, now, [insertActionStatement(d1, userId, flashcardId, action, before, now)]);
}

const nothingToUndo = () => new ApiError(404, 'nothing_to_undo', 'Aucune action à annuler pour cette carte.');
const cardChanged = () => new ApiError(409, 'card_changed', 'Cette carte a changé depuis cette action : elle ne peut plus être annulée.');

/** Takes back the card's latest action, while the card is still as that action left it. */
export async function undoCardAction(d1: D1Database, props: { userId: number; flashcardId: number; now: number }) {
  const { userId, flashcardId, now } = props;
  const { row, conceptRows, lastAction: last } = await readCard(d1, userId, flashcardId);
  if (!last) throw nothingToUndo();
  if (row.updated_at !== last.doneAt) throw cardChanged();
  const before = JSON.parse(last.card_before) as HeldCard;
  const statements = [...undoActionStatements(d1, userId, last.id, now), rewindActionStatement(d1, userId, flashcardId, last.id, now)];
  return { action: last.action as CardAction, flashcard: await writeHeld(d1, userId, row, conceptRows, before, now, statements) };
}

export interface UploadCardActionsProps {
  userId: number;
  actions: QueuedAction[];
  zone: string;
  now: number;
}

/** 404 unless every card named is the person's (read before an upload writes anything). */
export async function checkCardsOwned(d1: D1Database, userId: number, cardIds: readonly number[]) {
  const ids = [...new Set(cardIds)];
  if (!ids.length) return;
  const [rows] = await readBatch(d1, [flashcardsByIdsStatement(d1, userId, ids)]);
  if (rows.length !== ids.length) throw notFound('Flashcard');
}

/**
 * Applies the actions done offline that were not applied yet, in one batch guarded by each
 * card's `updated_at` (a card changed meanwhile: 409, nothing written, and the device sends
 * again). Each applied action is logged with its client id and the card as it was, so undo
 * takes it back as it would one done online. Suspending and burying leave the card's memory
 * as it is, so the concept's mastery and next review need no new reckoning.
 */
export async function uploadCardActions(d1: D1Database, props: UploadCardActionsProps) {
  const { userId, actions, zone, now } = props;
  const cardIds = [...new Set(actions.map((a) => a.flashcardId))];
  const [rows, known] = await readBatch(d1, [flashcardsByIdsStatement(d1, userId, cardIds), appliedActionUidsStatement(d1, userId, actions.map((a) => a.clientId))]);
  if (rows.length !== cardIds.length) throw notFound('Flashcard');
  const fresh = actionReplayOrder(actions, new Set(known.map((r) => r.uid)));
  const skipped = actions.filter((a) => !fresh.includes(a)).map((a) => a.clientId);
  if (!fresh.length) return { accepted: [] as string[], skipped, flashcards: rows };

  const dayEndOf = (at: number) => studyDayBounds(at, zone).end;
  const writes: D1PreparedStatement[] = [];
  const results = new Map<number, FlashcardRow>();
  for (const row of rows) {
    const own = fresh.filter((a) => a.flashcardId === row.id);
    if (!own.length) continue;
    const { card: after, replayed } = replayActions(heldOf(row), own, dayEndOf, now);
    writes.push(cardUnchangedGuard(d1, userId, row.id, row.updated_at), writeHeldCardStatement(d1, userId, row.id, after, now));
    for (const step of replayed) writes.push(insertActionStatement(d1, userId, row.id, step.action.action, step.before, now, step.action.clientId));
    results.set(row.id, withCard({ ...row, suspended: after.suspended, buried_until: after.buriedUntil }, after.card, now));
  }
  try {
    await d1.batch(writes);
  } catch (err) {
    if (isGuardFailure(err)) throw reviewConflict();
    throw err;
  }
  return { accepted: fresh.map((a) => a.clientId), skipped, flashcards: rows.map((row) => results.get(row.id) ?? row) };
}
