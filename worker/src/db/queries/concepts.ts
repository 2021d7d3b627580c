/** Concept title reads: the study picker's full list and the title search of the pickers. */

export type ConceptTitle = { id: number; title: string };

/** Every title of the person, in title order (accent- and case-folded key, then as written). */
export async function conceptTitles(d1: D1Database, userId: number): Promise<ConceptTitle[]> {
  const rows = await d1.prepare('SELECT id, title FROM concepts WHERE user_id = ? ORDER BY title_key, title, id').bind(userId).all<ConceptTitle>();
  return rows.results;
}

/** Titles containing `key` (a folded title key): the exact title first, then titles starting with it, then the rest. */
export async function titlesMatching(d1: D1Database, userId: number, key: string, limit: number): Promise<ConceptTitle[]> {
  const rows = await d1
    .prepare(
      `SELECT id, title FROM concepts WHERE user_id = ?1 AND instr(title_key, ?2) > 0
       ORDER BY CASE WHEN title_key = ?2 THEN 0 WHEN substr(title_key, 1, length(?2)) = ?2 THEN 1 ELSE 2 END, title_key, id LIMIT ?3`,
    )
    .bind(userId, key, limit)
    .all<ConceptTitle>();
  return rows.results;
}
