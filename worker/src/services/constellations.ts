/**
 * Constellations: named groups of a person's concepts. Membership changes accept only the
 * person's own concepts; deleting a constellation keeps its concepts.
 */
import { DEFAULT_CONSTELLATION_COLOR } from '../domain/constellation';
import type { ConstellationWrite } from '../domain/write-payloads';
import * as sql from '../db/queries/constellations';
import { foreignConceptIds } from '../db/queries/import';
import { allRows, firstRow } from '../db/rows';
import { ApiError, notFound } from '../lib/errors';
import { presentConstellation } from '../presenters/constellation';

export async function listConstellations(d1: D1Database, userId: number) {
  return (await allRows(sql.constellationsOf(d1, userId))).map(presentConstellation);
}

export async function loadConstellation(d1: D1Database, userId: number, id: number) {
  const row = await firstRow(sql.constellationById(d1, userId, id));
  if (!row) throw notFound('Constellation');
  return presentConstellation(row);
}

export async function requireOwnConstellation(d1: D1Database, userId: number, id: number): Promise<number> {
  const row = await firstRow(sql.ownConstellation(d1, userId, id));
  if (!row) throw notFound('Constellation');
  return row.id;
}

export async function createConstellation(d1: D1Database, userId: number, body: ConstellationWrite, now: number) {
  const fields = { name: body.name, description: body.description || null, color: body.color ?? DEFAULT_CONSTELLATION_COLOR, icon: body.icon || null };
  const row = await firstRow(sql.insertConstellation(d1, userId, fields, now));
  return row!.id;
}

/** Omitted description, colour or icon keep their value; null clears them (colour back to the default). */
export async function updateConstellation(d1: D1Database, userId: number, id: number, body: ConstellationWrite, now: number) {
  const fields = {
    name: body.name,
    description: body.description === undefined ? undefined : body.description || null,
    color: body.color === undefined ? undefined : (body.color ?? DEFAULT_CONSTELLATION_COLOR),
    icon: body.icon === undefined ? undefined : body.icon || null,
  };
  if (!(await firstRow(sql.updateConstellation(d1, userId, id, fields, now)))) throw notFound('Constellation');
}

export async function deleteConstellation(d1: D1Database, userId: number, id: number) {
  await requireOwnConstellation(d1, userId, id);
  await d1.batch(sql.deleteConstellation(d1, userId, id));
}

/** Adds the user's concepts to a constellation; any id that is not one of theirs refuses the whole request. */
export async function addConcepts(d1: D1Database, userId: number, id: number, conceptIds: number[], now: number) {
  await requireOwnConstellation(d1, userId, id);
  const missing = await foreignConceptIds(d1, userId, conceptIds);
  if (missing.length) throw new ApiError(422, 'unknown_concept', `Concept introuvable : ${missing.join(', ')}.`);
  await d1.batch(sql.addMembers(d1, userId, id, [...new Set(conceptIds)], now));
}

export async function removeConcepts(d1: D1Database, userId: number, id: number, conceptIds: number[], now: number) {
  await requireOwnConstellation(d1, userId, id);
  await d1.batch(sql.removeMembers(d1, id, conceptIds, now));
}
