/**
 * Deleting a concept and everything that hangs on it in one atomic batch
 * (db/queries/concepts.ts › deleteConcept says what goes).
 */
import * as sql from '../db/queries/concepts';
import { isGuardFailure } from '../db/queries/guard';
import { firstRow } from '../db/rows';
import { notFound } from '../lib/errors';
import { graphBatch } from './graph-cache';

export async function deleteConcept(d1: D1Database, userId: number, conceptId: number): Promise<void> {
  if (!(await firstRow(sql.ownConcept(d1, userId, conceptId)))) throw notFound('Concept');
  try {
    await graphBatch(d1, userId, sql.deleteConcept(d1, userId, conceptId), () => [conceptId]);
  } catch (err) {
    // Another delete of the same concept ran first.
    if (isGuardFailure(err)) throw notFound('Concept');
    throw err;
  }
}
