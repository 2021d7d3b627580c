/**
 * SQL of the prerequisite hierarchy (`concept_relations`, parent before child): roots,
 * children, the ancestry walk and the cycle search. Every statement is scoped by the
 * person's id.
 */
import { query } from '../rows';
import type { ConceptPreviewRow, ConceptTitle } from './concepts';

const MAX_ANCESTRY_DEPTH = 200;

const PREVIEW_COLUMNS = "c.id, c.title, substr(c.content_text, 1, 400) AS content_text, CASE WHEN c.content_text = '' THEN c.content END AS content";

/** Concepts without a parent, by title. */
export const rootConcepts = (d1: D1Database, userId: number) =>
  query<ConceptPreviewRow>(
    d1
      .prepare(
        `SELECT ${PREVIEW_COLUMNS} FROM concepts c
         WHERE c.user_id = ? AND NOT EXISTS (SELECT 1 FROM concept_relations r WHERE r.child_id = c.id)
         ORDER BY c.title_key, c.id`,
      )
      .bind(userId),
  );

/** The children of a concept, by title. */
export const childConcepts = (d1: D1Database, userId: number, parentId: number) =>
  query<ConceptPreviewRow>(
    d1
      .prepare(
        `SELECT ${PREVIEW_COLUMNS} FROM concept_relations r JOIN concepts c ON c.id = r.child_id
         WHERE r.parent_id = ? AND c.user_id = ? ORDER BY c.title_key, c.id`,
      )
      .bind(parentId, userId),
  );

/**
 * The ancestors of a concept, root first, excluding the concept itself. Where a concept
 * has several parents the walk follows the one with the smallest id; the path remembers
 * what it visited so a cycle (which writes refuse, but imports might bring) ends the walk.
 */
export const ancestors = (d1: D1Database, userId: number, conceptId: number) =>
  query<ConceptTitle>(
    d1
      .prepare(
        `WITH RECURSIVE up(id, depth, path) AS (
           -- Cast: D1 may bind a JS number as a real, which would print as '15.0' in the path.
           SELECT CAST(?1 AS INTEGER), 0, ',' || CAST(?1 AS INTEGER) || ','
           UNION ALL
           SELECT r.parent_id, up.depth + 1, up.path || r.parent_id || ','
           FROM up JOIN concept_relations r ON r.child_id = up.id
           WHERE r.parent_id = (SELECT MIN(r2.parent_id) FROM concept_relations r2 WHERE r2.child_id = up.id)
             AND instr(up.path, ',' || r.parent_id || ',') = 0 AND up.depth < ${MAX_ANCESTRY_DEPTH}
         )
         SELECT c.id, c.title FROM up JOIN concepts c ON c.id = up.id
         WHERE up.depth > 0 AND c.user_id = ?2 ORDER BY up.depth DESC`,
      )
      .bind(conceptId, userId),
  );

/** A row when some of `children` already leads down to some of `parents` without passing through `self`. */
export const pathDown = (d1: D1Database, userId: number, self: number, children: number[], parents: number[]) =>
  query<{ found: number }>(
    d1
      .prepare(
        `WITH RECURSIVE down(id) AS (
           SELECT value FROM json_each(?1)
           UNION
           SELECT r.child_id FROM down JOIN concept_relations r ON r.parent_id = down.id
           WHERE r.user_id = ?2 AND r.parent_id <> ?3 AND r.child_id <> ?3
         )
         SELECT 1 AS found FROM down WHERE id IN (SELECT value FROM json_each(?4)) LIMIT 1`,
      )
      .bind(JSON.stringify(children), userId, self, JSON.stringify(parents)),
  );
