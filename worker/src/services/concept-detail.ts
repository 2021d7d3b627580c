/**
 * Reading one concept with everything the concept page shows, in one round trip:
 * tags, constellations, parents, children, backlinks and outgoing links.
 */
import * as sql from '../db/queries/concepts';
import { firstRow, rowsRead } from '../db/rows';
import { notFound } from '../lib/errors';
import { presentConcept } from '../presenters/concept';

/** The concept's id if it belongs to the user; 404 otherwise (another person's id looks like a missing one). */
export async function requireOwnConcept(d1: D1Database, userId: number, id: number): Promise<number> {
  const row = await firstRow(sql.ownConcept(d1, userId, id));
  if (!row) throw notFound('Concept');
  return row.id;
}

/**
 * The reads behind a concept as GET /concepts/:id answers it, and how they are presented.
 * They run as a batch of their own (loadConcept) or at the end of the write batch that
 * changed the concept, which then answers from its own results without a second round trip.
 */
export function conceptReads(d1: D1Database, userId: number, id: number) {
  const reads = [
    sql.conceptById(d1, userId, id),
    sql.tagsOfConcept(d1, id),
    sql.constellationsOfConcept(d1, id),
    sql.parentsOf(d1, id),
    sql.childrenOf(d1, id),
    sql.backlinksOf(d1, userId, id),
    sql.linkedConceptIds(d1, userId, id),
  ] as const;
  /** `results` are what D1 answered for `statements`, in order. */
  const present = (results: D1Result[]) => {
    const [concept, tags, constellations, parents, children, backlinks, outgoing] = reads;
    const [row] = rowsRead(concept, results[0]!);
    if (!row) throw notFound('Concept');
    const refs = (rows: sql.ConceptTitle[]) => rows.map((r) => ({ id: r.id, title: r.title }));
    return presentConcept(row, {
      tags: rowsRead(tags, results[1]!),
      constellations: rowsRead(constellations, results[2]!),
      parents: refs(rowsRead(parents, results[3]!)),
      children: refs(rowsRead(children, results[4]!)),
      backlinks: refs(rowsRead(backlinks, results[5]!)),
      linkedConceptIds: rowsRead(outgoing, results[6]!).map((r) => r.id),
    });
  };
  return { statements: [...reads] as D1PreparedStatement[], present };
}

export type PresentedConcept = ReturnType<ReturnType<typeof conceptReads>['present']>;

export async function loadConcept(d1: D1Database, userId: number, id: number): Promise<PresentedConcept> {
  const reads = conceptReads(d1, userId, id);
  return reads.present(await d1.batch(reads.statements));
}

/** The preview card: id, title, excerpt. */
export async function loadPreviewRow(d1: D1Database, userId: number, id: number) {
  const row = await firstRow(sql.conceptPreview(d1, userId, id));
  if (!row) throw notFound('Concept');
  return row;
}
