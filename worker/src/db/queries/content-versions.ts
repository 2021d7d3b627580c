/**
 * The content of a concept's recent versions: the base a REST write was read at, so the
 * write can be merged three ways into what changed since (domain/block-merge.ts).
 */
import { query, type SqlColumns } from '../rows';
import type { conceptContentVersions } from '../schema';

export const CONTENT_VERSIONS_KEPT = 50;

/** Records the concept's current content under its current version and forgets the oldest ones. `cid` is its id or an SQL expression for it. */
export function recordContentVersion(d1: D1Database, cid: string, now: number): D1PreparedStatement[] {
  return [
    d1
      .prepare(
        `INSERT OR REPLACE INTO concept_content_versions (concept_id, version, content, created_at)
         SELECT id, content_version, content, ? FROM concepts WHERE id = ${cid}`,
      )
      .bind(now),
    d1.prepare(
      `DELETE FROM concept_content_versions WHERE concept_id = ${cid}
       AND version <= (SELECT content_version FROM concepts WHERE id = ${cid}) - ${CONTENT_VERSIONS_KEPT}`,
    ),
  ];
}

export function selectContentVersion(d1: D1Database, conceptId: number, version: number) {
  return query<SqlColumns<typeof conceptContentVersions, 'content'>>(d1.prepare('SELECT content FROM concept_content_versions WHERE concept_id = ? AND version = ?').bind(conceptId, version));
}
