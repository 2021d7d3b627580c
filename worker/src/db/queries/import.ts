/**
 * SQL of the import: the person's concept titles (for detection), which named concepts
 * are theirs, and `related_to` links between their concepts.
 */
import type { conceptLinks, concepts } from '../schema';
import { allRows, firstRow, query, rawQuery, rawRows, type SqlColumns, type SqlValues } from '../rows';
import { ownConceptIds } from './concepts';

export type ConceptTitleRow = Pick<typeof concepts.$inferSelect, 'id' | 'title' | 'category'>;
export type ConceptLinkRow = SqlColumns<typeof conceptLinks, 'id' | 'concept_id' | 'target_concept_id' | 'link_type' | 'description'>;

/** Every title of the person (10,000 rows at volume: read as arrays, lighter than objects). */
export async function conceptTitles(d1: D1Database, userId: number): Promise<ConceptTitleRow[]> {
  const rows = await rawRows(rawQuery<SqlValues<typeof concepts, ['id', 'title', 'category']>>(d1.prepare('SELECT id, title, category FROM concepts WHERE user_id = ?').bind(userId)));
  return rows.map(([id, title, category]) => ({ id, title, category }));
}

/**
 * Changes whenever a concept of the person is created, deleted, renamed or re-categorised:
 * every such write sets `updated_at`, so the sum of those moves (kept exact as text; ids
 * only grow). Read from the (user_id, updated_at) index only.
 */
export async function conceptTitlesStamp(d1: D1Database, userId: number): Promise<string> {
  const row = await firstRow(
    query<{ stamp: string }>(d1.prepare("SELECT COUNT(*) || ':' || IFNULL(MAX(id), 0) || ':' || CAST(IFNULL(SUM(updated_at), 0) AS TEXT) AS stamp FROM concepts WHERE user_id = ?").bind(userId)),
  );
  return row?.stamp ?? '';
}

/** The ids among `ids` that are not the person's concepts (missing or someone else's). */
export async function foreignConceptIds(d1: D1Database, userId: number, ids: number[]): Promise<number[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const rows = await allRows(ownConceptIds(d1, userId, wanted));
  const own = new Set(rows.map((r) => r.id));
  return wanted.filter((id) => !own.has(id));
}

export interface RelatedLink {
  /** The source concept's id, or an SQL expression for it inside a create batch. */
  source: string;
  targetId: number;
  description: string | null;
}

/**
 * One `related_to` link, written only when both ends are the person's concepts (checked
 * again inside the write, so a concept deleted meanwhile is never linked). An existing
 * link of the same type is kept as it is.
 */
export function insertRelatedLink(d1: D1Database, userId: number, link: RelatedLink, now: number): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT OR IGNORE INTO concept_links (user_id, concept_id, target_concept_id, link_type, description, created_at)
       SELECT ?, s.id, t.id, 'related_to', ?, ? FROM concepts s JOIN concepts t ON t.id = ? AND t.user_id = s.user_id
       WHERE s.id = ${link.source} AND s.user_id = ? AND s.id <> t.id`,
    )
    .bind(userId, link.description, now, link.targetId, userId);
}

/** The stored `related_to` links for the given (source, target) pairs, in the order asked. */
export async function relatedLinks(d1: D1Database, userId: number, pairs: [number, number][]): Promise<ConceptLinkRow[]> {
  const rows = await allRows(
    query<ConceptLinkRow>(
      d1
        .prepare(
          `SELECT id, concept_id, target_concept_id, link_type, description FROM concept_links
           WHERE user_id = ? AND link_type = 'related_to' AND json_array(concept_id, target_concept_id) IN (SELECT value FROM json_each(?))`,
        )
        .bind(userId, JSON.stringify(pairs)),
    ),
  );
  const key = (a: number, b: number) => `${a}:${b}`;
  const byPair = new Map(rows.map((r) => [key(r.concept_id, r.target_concept_id), r]));
  return pairs.map(([a, b]) => byPair.get(key(a, b))).filter((r): r is ConceptLinkRow => r !== undefined);
}
