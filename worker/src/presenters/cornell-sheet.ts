import type { CornellRow } from '../domain/cornell';
import type { CornellSheetRow } from '../db/queries/cornell-sheets';

/** A concept's Cornell sheet; before its first save, an empty sheet at version 0. */
export function presentCornellSheet(conceptId: number, row: CornellSheetRow | null) {
  return {
    concept_id: conceptId,
    rows: row ? (JSON.parse(row.rows) as CornellRow[]) : [],
    summary: row?.summary ?? '',
    version: row?.version ?? 0,
    updated_at: row ? new Date(row.updated_at).toISOString() : null,
  };
}
