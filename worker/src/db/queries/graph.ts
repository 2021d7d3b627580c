/**
 * Reads behind the galaxy and the knowledge graph: every concept of a person with what its
 * star needs, and every link between their concepts — wiki and `related_to` links from
 * `concept_links`, and parent/child relations as `parent_child` (parent → child).
 *
 * At 10,000 concepts and 46,000 links, handing rows one by one from D1 to the Worker costs
 * more than the queries: so SQLite itself writes the rows as JSON (or as a list of ids) in
 * a few large pieces, each under D1's 2 MB limit on one value, and the Worker joins them.
 */

export type GraphConceptRow = [id: number, title: string, masteryLevel: number | null, constellationId: number | null, cards: number];

/** The link type under which a parent → child relation is listed. */
export const RELATION_LINK_TYPE = 'parent_child';

/** Rows per piece: well under D1's 2 MB per value for every query below. */
const PIECE_ROWS = 10_000;

/** Every link and relation of the person as (a, b, link_type) rows, numbered for piecing. */
const LINKS = `SELECT a, b, t, row_number() OVER () - 1 AS rn FROM (
  SELECT concept_id AS a, target_concept_id AS b, link_type AS t FROM concept_links WHERE user_id = ?1
  UNION ALL
  SELECT parent_id, child_id, '${RELATION_LINK_TYPE}' FROM concept_relations WHERE user_id = ?1)`;

/** The JSON arrays of the pieces, joined into one array's text. */
async function joinedArrays(statement: D1PreparedStatement): Promise<string> {
  const pieces = await statement.raw<[string]>();
  const inner = pieces.map(([json]) => json.slice(1, -1)).filter((s) => s.length > 0);
  return `[${inner.join(',')}]`;
}

export async function graphConcepts(d1: D1Database, userId: number): Promise<GraphConceptRow[]> {
  // A concept in several constellations belongs, in the galaxy, to the oldest one.
  const json = await joinedArrays(
    d1
      .prepare(
        `SELECT json_group_array(json_array(id, title, mastery_level, k, cards)) FROM (
           SELECT c.id, c.title, c.mastery_level,
             (SELECT MIN(cc.constellation_id) FROM constellation_concepts cc WHERE cc.concept_id = c.id) AS k,
             (SELECT COUNT(*) FROM flashcards f WHERE f.concept_id = c.id) AS cards,
             row_number() OVER (ORDER BY c.id) - 1 AS rn
           FROM concepts c WHERE c.user_id = ?1)
         GROUP BY rn / ${PIECE_ROWS} ORDER BY rn / ${PIECE_ROWS}`,
      )
      .bind(userId),
  );
  return (JSON.parse(json) as GraphConceptRow[]).sort((p, q) => p[0] - q[0]);
}

/** The links as the JSON text of `[{ concept_id, target_concept_id, link_type }, …]`, ready to send. */
export async function graphLinksJson(d1: D1Database, userId: number): Promise<string> {
  return joinedArrays(
    d1
      .prepare(
        `SELECT json_group_array(json_object('concept_id', a, 'target_concept_id', b, 'link_type', t))
         FROM (${LINKS}) GROUP BY rn / ${PIECE_ROWS}`,
      )
      .bind(userId),
  );
}

/** Only the two ends of every link and relation: what the galaxy's layout needs. */
export async function graphLinkEnds(d1: D1Database, userId: number): Promise<[number, number][]> {
  const pieces = await d1
    .prepare(`SELECT group_concat(a || ',' || b) FROM (${LINKS}) GROUP BY rn / ${PIECE_ROWS * 2}`)
    .bind(userId)
    .raw<[string | null]>();
  const ends: [number, number][] = [];
  for (const [list] of pieces) {
    if (!list) continue;
    const ids = list.split(',');
    for (let i = 0; i + 1 < ids.length; i += 2) ends.push([Number(ids[i]), Number(ids[i + 1])]);
  }
  return ends;
}
