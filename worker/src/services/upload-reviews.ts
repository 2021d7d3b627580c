/**
 * Answers given offline, uploaded in one batch. Each answer carries the client
 * id the device gave it and the time it was given. The service reads the batch's cards
 * (all the person's, else 404 and nothing written), the client ids already logged, and
 * each card's log from its earliest new answer on; the domain's replay rule
 * (domain/review-replay.ts) puts every new answer at its time and schedules the card again
 * from there; one batch writes the new log rows, the rescheduled ones, the cards and their
 * concepts' mastery — guarded by each card's `updated_at`, so a card changed meanwhile
 * rolls the whole upload back (409; the device uploads again, and already-logged ids are
 * skipped). Scheduling is the same as one answer's (reviewFlashcard): the person's own
 * retention and FSRS parameters, fuzz seeded by the review, so a replay is reproducible.
 * A card whose newest answer comes from the batch is decided by services/answer-plan.ts, the
 * path of every answer given online: load balancing and easy days, leech marking, siblings
 * buried while that answer's study day lasts, with the effects logged for undo.
 * An answer naming a study session (given offline in a Composite session's Flashcards step)
 * is logged in it when the card is in that person's session, and the session recounted.
 */
import { burySiblingsStatement, markLeechStatement, updateCardStatement, withCard, reviewConflict, type FlashcardRow } from '../db/queries/flashcards';
import { schedulingStatement } from '../db/queries/fsrs-params';
import { abortUnless, isGuardFailure } from '../db/queries/guard';
import {
  flashcardsByIdsStatement,
  insertUploadedReviewStatement,
  loggedUidsStatement,
  logsSinceStatement,
  rescheduleReviewStatement,
  type ReviewLogReplayRow,
} from '../db/queries/review-logs';
import { storedCardOf, type RatingValue, type StoredCard } from '../domain/fsrs';
import { preferencesFromJson } from '../domain/preferences';
import { readBatch } from '../db/rows';
import { replayCard, replayOrder, type LoggedReview, type QueuedReview } from '../domain/review-replay';
import { resolveTimeZone } from '../domain/study-day';
import { notFound } from '../lib/errors';
import { planAnswers, type AnswerPlan } from './answer-plan';
import { conceptCardsStatement } from '../db/queries/mastery';
import { sessionCardFromLogsStatement, sessionMembersStatement, sessionTotalsStatement } from '../db/queries/study-session-progress';
import { conceptObservation, conceptStudyStateStatement, siblingCards, siblingStates, type SiblingCard } from './concept-study-state';
import { schedulingOf } from './review-flashcard';

export interface UploadReviewsProps {
  userId: number;
  reviews: QueuedReview[];
  now: number;
  fuzz?: boolean;
}

const loggedReview = (row: ReviewLogReplayRow): LoggedReview => ({
  id: row.id,
  rating: row.rating as RatingValue,
  reviewedAt: row.reviewed_at,
  cardBefore: JSON.parse(row.card_before) as StoredCard,
});

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** (session, card) pairs, each once. */
const distinctPairs = (pairs: (readonly [number, number])[]) => [...new Map(pairs.map((p) => [p.join(':'), p])).values()];

export async function uploadReviews(d1: D1Database, props: UploadReviewsProps) {
  const { userId, now } = props;
  const cardIds = [...new Set(props.reviews.map((r) => r.flashcardId))];
  const askedSessions = distinctPairs(props.reviews.flatMap((r) => (r.sessionId ? [[r.sessionId, r.flashcardId] as const] : [])));
  const [cardRows, known, [schedulingRow], members] = await readBatch(d1, [
    flashcardsByIdsStatement(d1, userId, cardIds),
    loggedUidsStatement(d1, userId, props.reviews.map((r) => r.clientId)),
    schedulingStatement(d1, userId),
    sessionMembersStatement(d1, userId, askedSessions),
  ]);
  // An answer counts in the session it names only when the card is in that person's session; else it is the card's own review.
  const inSession = new Set(members.map((m) => `${m.session_id}:${m.flashcard_id}`));
  const sessionOf = (r: QueuedReview) => (r.sessionId && inSession.has(`${r.sessionId}:${r.flashcardId}`) ? r.sessionId : null);
  const cards = new Map(cardRows.map((row) => [row.id, row]));
  if (cards.size !== cardIds.length) throw notFound('Flashcard');
  const fresh = replayOrder(props.reviews, new Set(known.map((r) => r.uid)));
  const skipped = props.reviews.filter((r) => !fresh.includes(r)).map((r) => r.clientId);
  if (!fresh.length) return { accepted: [] as string[], skipped, flashcards: [...cards.values()] };

  const byCard = groupBy(fresh, (r) => r.flashcardId);
  const firstNew = [...byCard].map(([id, added]) => [id, added[0]!.reviewedAt] as const);
  const touchedConcepts = [...new Map([...byCard.keys()].map((id) => [cards.get(id)!.concept_id, id])).values()];
  const [logRows, ...conceptRows] = await readBatch(d1, [logsSinceStatement(d1, userId, firstNew), ...touchedConcepts.map((id) => conceptCardsStatement(d1, userId, id))]);
  const logsByCard = groupBy(logRows, (r) => r.flashcard_id);
  const scheduling = schedulingOf(schedulingRow);
  const fuzz = props.fuzz ?? true;

  const replays = [...byCard].map(([id, added]) => ({ id, ...replayCard(storedCardOf(cards.get(id)!), (logsByCard.get(id) ?? []).map(loggedReview), added, { ...scheduling, fuzz }) }));
  // Every card of a touched concept as it stands once the batch is replayed (burying reads them).
  const replayedState = new Map(replays.map((r) => [r.id, r.card]));
  const conceptOf = new Map(touchedConcepts.map((id, i) => [cards.get(id)!.concept_id, conceptRows[i]!]));
  const siblingsOf = (row: FlashcardRow) =>
    siblingStates(conceptOf.get(row.concept_id)!).map((s) => {
      const card = replayedState.get(s.id);
      return card ? { ...s, state: card.state, due: card.due } : s;
    });

  // A card whose newest answer is one of this batch's is decided by it as an answer online
  // would be (services/answer-plan.ts: load balancing, leech, burying the siblings while its
  // study day lasts); a card answered since on another device keeps what that answer decided.
  const preferencesOf = preferencesFromJson(schedulingRow?.data);
  const zone = resolveTimeZone(schedulingRow?.time_zone);
  const decided = replays.flatMap(({ id, replayed }) => {
    const last = replayed.at(-1)!;
    if (last.kind !== 'new') return [];
    const row = cards.get(id)!;
    return [{ id, props: { userId, row, siblings: siblingsOf(row), rating: last.review.rating, now: last.review.reviewedAt, fuzz, scheduling, preferences: preferencesOf, zone }, before: last.cardBefore }];
  });
  const plans = new Map<number, AnswerPlan>((await planAnswers(d1, decided)).map((plan, i) => [decided[i]!.id, plan]));

  const writes: D1PreparedStatement[] = [];
  const sideWrites: D1PreparedStatement[] = [];
  const replayedCards = new Map<number, { card: StoredCard; lastRating: number; leech: AnswerPlan['sideEffects']['leech'] }>();
  for (const { id, replayed, card: replayedCard } of replays) {
    const row = cards.get(id)!;
    const plan = plans.get(id);
    const card = plan?.card ?? replayedCard;
    const leech = plan?.sideEffects.leech ?? null;
    // An answer of a study day already over buries nothing: its siblings' day is past.
    const bury = plan && plan.sideEffects.buriedUntil > now ? plan.sideEffects.bury : [];
    const effects = plan?.effects && !bury.length ? (plan.effects.leech ? { leech: plan.effects.leech } : null) : (plan?.effects ?? null);
    replayedCards.set(id, { card, lastRating: replayed.at(-1)!.log.rating, leech });
    writes.push(abortUnless(d1, '(SELECT updated_at FROM flashcards WHERE id = ? AND user_id = ?) = ?', id, userId, row.updated_at));
    replayed.forEach((step, i) => {
      const decided = plan && i === replayed.length - 1 ? plan : null;
      writes.push(
        step.kind === 'logged'
          ? rescheduleReviewStatement(d1, userId, step.id, step.log, step.cardBefore)
          : insertUploadedReviewStatement(d1, {
              userId,
              flashcardId: id,
              uid: step.review.clientId,
              sessionId: sessionOf(step.review),
              log: decided?.log ?? step.log,
              durationMs: step.review.durationMs,
              cardBefore: step.cardBefore,
              effects: decided ? effects : null,
            }),
      );
    });
    writes.push(updateCardStatement(d1, userId, id, card, now, row.updated_at));
    // After every card's guarded update: the leech marking and burial check this card's write.
    if (leech) sideWrites.push(markLeechStatement(d1, userId, id, leech.tags, leech.suspended, now));
    if (bury.length) sideWrites.push(burySiblingsStatement(d1, userId, bury, plan!.sideEffects.buriedUntil, id, now));
  }
  writes.push(...sideWrites);
  // The sessions' progress, recounted from their answers once this batch's are logged.
  const sessionCards = distinctPairs(fresh.flatMap((r) => (sessionOf(r) ? [[sessionOf(r)!, r.flashcardId] as const] : [])));
  for (const [sessionId, cardId] of sessionCards) writes.push(sessionCardFromLogsStatement(d1, sessionId, cardId));
  for (const sessionId of new Set(sessionCards.map(([s]) => s))) writes.push(sessionTotalsStatement(d1, sessionId));
  conceptRows.forEach((rows, i) => {
    const siblings: SiblingCard[] = siblingCards(rows).map((s) => {
      const replayed = replayedCards.get(s.id);
      return replayed ? { ...replayed.card, id: s.id, lastRating: replayed.lastRating } : s;
    });
    writes.push(conceptStudyStateStatement(d1, userId, cards.get(touchedConcepts[i]!)!.concept_id, siblings, now, scheduling.params, conceptObservation(rows)));
  });
  try {
    await d1.batch(writes);
  } catch (err) {
    if (isGuardFailure(err)) throw reviewConflict();
    throw err;
  }
  const flashcards = [...cards.values()].map((row) => {
    const replayed = replayedCards.get(row.id);
    if (!replayed) return row;
    const marked = replayed.leech ? { ...row, tags: JSON.stringify(replayed.leech.tags), suspended: replayed.leech.suspended } : row;
    return withCard(marked, replayed.card, now);
  });
  return { accepted: fresh.map((r) => r.clientId), skipped, flashcards };
}
