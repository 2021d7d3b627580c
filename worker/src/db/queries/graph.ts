/**
 * Reads behind the galaxy and the knowledge graph: every concept of a person with what its
 * star needs, and every link between their concepts — wiki and `related_to` links from
 * `concept_links`, and parent/child relations as `parent_child` (parent → child).
 *
 * At 10,000 concepts and 46,000 links, handing rows one by one from D1 to the Worker costs
 * more than the queries: so SQLite itself writes the rows as JSON (or as a list of ids) in
 * a few large pieces, each under D1's 2 MB limit on one value, and the Worker joins them.
 * A piece is a LIMIT/OFFSET window over the covering index's own order (numbering the rows
 * with a window function cost SQLite more than building the JSON). One round trip counts
 * the rows, a second reads every piece in one batch (one transaction, so the pieces agree);
 * the last piece of each list has no limit, so a row added between the two is not missed.
 */
import { firstRow, query, runBatch, type Query } from '../rows';

export type GraphConceptRow = [id: number, title: string, masteryLevel: number | null, constellationId: number | null, cards: number];

/** The link type under which a parent → child relation is listed. */
export const RELATION_LINK_TYPE = 'parent_child';

/** What one piece may hold: under D1's 2 MB per value, with room to spare. */
const PIECE_BYTES = 1_500_000;
/** Bytes of one row, its text aside, at most (ids of up to 16 digits, keys, separators). */
const ROW_BYTES = 120;
/** JSON escaping can make one byte of text six (a control character as \u00XX). */
const ESCAPE_FACTOR = 6;

interface GraphCounts {
  concepts: number;
  /** Bytes of the longest title. */
  titleBytes: number;
  links: number;
  /** Bytes of the longest link type. */
  linkTypeBytes: number;
  relations: number;
}

/** Each count as its own subquery, so an endpoint asks only for what it pieces. */
const COUNTS: Record<keyof GraphCounts, string> = {
  concepts: 'SELECT count(*) FROM concepts WHERE user_id = ?1',
  titleBytes: 'SELECT coalesce(max(length(CAST(title AS BLOB))), 0) FROM concepts WHERE user_id = ?1',
  links: 'SELECT count(*) FROM concept_links WHERE user_id = ?1',
  linkTypeBytes: 'SELECT coalesce(max(length(CAST(link_type AS BLOB))), 0) FROM concept_links WHERE user_id = ?1',
  relations: 'SELECT count(*) FROM concept_relations WHERE user_id = ?1',
};

async function graphCounts<K extends keyof GraphCounts>(d1: D1Database, userId: number, names: readonly K[]): Promise<Pick<GraphCounts, K>> {
  const row = await firstRow(query<Pick<GraphCounts, K>>(d1.prepare(`SELECT ${names.map((name) => `(${COUNTS[name]}) AS ${name}`).join(', ')}`).bind(userId)));
  return row!;
}

/** Rows per piece when a row carries at most `textBytes` bytes of text. */
function rowsPerPiece(textBytes: number): number {
  return Math.max(100, Math.floor(PIECE_BYTES / (ROW_BYTES + textBytes * ESCAPE_FACTOR)));
}

/**
 * The pieces of `rows` rows read by `select` (an ordered SELECT taking ?1 the user, ?2 the
 * limit, ?3 the offset): one statement per piece, the last one unlimited.
 */
function pieces(d1: D1Database, userId: number, select: string, rows: number, perPiece: number): Query<Piece>[] {
  const count = Math.max(1, Math.ceil(rows / perPiece));
  return Array.from({ length: count }, (_, i) => query<Piece>(d1.prepare(select).bind(userId, i === count - 1 ? -1 : perPiece, i * perPiece)));
}

/** Each statement below answers one row: its piece (null when it read no row). */
type Piece = { piece: string | null };

/** The JSON arrays of the pieces (each piece's rows), joined into one array's text. */
function joinedArrays(results: Piece[][]): string {
  const inner = results.map((r) => (r[0]?.piece ?? '[]').slice(1, -1)).filter((s) => s.length > 0);
  return `[${inner.join(',')}]`;
}

/** The star inputs of the person's concepts that `rest` (ordering, more conditions) picks, as one JSON array. */
const conceptsPiece = (rest: string) => `SELECT json_group_array(json_array(id, title, mastery_level, k, cards)) AS piece FROM (
  SELECT c.id, c.title, c.mastery_level,
    (SELECT MIN(cc.constellation_id) FROM constellation_concepts cc WHERE cc.concept_id = c.id) AS k,
    (SELECT COUNT(*) FROM flashcards f WHERE f.concept_id = c.id) AS cards
  FROM concepts c WHERE c.user_id = ?1 ${rest})`;
const CONCEPTS_PIECE = conceptsPiece('ORDER BY c.id LIMIT ?2 OFFSET ?3');

const LINKS_ORDERED = `SELECT concept_id AS a, target_concept_id AS b, link_type AS t FROM concept_links
  WHERE user_id = ?1 ORDER BY concept_id, target_concept_id, link_type LIMIT ?2 OFFSET ?3`;
const RELATIONS_ORDERED = `SELECT parent_id AS a, child_id AS b, '${RELATION_LINK_TYPE}' AS t FROM concept_relations
  WHERE user_id = ?1 ORDER BY parent_id, child_id LIMIT ?2 OFFSET ?3`;

const asJson = (ordered: string) =>
  `SELECT json_group_array(json_object('concept_id', a, 'target_concept_id', b, 'link_type', t)) AS piece FROM (${ordered})`;
const asEnds = (ordered: string) => `SELECT group_concat(a || ',' || b) AS piece FROM (${ordered})`;

/** Every concept of the person, in id order, with the star's inputs. */
async function conceptRows(d1: D1Database, userId: number, counts: Pick<GraphCounts, 'concepts' | 'titleBytes'>, more: Query<Piece>[]) {
  const concepts = pieces(d1, userId, CONCEPTS_PIECE, counts.concepts, rowsPerPiece(counts.titleBytes));
  const read = await runBatch(d1, [...concepts, ...more]);
  const rows = JSON.parse(joinedArrays(concepts.map(read))) as GraphConceptRow[];
  return { rows, more: more.map(read) };
}

/** What the galaxy's layout needs: the concepts and only the two ends of every link and relation. */
export async function graphConceptsAndEnds(d1: D1Database, userId: number): Promise<{ concepts: GraphConceptRow[]; ends: [number, number][] }> {
  const counts = await graphCounts(d1, userId, ['concepts', 'titleBytes', 'links', 'relations']);
  // Ends are digits and a comma: 40 bytes a row at most.
  const perPiece = Math.floor(PIECE_BYTES / 40);
  const endPieces = [
    ...pieces(d1, userId, asEnds(LINKS_ORDERED), counts.links, perPiece),
    ...pieces(d1, userId, asEnds(RELATIONS_ORDERED), counts.relations, perPiece),
  ];
  const { rows, more } = await conceptRows(d1, userId, counts, endPieces);
  const ends: [number, number][] = [];
  for (const result of more) {
    const list = result[0]?.piece;
    if (!list) continue;
    // Digits and commas: read as one JSON array of numbers (faster than splitting).
    const ids = JSON.parse(`[${list}]`) as number[];
    for (let i = 0; i + 1 < ids.length; i += 2) ends.push([ids[i]!, ids[i + 1]!]);
  }
  return { concepts: rows, ends };
}

/**
 * The links as the JSON text of `[{ concept_id, target_concept_id, link_type }, …]`, ready
 * to send: the links in (concept_id, target_concept_id, link_type) order, then the relations
 * in (parent, child) order; `linkCount` says how many of the entries are links.
 */
export async function graphLinksJson(d1: D1Database, userId: number): Promise<{ json: string; linkCount: number }> {
  const counts = await graphCounts(d1, userId, ['links', 'linkTypeBytes', 'relations']);
  const links = pieces(d1, userId, asJson(LINKS_ORDERED), counts.links, rowsPerPiece(counts.linkTypeBytes));
  const relations = pieces(d1, userId, asJson(RELATIONS_ORDERED), counts.relations, rowsPerPiece(RELATION_LINK_TYPE.length));
  // Counted again in the same batch: the pieces and the count agree.
  const linkCount = query<{ n: number }>(d1.prepare(`SELECT (${COUNTS.links}) AS n`).bind(userId));
  const read = await runBatch(d1, [...links, ...relations, linkCount]);
  return { json: joinedArrays([...links, ...relations].map(read)), linkCount: read(linkCount)[0]!.n };
}

// Reads that patch a kept graph after a write that named the concepts it touched: the
// versions (first in the batch, so the patch is judged against what it reads), those
// concepts' star inputs, and every link and relation with one end among them. The rows
// are written by the same expressions as the full reads, so a patched answer is the text
// a full rebuild would write.

/** The person's graph versions (moved by triggers on every table the galaxy and the graph read); no row when the account is gone. */
export function graphVersionsNow(d1: D1Database, userId: number): Query<{ graph_version: number; graph_links_version: number }> {
  return query(d1.prepare('SELECT graph_version, graph_links_version FROM users WHERE id = ?1').bind(userId));
}

const TOUCHED = 'SELECT value FROM json_each(?2)';

/** The star inputs of the concepts among `ids` that still exist, as one JSON array. */
export function graphConceptsAmong(d1: D1Database, userId: number, ids: number[]): Query<Piece> {
  return query(d1.prepare(conceptsPiece(`AND c.id IN (${TOUCHED}) ORDER BY c.id`)).bind(userId, JSON.stringify(ids)));
}

/** The links and relations with an end among `ids`: their ends, type and the JSON the links' answer lists them as. */
export type GraphLinkRow = { a: number; b: number; t: string; relation: 0 | 1; json: string };

export function graphLinksTouching(d1: D1Database, userId: number, ids: number[]): Query<GraphLinkRow> {
  const entry = `json_object('concept_id', a, 'target_concept_id', b, 'link_type', t) AS json`;
  return query(
    d1
      .prepare(
        `SELECT a, b, t, 0 AS relation, ${entry} FROM (SELECT concept_id AS a, target_concept_id AS b, link_type AS t FROM concept_links
           WHERE user_id = ?1 AND (concept_id IN (${TOUCHED}) OR target_concept_id IN (${TOUCHED})))
         UNION ALL
         SELECT a, b, t, 1 AS relation, ${entry} FROM (SELECT parent_id AS a, child_id AS b, '${RELATION_LINK_TYPE}' AS t FROM concept_relations
           WHERE user_id = ?1 AND (parent_id IN (${TOUCHED}) OR child_id IN (${TOUCHED})))`,
      )
      .bind(userId, JSON.stringify(ids)),
  );
}

/** The star inputs `graphConceptsAmong` read. */
export function conceptRowsOf(rows: Piece[]): GraphConceptRow[] {
  return JSON.parse(rows[0]?.piece ?? '[]') as GraphConceptRow[];
}
