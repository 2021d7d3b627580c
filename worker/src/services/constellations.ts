/**
 * Constellations: named groups of a person's concepts. Membership changes accept only the
 * person's own concepts; deleting a constellation keeps its concepts.
 */
import { DEFAULT_CONSTELLATION_COLOR } from '../domain/constellation';
import { ApiError, notFound } from '../lib/errors';
import { presentConstellation, type ConstellationRow } from '../presenters/constellation';
import type { ConstellationWrite } from '../domain/write-payloads';

const COLUMNS = `k.id, k.name, k.description, k.color, k.icon, k.created_at, k.updated_at,
  (SELECT COUNT(*) FROM constellation_concepts cc WHERE cc.constellation_id = k.id) AS concept_count`;

export async function listConstellations(d1: D1Database, userId: number) {
  const rows = await d1.prepare(`SELECT ${COLUMNS} FROM constellations k WHERE k.user_id = ? ORDER BY lower(k.name), k.id`).bind(userId).all<ConstellationRow>();
  return rows.results.map(presentConstellation);
}

export async function loadConstellation(d1: D1Database, userId: number, id: number) {
  const row = await d1.prepare(`SELECT ${COLUMNS} FROM constellations k WHERE k.id = ? AND k.user_id = ?`).bind(id, userId).first<ConstellationRow>();
  if (!row) throw notFound('Constellation');
  return presentConstellation(row);
}

export async function requireOwnConstellation(d1: D1Database, userId: number, id: number): Promise<number> {
  const row = await d1.prepare('SELECT id FROM constellations WHERE id = ? AND user_id = ?').bind(id, userId).first<{ id: number }>();
  if (!row) throw notFound('Constellation');
  return row.id;
}

export async function createConstellation(d1: D1Database, userId: number, body: ConstellationWrite, now: number) {
  const row = await d1
    .prepare('INSERT INTO constellations (user_id, name, description, color, icon, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id')
    .bind(userId, body.name, body.description || null, body.color ?? DEFAULT_CONSTELLATION_COLOR, body.icon || null, now, now)
    .first<{ id: number }>();
  return row!.id;
}

/** Omitted description, colour or icon keep their value; null clears them (colour back to the default). */
export async function updateConstellation(d1: D1Database, userId: number, id: number, body: ConstellationWrite, now: number) {
  const sets = ['name = ?', 'updated_at = ?'];
  const binds: unknown[] = [body.name, now];
  const optional: [string, unknown, unknown][] = [
    ['description', body.description, body.description || null],
    ['color', body.color, body.color ?? DEFAULT_CONSTELLATION_COLOR],
    ['icon', body.icon, body.icon || null],
  ];
  for (const [column, given, stored] of optional) {
    if (given === undefined) continue;
    sets.push(`${column} = ?`);
    binds.push(stored);
  }
  const row = await d1.prepare(`UPDATE constellations SET ${sets.join(', ')} WHERE id = ? AND user_id = ? RETURNING id`).bind(...binds, id, userId).first();
  if (!row) throw notFound('Constellation');
}

export async function deleteConstellation(d1: D1Database, userId: number, id: number) {
  await requireOwnConstellation(d1, userId, id);
  await d1.batch([
    d1.prepare('DELETE FROM constellation_concepts WHERE constellation_id = ?').bind(id),
    d1.prepare('DELETE FROM constellations WHERE id = ? AND user_id = ?').bind(id, userId),
  ]);
}

/** Adds the user's concepts to a constellation; any id that is not one of theirs refuses the whole request. */
export async function addConcepts(d1: D1Database, userId: number, id: number, conceptIds: number[], now: number) {
  await requireOwnConstellation(d1, userId, id);
  const wanted = [...new Set(conceptIds)];
  const found = await d1
    .prepare('SELECT id FROM concepts WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))')
    .bind(userId, JSON.stringify(wanted))
    .all<{ id: number }>();
  const missing = wanted.filter((cid) => !found.results.some((r) => r.id === cid));
  if (missing.length) throw new ApiError(422, 'unknown_concept', `Concept introuvable : ${missing.join(', ')}.`);
  await d1.batch([
    d1
      .prepare(
        `INSERT OR IGNORE INTO constellation_concepts (constellation_id, concept_id, added_at)
         SELECT ?, id, ? FROM concepts WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))`,
      )
      .bind(id, now, userId, JSON.stringify(wanted)),
    d1.prepare('UPDATE constellations SET updated_at = ? WHERE id = ?').bind(now, id),
  ]);
}

export async function removeConcepts(d1: D1Database, userId: number, id: number, conceptIds: number[], now: number) {
  await requireOwnConstellation(d1, userId, id);
  await d1.batch([
    d1
      .prepare('DELETE FROM constellation_concepts WHERE constellation_id = ? AND concept_id IN (SELECT value FROM json_each(?))')
      .bind(id, JSON.stringify(conceptIds)),
    d1.prepare('UPDATE constellations SET updated_at = ? WHERE id = ?').bind(now, id),
  ]);
}
