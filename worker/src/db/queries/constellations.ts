/**
 * SQL of constellations (named groups of a person's concepts) and their membership. Every
 * statement is scoped by the person's id; services/constellations.ts decides what a
 * missing row means.
 */
import { query, type SqlColumns } from '../rows';
import type { constellations } from '../schema';

/** A constellation as the API reads it, with how many concepts it holds. */
export type ConstellationRow = SqlColumns<typeof constellations, 'id' | 'name' | 'description' | 'color' | 'icon' | 'created_at' | 'updated_at'> & {
  concept_count: number;
};

/** What a concept shows of a constellation it belongs to. */
export type ConstellationRefRow = SqlColumns<typeof constellations, 'id' | 'name' | 'color' | 'icon'>;

/** The stored values of a constellation's optional fields; undefined leaves a field as it is. */
export interface ConstellationFields {
  name: string;
  description?: string | null;
  color?: string;
  icon?: string | null;
}

const COLUMNS = `k.id, k.name, k.description, k.color, k.icon, k.created_at, k.updated_at,
  (SELECT COUNT(*) FROM constellation_concepts cc WHERE cc.constellation_id = k.id) AS concept_count`;

export const constellationsOf = (d1: D1Database, userId: number) =>
  query<ConstellationRow>(d1.prepare(`SELECT ${COLUMNS} FROM constellations k WHERE k.user_id = ? ORDER BY lower(k.name), k.id`).bind(userId));

export const constellationById = (d1: D1Database, userId: number, id: number) =>
  query<ConstellationRow>(d1.prepare(`SELECT ${COLUMNS} FROM constellations k WHERE k.id = ? AND k.user_id = ?`).bind(id, userId));

/** The constellation's id when it is the person's. */
export const ownConstellation = (d1: D1Database, userId: number, id: number) =>
  query<SqlColumns<typeof constellations, 'id'>>(d1.prepare('SELECT id FROM constellations WHERE id = ? AND user_id = ?').bind(id, userId));

export const insertConstellation = (d1: D1Database, userId: number, fields: Required<ConstellationFields>, now: number) =>
  query<SqlColumns<typeof constellations, 'id'>>(
    d1
      .prepare('INSERT INTO constellations (user_id, name, description, color, icon, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id')
      .bind(userId, fields.name, fields.description, fields.color, fields.icon, now, now),
  );

/** Writes the name and the optional fields given; reads back the id, none when the constellation is not the person's. */
export function updateConstellation(d1: D1Database, userId: number, id: number, fields: ConstellationFields, now: number) {
  const given = (['description', 'color', 'icon'] as const).filter((column) => fields[column] !== undefined);
  const sets = ['name = ?', 'updated_at = ?', ...given.map((column) => `${column} = ?`)];
  return query<SqlColumns<typeof constellations, 'id'>>(
    d1
      .prepare(`UPDATE constellations SET ${sets.join(', ')} WHERE id = ? AND user_id = ? RETURNING id`)
      .bind(fields.name, now, ...given.map((column) => fields[column]), id, userId),
  );
}

/** Deletes a constellation (its concepts stay). */
export const deleteConstellation = (d1: D1Database, userId: number, id: number) => [
  d1.prepare('DELETE FROM constellation_concepts WHERE constellation_id = ?').bind(id),
  d1.prepare('DELETE FROM constellations WHERE id = ? AND user_id = ?').bind(id, userId),
];

const touch = (d1: D1Database, id: number, now: number) => d1.prepare('UPDATE constellations SET updated_at = ? WHERE id = ?').bind(now, id);

/** Adds the person's concepts among `conceptIds` (the others are skipped) and marks the constellation updated. */
export const addMembers = (d1: D1Database, userId: number, id: number, conceptIds: number[], now: number) => [
  d1
    .prepare(
      `INSERT OR IGNORE INTO constellation_concepts (constellation_id, concept_id, added_at)
       SELECT ?, id, ? FROM concepts WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))`,
    )
    .bind(id, now, userId, JSON.stringify(conceptIds)),
  touch(d1, id, now),
];

export const removeMembers = (d1: D1Database, id: number, conceptIds: number[], now: number) => [
  d1.prepare('DELETE FROM constellation_concepts WHERE constellation_id = ? AND concept_id IN (SELECT value FROM json_each(?))').bind(id, JSON.stringify(conceptIds)),
  touch(d1, id, now),
];
