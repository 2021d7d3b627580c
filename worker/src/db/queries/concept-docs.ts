/**
 * SQL of a concept's live document: the binary Yjs state the party room keeps (the source
 * of truth while the concept is edited live) and the concept's columns derived from it
 * (ProseMirror JSON with its version, plain text), as services/live-content.ts reads and
 * writes them.
 */
import type { conceptDocs, concepts } from '../schema';
import { query, type SqlColumns } from '../rows';

/** The concept's stored content as a room derives it. */
export type ConceptContentRow = SqlColumns<typeof concepts, 'content' | 'content_text' | 'content_version'>;

export const conceptContentStatement = (d1: D1Database, userId: number, conceptId: number) =>
  query<ConceptContentRow>(d1.prepare('SELECT content, content_text, content_version FROM concepts WHERE id = ? AND user_id = ?').bind(conceptId, userId));

export const conceptDocStatement = (d1: D1Database, userId: number, conceptId: number) =>
  query<SqlColumns<typeof conceptDocs, 'state'>>(d1.prepare('SELECT state FROM concept_docs WHERE concept_id = ? AND user_id = ?').bind(conceptId, userId));

export const saveConceptDocStatement = (d1: D1Database, userId: number, conceptId: number, state: Uint8Array, now: number) =>
  d1
    .prepare(
      `INSERT INTO concept_docs (concept_id, user_id, state, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (concept_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at`,
    )
    .bind(conceptId, userId, state, now);

/** The room's content as the concept's JSON, bumping its version. */
export const updateLiveContentStatement = (d1: D1Database, userId: number, conceptId: number, json: string, now: number) =>
  d1.prepare('UPDATE concepts SET content = ?, content_version = content_version + 1, updated_at = ? WHERE id = ? AND user_id = ?').bind(json, now, conceptId, userId);

export const updateContentTextStatement = (d1: D1Database, userId: number, conceptId: number, text: string) =>
  d1.prepare('UPDATE concepts SET content_text = ? WHERE id = ? AND user_id = ?').bind(text, conceptId, userId);
