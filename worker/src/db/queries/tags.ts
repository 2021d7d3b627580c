/**
 * The tags list's SQL. A tag's number of concepts is kept on the tag by the triggers of
 * migration 0017, and the listing index covers this read: one index range, no counting.
 */
export async function tagsInUse(d1: D1Database, userId: number): Promise<{ id: number; name: string; count: number }[]> {
  const rows = await d1
    .prepare('SELECT id, name, concept_count AS count FROM tags WHERE user_id = ? AND concept_count > 0 ORDER BY name_key, id')
    .bind(userId)
    .all<{ id: number; name: string; count: number }>();
  return rows.results;
}
