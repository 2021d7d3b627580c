/** Constellations as they leave the server (spec document 2 §3; `conceptCount` is the spec's spelling). */
import type { ConstellationRefRow, ConstellationRow } from '../db/queries/constellations';

export const presentConstellationRef = (row: ConstellationRefRow) => ({ id: row.id, name: row.name, color: row.color, icon: row.icon });

export function presentConstellation(row: ConstellationRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    color: row.color,
    icon: row.icon,
    conceptCount: row.concept_count,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
