/**
 * Reads behind the galaxy and the knowledge graph: every concept of a person with what its
 * star needs, and every link between their concepts — wiki and `related_to` links from
 * `concept_links`, and parent/child relations as `parent_child` (parent → child). Rows come
 * back as arrays (`raw()`), which D1 hands over faster than objects at 40,000 rows.
 */

export type GraphConceptRow = [id: number, title: string, masteryLevel: number | null, constellationId: number | null, cards: number];
export type GraphLinkRow = [conceptId: number, targetConceptId: number, linkType: string];

/** The link type under which a parent → child relation is listed. */
export const RELATION_LINK_TYPE = 'parent_child';

export async function graphConcepts(d1: D1Database, userId: number): Promise<GraphConceptRow[]> {
  // A concept in several constellations belongs, in the galaxy, to the oldest one.
  return d1
    .prepare(
      `SELECT c.id, c.title, c.mastery_level,
         (SELECT MIN(cc.constellation_id) FROM constellation_concepts cc WHERE cc.concept_id = c.id),
         (SELECT COUNT(*) FROM flashcards f WHERE f.concept_id = c.id)
       FROM concepts c WHERE c.user_id = ?1 ORDER BY c.id`,
    )
    .bind(userId)
    .raw<GraphConceptRow>();
}

export async function graphLinks(d1: D1Database, userId: number): Promise<GraphLinkRow[]> {
  return d1
    .prepare(
      `SELECT concept_id, target_concept_id, link_type FROM concept_links WHERE user_id = ?1
       UNION ALL
       SELECT parent_id, child_id, '${RELATION_LINK_TYPE}' FROM concept_relations WHERE user_id = ?1`,
    )
    .bind(userId)
    .raw<GraphLinkRow>();
}

/** Only the two ends of every link and relation: what the galaxy's layout needs. */
export async function graphLinkEnds(d1: D1Database, userId: number): Promise<[number, number][]> {
  return d1
    .prepare(
      `SELECT concept_id, target_concept_id FROM concept_links WHERE user_id = ?1
       UNION ALL
       SELECT parent_id, child_id FROM concept_relations WHERE user_id = ?1`,
    )
    .bind(userId)
    .raw<[number, number]>();
}
