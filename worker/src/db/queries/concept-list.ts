/**
 * SQL of concept lists: a filter (title, content, tag, constellation) and a sort over the
 * person's concepts, read a page at a time with the total it matches, and the tags and
 * constellations of a page's concepts in one statement each (never one per concept).
 */
import { ownedMatch } from '../../domain/search-query';
import { tagKey } from '../../domain/tags';
import { titleKey } from '../../domain/wiki-links';
import { SUMMARY_TEXT_LENGTH } from '../../domain/excerpt';
import { query } from '../rows';
import type { ConceptSummaryRow, TagRefRow } from './concepts';
import type { ConstellationRefRow } from './constellations';

const SUMMARY_COLUMNS = `c.id, c.title, substr(c.content_text, 1, ${SUMMARY_TEXT_LENGTH}) AS content_text, c.mastery_level, c.created_at, c.updated_at`;

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

/** One page of the concepts a filter matches (ids chosen from the small covering sort index first, then only those rows read). */
export function conceptPage(d1: D1Database, userId: number, filter: ConceptFilter, page: Page) {
  const where = filterClause(userId, filter);
  const order = orderClause(page.sortBy, page.sortOrder);
  return query<ConceptSummaryRow>(
    d1
      .prepare(`SELECT ${SUMMARY_COLUMNS} FROM concepts c WHERE c.id IN (SELECT c.id FROM concepts c WHERE ${where.sql} ${order} LIMIT ? OFFSET ?) ${order}`)
      .bind(...where.binds, page.limit, page.skip),
  );
}

/** How many concepts a filter matches. */
export function conceptCount(d1: D1Database, userId: number, filter: ConceptFilter) {
  const where = filterClause(userId, filter);
  return query<{ total: number }>(d1.prepare(`SELECT COUNT(*) AS total FROM concepts c WHERE ${where.sql}`).bind(...where.binds));
}

/** Every concept a filter matches, in one sort, up to `cap`. */
export function allConceptsMatching(d1: D1Database, userId: number, filter: ConceptFilter, sortBy: SortField, sortOrder: SortOrder, cap: number) {
  const where = filterClause(userId, filter);
  return query<ConceptSummaryRow>(d1.prepare(`SELECT ${SUMMARY_COLUMNS} FROM concepts c WHERE ${where.sql} ${orderClause(sortBy, sortOrder)} LIMIT ?`).bind(...where.binds, cap));
}

/** The person's most recently edited concepts. */
export const recentlyEdited = (d1: D1Database, userId: number, limit: number) =>
  query<ConceptSummaryRow>(d1.prepare(`SELECT ${SUMMARY_COLUMNS} FROM concepts c WHERE c.user_id = ? ORDER BY c.updated_at DESC, c.id DESC LIMIT ?`).bind(userId, limit));

/** The most recently edited concepts not in a constellation (all of them when it is undefined). */
export const recentlyEditedOutside = (d1: D1Database, userId: number, constellationId: number | undefined, limit: number) =>
  query<ConceptSummaryRow>(
    d1
      .prepare(
        `SELECT ${SUMMARY_COLUMNS} FROM concepts c WHERE c.user_id = ?1
         AND c.id NOT IN (SELECT concept_id FROM constellation_concepts WHERE constellation_id = ?2)
         ORDER BY c.updated_at DESC, c.id DESC LIMIT ?3`,
      )
      .bind(userId, constellationId ?? 0, limit),
  );

/** The tags of a set of concepts, each with its concept's id. */
export const tagsOfConcepts = (d1: D1Database, ids: number[]) =>
  query<TagRefRow & { concept_id: number }>(
    d1
      .prepare(
        `SELECT ct.concept_id, t.id, t.name FROM concept_tags ct JOIN tags t ON t.id = ct.tag_id
         WHERE ct.concept_id IN (SELECT value FROM json_each(?)) ORDER BY t.name_key`,
      )
      .bind(JSON.stringify(ids)),
  );

/** The constellations of a set of concepts, each with its concept's id. */
export const constellationsOfConcepts = (d1: D1Database, ids: number[]) =>
  query<ConstellationRefRow & { concept_id: number }>(
    d1
      .prepare(
        `SELECT cc.concept_id, k.id, k.name, k.color, k.icon FROM constellation_concepts cc JOIN constellations k ON k.id = cc.constellation_id
         WHERE cc.concept_id IN (SELECT value FROM json_each(?)) ORDER BY k.name, k.id`,
      )
      .bind(JSON.stringify(ids)),
  );
