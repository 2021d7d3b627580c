/**
 * Reading one concept with everything the concept page shows, in one round trip:
 * tags, constellations, parents, children, backlinks and outgoing links.
 */
import * as sql from '../db/queries/concepts';
import { firstRow, readBatch } from '../db/rows';
import { notFound } from '../lib/errors';
import { presentConcept } from '../presenters/concept';

/** The concept's id if it belongs to the user; 404 otherwise (another person's id looks like a missing one). */
export async function requireOwnConcept(d1: D1Database, userId: number, id: number): Promise<number> {
  const row = await firstRow(sql.ownConcept(d1, userId, id));
  if (!row) throw notFound('Concept');
  return row.id;
}

export async function loadConcept(d1: D1Database, userId: number, id: number) {
  const [[row], tags, constellations, parents, children, backlinks, outgoing] = await readBatch(d1, [
    sql.conceptById(d1, userId, id),
    sql.tagsOfConcept(d1, id),
    sql.constellationsOfConcept(d1, id),
    sql.parentsOf(d1, id),
    sql.childrenOf(d1, id),
    sql.backlinksOf(d1, userId, id),
    sql.linkedConceptIds(d1, userId, id),
  ]);
  if (!row) throw notFound('Concept');
  const refs = (rows: sql.ConceptTitle[]) => rows.map((r) => ({ id: r.id, title: r.title }));
  return presentConcept(row, {
    tags,
    constellations,
    parents: refs(parents),
    children: refs(children),
    backlinks: refs(backlinks),
    linkedConceptIds: outgoing.map((r) => r.id),
  });
}

/** The preview card: id, title, excerpt. */
export async function loadPreviewRow(d1: D1Database, userId: number, id: number) {
  const row = await firstRow(sql.conceptPreview(d1, userId, id));
  if (!row) throw notFound('Concept');
  return row;
}
