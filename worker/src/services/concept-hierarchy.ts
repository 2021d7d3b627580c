/**
 * The prerequisite hierarchy (`concept_relations`, parent before child): roots, children,
 * the ancestry walk, and the rule that a concept can never become its own ancestor.
 */
import * as sql from '../db/queries/concept-relations';
import { allRows, firstRow } from '../db/rows';
import { ApiError } from '../lib/errors';
import { presentConceptPreview } from '../presenters/concept';

export const CYCLE_MESSAGE = 'Un concept ne peut pas être son propre ancêtre.';

/** Concepts without a parent, by title. */
export async function rootConcepts(d1: D1Database, userId: number) {
  return (await allRows(sql.rootConcepts(d1, userId))).map(presentConceptPreview);
}

/** The children of a concept (already checked to be the user's), by title. */
export async function childConcepts(d1: D1Database, userId: number, parentId: number) {
  return (await allRows(sql.childConcepts(d1, userId, parentId))).map(presentConceptPreview);
}

/** The ancestors of a concept, root first, excluding the concept itself. */
export async function ancestry(d1: D1Database, userId: number, conceptId: number) {
  return (await allRows(sql.ancestors(d1, userId, conceptId))).map((r) => ({ id: r.id, title: r.title }));
}

/**
 * Refuses relations that would make a concept its own ancestor. With `parents` → concept →
 * `children`, a cycle exists exactly when some child already leads down to some parent
 * (or to the concept itself) along the other relations. `conceptId` is null on creation.
 */
export async function assertNoCycle(d1: D1Database, userId: number, conceptId: number | null, parents: number[], children: number[]) {
  const self = conceptId ?? -1;
  if (parents.includes(self) || children.includes(self) || parents.some((p) => children.includes(p))) {
    throw new ApiError(422, 'hierarchy_cycle', CYCLE_MESSAGE);
  }
  if (parents.length === 0 || children.length === 0) return;
  if (await firstRow(sql.pathDown(d1, userId, self, children, parents))) throw new ApiError(422, 'hierarchy_cycle', CYCLE_MESSAGE);
}
