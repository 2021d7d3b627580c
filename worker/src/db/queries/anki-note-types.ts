/**
 * SQL of the person's Anki note types: written by the Anki import, read by the
 * Anki export so that imported notes go back with the note type they came with.
 */
import type { ankiNoteTypes } from '../schema';
import { allRows, query, type SqlColumns } from '../rows';

export type AnkiNoteTypeRow = SqlColumns<typeof ankiNoteTypes, 'anki_id' | 'name' | 'kind' | 'config'>;

/** One statement per note type: inserted, or replaced by the package's newer copy. */
export function upsertNoteTypes(d1: D1Database, userId: number, types: { ankiId: number; name: string; kind: number; config: string }[], now: number) {
  return types.map((t) =>
    d1
      .prepare(
        `INSERT INTO anki_note_types (user_id, anki_id, name, kind, config, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (user_id, anki_id) DO UPDATE SET name = excluded.name, kind = excluded.kind, config = excluded.config, updated_at = excluded.updated_at`,
      )
      .bind(userId, t.ankiId, t.name, t.kind, t.config, now),
  );
}

/** All the person's note types (a handful: one per kind of note imported). */
export async function readNoteTypes(d1: D1Database, userId: number): Promise<AnkiNoteTypeRow[]> {
  return allRows(query<AnkiNoteTypeRow>(d1.prepare('SELECT anki_id, name, kind, config FROM anki_note_types WHERE user_id = ?1').bind(userId)));
}
