/**
 * The daily mastery refresh (Cron Trigger `30 3 * * *`, worker/src/scheduled.ts). Mastery
 * is predicted recall four weeks ahead of `now` (domain/mastery-level.ts), so it falls as
 * days pass without review; answers keep it current for the concepts they touch, and this
 * recomputes every studied concept (a mastery value, or a card with a review — e.g. one
 * that arrived by an import) once a day, a page of concepts at a time, each page's updates
 * written in one batch. Imports run it for the person they filled (`userId`).
 */
import { database } from '../db/database';
import { cardsOfConcepts, saveMasteryLevels, studiedConceptsAfter } from '../db/queries/mastery';
import { allRows } from '../db/rows';
import type { Env } from '../env';
import { storedFsrsParams } from '../domain/fsrs-params';
import { masteryLevel, type MasteryCard } from '../domain/mastery-level';
import { recallObservationOf } from './concept-study-state';

export const REFRESH_PAGE = 400;

/** Recomputes the mastery of every studied concept (of one person, when given) as of `now`; returns how many were updated. */
export async function refreshMastery(env: Pick<Env, 'DB'>, now: number, userId?: number): Promise<number> {
  const d1 = database(env);
  let after = 0;
  let updated = 0;
  for (;;) {
    const page = await allRows(studiedConceptsAfter(d1, after, REFRESH_PAGE, userId ?? null));
    const ids = page.map((r) => r.id);
    if (!ids.length) return updated;
    // A concept's latest recall score from a study method counts as one more observation.
    const observationOf = new Map(page.map((r) => [r.id, recallObservationOf(r)]));
    after = ids.at(-1)!;
    const cards = await allRows(cardsOfConcepts(d1, ids));
    const byConcept = new Map<number, MasteryCard[]>(ids.map((id) => [id, []]));
    // Each concept's mastery follows its owner's forgetting curve (their saved FSRS parameters).
    const paramsOf = new Map<number, number[] | null>();
    for (const r of cards) {
      byConcept.get(r.concept_id)!.push({ state: r.state, stability: r.stability, lastReview: r.last_review, due: r.due, lastRating: r.last_rating });
      if (!paramsOf.has(r.concept_id)) paramsOf.set(r.concept_id, storedFsrsParams(r.fsrs_params));
    }
    const levels = [...byConcept].map(([id, list]): [number, number | null] => [id, masteryLevel(list, now, paramsOf.get(id) ?? null, observationOf.get(id) ?? null)]);
    await d1.batch([saveMasteryLevels(d1, levels)]);
    updated += ids.length;
  }
}
