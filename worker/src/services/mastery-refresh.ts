/**
 * The daily mastery refresh (Cron Trigger `30 3 * * *`, worker/src/scheduled.ts). Mastery
 * is predicted recall four weeks ahead of `now` (domain/mastery-level.ts), so it falls as
 * days pass without review; answers keep it current for the concepts they touch, and this
 * recomputes every studied concept (a mastery value, or a card with a review — e.g. one
 * that arrived by an import) once a day, a page of concepts at a time, each page's updates
 * written in one batch. Imports run it for the person they filled (`userId`).
 */
import { database } from '../db/database';
import type { Env } from '../env';
import { storedFsrsParams } from '../domain/fsrs-params';
import { masteryLevel, type MasteryCard } from '../domain/mastery-level';
import { LAST_RATING_SQL, latestRecallSql, recallObservationOf } from './concept-study-state';

export const REFRESH_PAGE = 400;

type Row = { concept_id: number; state: number; stability: number; last_review: number | null; due: number; last_rating: number | null; fsrs_params: string | null };

/** Recomputes the mastery of every studied concept (of one person, when given) as of `now`; returns how many were updated. */
export async function refreshMastery(env: Pick<Env, 'DB'>, now: number, userId?: number): Promise<number> {
  const d1 = database(env);
  let after = 0;
  let updated = 0;
  for (;;) {
    const page = (
      await d1
        .prepare(
          `SELECT id, ${latestRecallSql('c.id')} FROM concepts c WHERE id > ?1 AND (?3 IS NULL OR user_id = ?3)
             AND (mastery_level IS NOT NULL OR EXISTS (SELECT 1 FROM flashcards f WHERE f.concept_id = c.id AND f.last_review IS NOT NULL)
               OR EXISTS (SELECT 1 FROM study_method_results r WHERE r.concept_id = c.id AND r.recall_score IS NOT NULL))
           ORDER BY id LIMIT ?2`,
        )
        .bind(after, REFRESH_PAGE, userId ?? null)
        .all<{ id: number; recall_score: number | null; recall_at: number | null }>()
    ).results;
    const ids = page.map((r) => r.id);
    if (!ids.length) return updated;
    // A concept's latest recall score from a study method counts as one more observation.
    const observationOf = new Map(page.map((r) => [r.id, recallObservationOf(r)]));
    after = ids.at(-1)!;
    const cards = await d1
      .prepare(
        `SELECT f.concept_id, f.state, f.stability, f.last_review, f.due, ${LAST_RATING_SQL} AS last_rating,
           (SELECT fsrs_params FROM users u WHERE u.id = f.user_id) AS fsrs_params
         FROM flashcards f WHERE f.concept_id IN (SELECT value FROM json_each(?))`,
      )
      .bind(JSON.stringify(ids))
      .all<Row>();
    const byConcept = new Map<number, MasteryCard[]>(ids.map((id) => [id, []]));
    // Each concept's mastery follows its owner's forgetting curve (their saved FSRS parameters).
    const paramsOf = new Map<number, number[] | null>();
    for (const r of cards.results) {
      byConcept.get(r.concept_id)!.push({ state: r.state, stability: r.stability, lastReview: r.last_review, due: r.due, lastRating: r.last_rating });
      if (!paramsOf.has(r.concept_id)) paramsOf.set(r.concept_id, storedFsrsParams(r.fsrs_params));
    }
    const levels = [...byConcept].map(([id, list]) => [id, masteryLevel(list, now, paramsOf.get(id) ?? null, observationOf.get(id) ?? null)]);
    await d1.batch([
      d1
        .prepare(`UPDATE concepts SET mastery_level = value ->> '$[1]' FROM json_each(?) WHERE concepts.id = value ->> '$[0]'`)
        .bind(JSON.stringify(levels)),
    ]);
    updated += ids.length;
  }
}
