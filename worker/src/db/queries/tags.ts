/**
 * The tags list's SQL. A tag's number of concepts is kept on the tag by the triggers of
 * migration 0017, and the listing index covers this read: one index range, no counting.
 * The list comes back as one JSON value built by SQLite: handing 2,000 rows over one by one
 * costs D1 several times more than the query itself.
 */
import { firstRow, query } from '../rows';

export async function tagsInUse(d1: D1Database, userId: number): Promise<{ id: number; name: string; count: number }[]> {
  const row = await firstRow(
    query<{ list: string }>(
      d1
        .prepare(
          `SELECT json_group_array(json_object('id', id, 'name', name, 'count', concept_count)) AS list
           FROM (SELECT id, name, concept_count FROM tags WHERE user_id = ? AND concept_count > 0 ORDER BY name_key, id)`,
        )
        .bind(userId),
    ),
  );
  return JSON.parse(row?.list ?? '[]') as { id: number; name: string; count: number }[];
}
