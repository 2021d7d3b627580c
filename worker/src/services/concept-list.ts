/**
 * Reading pages of concepts: filters, sorts, totals, and the tags and constellations of a
 * page fetched with one query each (never one per concept). The SQL is in
 * db/queries/concept-list.ts.
 */
import * as sql from '../db/queries/concept-list';
import type { ConceptFilter, Page, SortField, SortOrder } from '../db/queries/concept-list';
import type { ConceptSummaryRow } from '../db/queries/concepts';
import { allRows, readBatch } from '../db/rows';
import { presentConceptSummary } from '../presenters/concept';

function groupByConcept<T extends { concept_id: number }>(list: T[]) {
  const map = new Map<number, T[]>();
  for (const item of list) map.set(item.concept_id, [...(map.get(item.concept_id) ?? []), item]);
  return map;
}

/** Adds tags and constellations to concept rows already read. */
export async function summarise(d1: D1Database, rows: ConceptSummaryRow[]) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [tags, constellations] = await readBatch(d1, [sql.tagsOfConcepts(d1, ids), sql.constellationsOfConcepts(d1, ids)]);
  const tagMap = groupByConcept(tags);
  const constellationMap = groupByConcept(constellations);
  return rows.map((row) => presentConceptSummary(row, tagMap.get(row.id) ?? [], constellationMap.get(row.id) ?? []));
}

/**
 * One page of the user's concepts matching a filter, with the total the filter matches.
 * Their tags and constellations follow by id in a second round trip, cheaper than running
 * a costly filter (title or content search) twice more inside the first.
 */
export async function listConcepts(d1: D1Database, userId: number, filter: ConceptFilter, page: Page) {
  const [rows, count] = await readBatch(d1, [sql.conceptPage(d1, userId, filter, page), sql.conceptCount(d1, userId, filter)]);
  return { concepts: await summarise(d1, rows), total_items: count[0]!.total };
}

/** Every concept matching a filter (tag page, constellation page), in one sort. */
export async function allConcepts(d1: D1Database, userId: number, filter: ConceptFilter, sortBy: SortField, sortOrder: SortOrder, cap = 10_000) {
  return summarise(d1, await allRows(sql.allConceptsMatching(d1, userId, filter, sortBy, sortOrder, cap)));
}

/** The person's most recently edited concepts. */
export async function recentConcepts(d1: D1Database, userId: number, limit: number) {
  return summarise(d1, await allRows(sql.recentlyEdited(d1, userId, limit)));
}

/** A constellation's add dialog suggestions: the most recently edited concepts not in it yet. */
export async function conceptsOutsideConstellation(d1: D1Database, userId: number, constellationId: number | undefined, limit: number) {
  return summarise(d1, await allRows(sql.recentlyEditedOutside(d1, userId, constellationId, limit)));
}
