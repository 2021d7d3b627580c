/**
 * SQL of a concept write (services/save-concept.ts): what the write reads first, and the
 * statements of its one batch — the concept row, its live state, tags, hierarchy,
 * constellations and wiki links. `cid` is the concept's id, or an SQL expression for it
 * inside a create batch (db/queries/new-row.ts); every other value is bound.
 */
import { ownedMatch, phraseMatchQuery } from '../../domain/search-query';
import { titleKey } from '../../domain/wiki-links';
import type { ConceptWrite } from '../../domain/write-payloads';
import { query, type SqlColumns } from '../rows';
import { abortUnless } from './guard';
import type { concepts } from '../schema';

/** What a content write stores, derived from the document: its JSON (or null) and its plain text. */
export interface StoredConceptFields {
  content: string | null;
  contentText: string;
}

type IdRow = { id: number };

/** The concept's title key and content as stored, when it is the person's. */
export const storedConcept = (d1: D1Database, userId: number, conceptId: number) =>
  query<SqlColumns<typeof concepts, 'id' | 'title_key' | 'content' | 'content_version'>>(
    d1.prepare('SELECT id, title_key, content, content_version FROM concepts WHERE id = ? AND user_id = ?').bind(conceptId, userId),
  );

/** The ids among `ids` that are the person's constellations. */
export const ownConstellationIds = (d1: D1Database, userId: number, ids: number[]) =>
  query<IdRow>(d1.prepare('SELECT id FROM constellations WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))').bind(userId, JSON.stringify(ids)));

export const parentIds = (d1: D1Database, conceptId: number) => query<IdRow>(d1.prepare('SELECT parent_id AS id FROM concept_relations WHERE child_id = ?').bind(conceptId));

export const childIds = (d1: D1Database, conceptId: number) => query<IdRow>(d1.prepare('SELECT child_id AS id FROM concept_relations WHERE parent_id = ?').bind(conceptId));

/** Aborts the batch unless the concept is still at content version `version`. */
export const contentVersionIs = (d1: D1Database, userId: number, conceptId: number, version: number) =>
  abortUnless(d1, '(SELECT content_version FROM concepts WHERE id = ? AND user_id = ?) = ?', conceptId, userId, version);

/** Stores a concept's binary Yjs state. */
export const saveConceptDoc = (d1: D1Database, userId: number, conceptId: number, state: Uint8Array, now: number) =>
  d1
    .prepare(
      `INSERT INTO concept_docs (concept_id, user_id, state, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (concept_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at`,
    )
    .bind(conceptId, userId, state, now);

/** Creates the concept under `uid`; a missing category takes the person's default_concept_category preference. Reads back its id. */
export function insertConcept(d1: D1Database, userId: number, uid: string, body: ConceptWrite, derived: StoredConceptFields | undefined, notes: string | null, now: number) {
  return query<IdRow>(
    d1
      .prepare(
        `INSERT INTO concepts (user_id, title, title_key, content, content_text, notes, source, source_url, category, content_version, created_at, updated_at, uid)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8,
           -- No category given: the person's default_concept_category preference, if any.
           CASE WHEN ?13 = 1 THEN (SELECT json_extract(data, '$.default_concept_category') FROM user_preferences WHERE user_id = ?1) ELSE ?9 END,
           ?10, ?11, ?12, ?14) RETURNING id`,
      )
      .bind(
        userId,
        body.title,
        titleKey(body.title),
        derived?.content ?? null,
        derived?.contentText ?? '',
        notes,
        body.source ?? 'MANUAL',
        body.source_url || null,
        body.category || null,
        derived?.content ? 1 : 0,
        now,
        now,
        body.category === undefined ? 1 : 0,
        uid,
      ),
  );
}

/** Updates the concept's title, the fields the body gives and (with `derived`) its content. Reads back its id. */
export function updateConcept(d1: D1Database, userId: number, id: number, body: ConceptWrite, derived: StoredConceptFields | undefined, notes: string | null, now: number) {
  const sets = ['title = ?', 'title_key = ?', 'updated_at = ?'];
  const binds: unknown[] = [body.title, titleKey(body.title), now];
  if (derived) {
    sets.push('content = ?', 'content_text = ?', 'content_version = content_version + 1');
    binds.push(derived.content, derived.contentText);
  }
  const optional: [keyof ConceptWrite, string, unknown][] = [
    ['notes', 'notes', notes],
    ['category', 'category', body.category || null],
    ['source', 'source', body.source],
    ['source_url', 'source_url', body.source_url || null],
  ];
  for (const [field, column, value] of optional) {
    if (body[field] === undefined) continue;
    sets.push(`${column} = ?`);
    binds.push(value);
  }
  return query<IdRow>(d1.prepare(`UPDATE concepts SET ${sets.join(', ')} WHERE id = ? AND user_id = ? RETURNING id`).bind(...binds, id, userId));
}

/** Tags are created on demand and matched by their case-folded name (`tags`: [name, key] pairs). */
export function writeTags(d1: D1Database, userId: number, cid: string, tags: [name: string, key: string][]) {
  const pairs = JSON.stringify(tags);
  const keys = JSON.stringify(tags.map(([, key]) => key));
  return [
    d1
      .prepare(
        `INSERT INTO tags (user_id, name, name_key) SELECT ?, json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(?) WHERE true
         ON CONFLICT (user_id, name_key) DO NOTHING`,
      )
      .bind(userId, pairs),
    d1.prepare(`DELETE FROM concept_tags WHERE concept_id = ${cid}`),
    d1
      .prepare(`INSERT INTO concept_tags (concept_id, tag_id) SELECT ${cid}, id FROM tags WHERE user_id = ? AND name_key IN (SELECT value FROM json_each(?))`)
      .bind(userId, keys),
  ];
}

/** Replaces the concept's parents or children with the user's concepts among `ids`. */
export function writeRelations(d1: D1Database, userId: number, cid: string, ids: number[], side: 'parents' | 'children') {
  const [own, other] = side === 'parents' ? ['child_id', 'parent_id'] : ['parent_id', 'child_id'];
  return [
    d1.prepare(`DELETE FROM concept_relations WHERE ${own} = ${cid}`),
    d1
      .prepare(
        `INSERT OR IGNORE INTO concept_relations (user_id, ${other}, ${own})
         SELECT ?, id, ${cid} FROM concepts WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))`,
      )
      .bind(userId, userId, JSON.stringify(ids)),
  ];
}

export function writeConstellations(d1: D1Database, userId: number, cid: string, ids: number[], now: number) {
  return [
    d1.prepare(`DELETE FROM constellation_concepts WHERE concept_id = ${cid}`),
    d1
      .prepare(
        `INSERT OR IGNORE INTO constellation_concepts (constellation_id, concept_id, added_at)
         SELECT id, ${cid}, ? FROM constellations WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))`,
      )
      .bind(now, userId, JSON.stringify(ids)),
  ];
}

/**
 * Rewrites the concept's wiki links to the concepts its content names (never itself).
 * `cid` is the concept's id, or an SQL expression for it inside a create batch.. Also used
 * by live rooms' saves (services/live-content.ts).
 */
export function writeWikiLinks(d1: D1Database, userId: number, cid: string, targets: { titleKeys: string[]; ids: number[] }, now: number) {
  return [
    d1.prepare(`DELETE FROM concept_links WHERE concept_id = ${cid} AND link_type = 'wiki'`),
    d1
      .prepare(
        `INSERT OR IGNORE INTO concept_links (user_id, concept_id, target_concept_id, link_type, created_at)
         SELECT ?, ${cid}, id, 'wiki', ? FROM concepts
         WHERE user_id = ? AND id <> ${cid}
           AND (title_key IN (SELECT value FROM json_each(?)) OR id IN (SELECT value FROM json_each(?)))`,
      )
      .bind(userId, now, userId, JSON.stringify(targets.titleKeys), JSON.stringify(targets.ids)),
  ];
}

/**
 * Links pointing at a concept from texts that mention `[[title]]` or hold a placeholder
 * for it (a `[[title]]` written before the concept existed): run when a concept is
 * created or renamed. SQLite's lower() folds ASCII only and keeps accents, so the folded
 * key ('[[energie]]'), the lower-cased title ('[[énergie]]') and the exact spelling are tried.
 */
export function linkMentionsOf(d1: D1Database, userId: number, cid: string, title: string, now: number) {
  // The full-text index narrows the texts to those holding the title's words; only those are scanned.
  const phrase = phraseMatchQuery(title, 'content_text');
  const candidates = phrase ? 'AND s.id IN (SELECT rowid FROM concepts_fts WHERE concepts_fts MATCH ?)' : '';
  return d1
    .prepare(
      `INSERT OR IGNORE INTO concept_links (user_id, concept_id, target_concept_id, link_type, created_at)
       SELECT ?, s.id, ${cid}, 'wiki', ? FROM concepts s
       WHERE s.user_id = ? AND s.id <> ${cid} ${candidates} AND (instr(lower(s.content_text), ?) > 0 OR instr(lower(s.content_text), ?) > 0 OR instr(s.content_text, ?) > 0
         OR (instr(s.content, 'pendingConceptLink') > 0 AND instr(lower(s.content), lower(json_quote(?))) > 0))`,
    )
    .bind(userId, now, userId, ...(phrase ? [ownedMatch(userId, phrase)] : []), `[[${titleKey(title)}]]`, `[[${title.trim().toLowerCase()}]]`, `[[${title}]]`, title.trim());
}
