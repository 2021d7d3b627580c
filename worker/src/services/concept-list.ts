/**
 * Reading pages of concepts: filters, sorts, totals, and the tags and constellations of a
 * page fetched with one query each (never one per concept).
 */
import { titleKey } from '../domain/wiki-links';
import { tagKey } from '../domain/tags';
import { ownedMatch } from '../domain/search-query';
import { presentConceptSummary, SUMMARY_TEXT_LENGTH, type ConceptSummaryRow } from '../presenters/concept';
import type { ConstellationRefRow } from '../presenters/constellation';
import type { TagRow } from '../presenters/tag';

export const SUMMARY_COLUMNS = `c.id, c.title, substr(c.content_text, 1, ${SUMMARY_TEXT_LENGTH}) AS content_text, c.mastery_level, c.created_at, c.updated_at`;

export type SortField = 'title' | 'created_at' | 'updated_at' | 'mastery_level';
export type SortOrder = 'asc' | 'desc';

export interface ConceptFilter {
  search?: string;
  contentSearch?: string;
  tagName?: string;
  constellationId?: number;
  excludeConstellationId?: number;
}

export interface Page {
  skip: number;
  limit: number;
  sortBy: SortField;
  sortOrder: SortOrder;
}

const SORT_COLUMNS: Record<SortField, string> = {
  title: 'c.title_key',
  created_at: 'c.created_at',
  updated_at: 'c.updated_at',
  mastery_level: 'c.mastery_level',
};

/**
 * ORDER BY for a sort; ties broken by id. Concepts without a mastery level always come last,
 * spelled so that each direction reads straight off its index (concepts_user_mastery_nulls
 * ascending, concepts_user_mastery_desc backwards).
 */
export function orderClause(sortBy: SortField, sortOrder: SortOrder): string {
  const dir = sortOrder === 'asc' ? 'ASC' : 'DESC';
  if (sortBy === 'mastery_level') {
    return sortOrder === 'asc'
      ? 'ORDER BY c.mastery_level IS NULL, c.mastery_level ASC, c.id ASC'
      : 'ORDER BY c.mastery_level IS NOT NULL DESC, c.mastery_level DESC, c.id DESC';
  }
  return `ORDER BY ${SORT_COLUMNS[sortBy]} ${dir}, c.id ${dir}`;
}

const MIN_PREFIX_LENGTH = 3;

/**
 * An FTS5 query matching every word typed, as a prefix, in the concept's text. Words are
 * quoted so operators and punctuation typed by a person are never read as FTS syntax.
 * Null when the input holds no word at all.
 */
export function contentMatchQuery(text: string): string | null {
  const words = text.match(/[\p{L}\p{N}]+/gu);
  if (!words) return null;
  // Words of one or two letters match whole words only: as prefixes they match nearly everything.
  const terms = words.slice(0, 20).map((w) => (w.length >= MIN_PREFIX_LENGTH ? `"${w}"*` : `"${w}"`));
  return `content_text : (${terms.join(' ')})`;
}

/** WHERE clause (over `concepts c`) and its bindings for a filter, always scoped to the user. */
export function filterClause(userId: number, filter: ConceptFilter): { sql: string; binds: unknown[] } {
  const parts = ['c.user_id = ?'];
  const binds: unknown[] = [userId];
  const search = filter.search?.trim();
  if (search) {
    // As an id set read from the covering titles index, so the sort index stays covering too.
    parts.push('c.id IN (SELECT id FROM concepts WHERE user_id = ? AND instr(title_key, ?) > 0)');
    binds.push(userId, titleKey(search));
  }
  const content = filter.contentSearch?.trim();
  if (content) {
    const match = contentMatchQuery(content);
    if (match) {
      parts.push('c.id IN (SELECT rowid FROM concepts_fts WHERE concepts_fts MATCH ?)');
      binds.push(ownedMatch(userId, match));
    } else {
      // Only punctuation or symbols: look for them as typed.
      parts.push('instr(lower(c.content_text), ?) > 0');
      binds.push(content.toLowerCase());
    }
  }
  const tag = filter.tagName?.trim();
  if (tag) {
    parts.push('c.id IN (SELECT ct.concept_id FROM tags t JOIN concept_tags ct ON ct.tag_id = t.id WHERE t.user_id = ? AND t.name_key = ?)');
    binds.push(userId, tagKey(tag));
  }
  if (filter.constellationId !== undefined) {
    parts.push('c.id IN (SELECT concept_id FROM constellation_concepts WHERE constellation_id = ?)');
    binds.push(filter.constellationId);
  }
  if (filter.excludeConstellationId !== undefined) {
    parts.push('c.id NOT IN (SELECT concept_id FROM constellation_concepts WHERE constellation_id = ?)');
    binds.push(filter.excludeConstellationId);
  }
  return { sql: parts.join(' AND '), binds };
}

/** The tags and the constellations of a set of concepts: two statements for a whole page, never one per concept. */
function relationStatements(d1: D1Database, ids: number[]) {
  const idList = JSON.stringify(ids);
  return [
    d1
      .prepare(
        `SELECT ct.concept_id, t.id, t.name FROM concept_tags ct JOIN tags t ON t.id = ct.tag_id
         WHERE ct.concept_id IN (SELECT value FROM json_each(?)) ORDER BY t.name_key`,
      )
      .bind(idList),
    d1
      .prepare(
        `SELECT cc.concept_id, k.id, k.name, k.color, k.icon FROM constellation_concepts cc JOIN constellations k ON k.id = cc.constellation_id
         WHERE cc.concept_id IN (SELECT value FROM json_each(?)) ORDER BY k.name, k.id`,
      )
      .bind(idList),
  ];
}

function groupByConcept<T extends { concept_id: number }>(list: T[]) {
  const map = new Map<number, T[]>();
  for (const item of list) map.set(item.concept_id, [...(map.get(item.concept_id) ?? []), item]);
  return map;
}

function present(rows: ConceptSummaryRow[], tags: D1Result | undefined, constellations: D1Result | undefined) {
  const tagMap = groupByConcept(tags!.results as (TagRow & { concept_id: number })[]);
  const constellationMap = groupByConcept(constellations!.results as (ConstellationRefRow & { concept_id: number })[]);
  return rows.map((row) => presentConceptSummary(row, tagMap.get(row.id) ?? [], constellationMap.get(row.id) ?? []));
}

/** Adds tags and constellations to concept rows already read. */
export async function summarise(d1: D1Database, rows: ConceptSummaryRow[]) {
  if (rows.length === 0) return [];
  const [tags, constellations] = await d1.batch(relationStatements(d1, rows.map((r) => r.id)));
  return present(rows, tags, constellations);
}

/**
 * One page of the user's concepts matching a filter, with the total the filter matches.
 * The page's ids are chosen from the small covering sort index first; only those rows,
 * which carry the large content columns, are then read. Their tags and constellations
 * follow by id in a second round trip, cheaper than running a costly filter (title or
 * content search) twice more inside the first.
 */
export async function listConcepts(d1: D1Database, userId: number, filter: ConceptFilter, page: Page) {
  const where = filterClause(userId, filter);
  const order = orderClause(page.sortBy, page.sortOrder);
  const [rows, count] = await d1.batch([
    d1
      .prepare(`SELECT ${SUMMARY_COLUMNS} FROM concepts c WHERE c.id IN (SELECT c.id FROM concepts c WHERE ${where.sql} ${order} LIMIT ? OFFSET ?) ${order}`)
      .bind(...where.binds, page.limit, page.skip),
    d1.prepare(`SELECT COUNT(*) AS total FROM concepts c WHERE ${where.sql}`).bind(...where.binds),
  ]);
  const concepts = await summarise(d1, rows!.results as ConceptSummaryRow[]);
  return { concepts, total_items: (count!.results[0] as { total: number }).total };
}

/** Every concept matching a filter (tag page, constellation page), in one sort. */
export async function allConcepts(d1: D1Database, userId: number, filter: ConceptFilter, sortBy: SortField, sortOrder: SortOrder, cap = 10_000) {
  const where = filterClause(userId, filter);
  const rows = await d1
    .prepare(`SELECT ${SUMMARY_COLUMNS} FROM concepts c WHERE ${where.sql} ${orderClause(sortBy, sortOrder)} LIMIT ?`)
    .bind(...where.binds, cap)
    .all<ConceptSummaryRow>();
  return summarise(d1, rows.results);
}

/** The person's most recently edited concepts. */
export async function recentConcepts(d1: D1Database, userId: number, limit: number) {
  const rows = await d1
    .prepare(`SELECT ${SUMMARY_COLUMNS} FROM concepts c WHERE c.user_id = ? ORDER BY c.updated_at DESC, c.id DESC LIMIT ?`)
    .bind(userId, limit)
    .all<ConceptSummaryRow>();
  return summarise(d1, rows.results);
}

/** A constellation's add dialog suggestions: the most recently edited concepts not in it yet. */
export async function conceptsOutsideConstellation(d1: D1Database, userId: number, constellationId: number | undefined, limit: number) {
  const rows = await d1
    .prepare(
      `SELECT ${SUMMARY_COLUMNS} FROM concepts c WHERE c.user_id = ?1
       AND c.id NOT IN (SELECT concept_id FROM constellation_concepts WHERE constellation_id = ?2)
       ORDER BY c.updated_at DESC, c.id DESC LIMIT ?3`,
    )
    .bind(userId, constellationId ?? 0, limit)
    .all<ConceptSummaryRow>();
  return summarise(d1, rows.results);
}
