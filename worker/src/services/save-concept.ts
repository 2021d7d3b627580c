/**
 * Creating and updating a concept with its tags, hierarchy, constellations and wiki links
 * in one atomic D1 batch: either all of it is written or none of it.
 *
 * On update an omitted field keeps its value; a given list replaces the old one.
 * Plain text and wiki links are derived here from the content, on every content write.
 */
import { ApiError, notFound } from '../lib/errors';
import { idByUid, newUid } from '../db/queries/new-row';
import { linkBlocksNaming } from '../db/queries/daily-notes';
import { abortUnless } from '../db/queries/guard';
import { recordContentVersion, selectContentVersion } from '../db/queries/content-versions';
import { contentToDoc, docToPlainText, type RichDoc } from '../domain/richtext';
import { normaliseTagNames, tagKey } from '../domain/tags';
import { titleKey, wikiLinkTargets } from '../domain/wiki-links';
import type { ConceptWrite } from '../domain/write-payloads';
import { assertNoCycle } from './concept-hierarchy';
import { ownedMatch, phraseMatchQuery } from '../domain/search-query';

export interface SaveConceptProps {
  d1: D1Database;
  userId: number;
  /** Absent on creation. */
  conceptId?: number;
  /** On update, `body.content` is ignored: the content arrives merged, in `content`. */
  body: ConceptWrite;
  /** Already read by `checkConceptWrite` (the content write reads it before merging). */
  context?: WriteContext;
  /** An update's merged content, with its Yjs state when it has one; written only if the concept is still at `expectedVersion` when given. */
  content?: { doc: RichDoc; expectedVersion?: number; state?: Uint8Array };
  /** More statements for the same batch (e.g. an import's links); `cid` is the concept's id or an SQL expression for it. */
  alsoWrite?: (cid: string) => D1PreparedStatement[];
}

interface DerivedContent {
  content: string | null;
  contentText: string;
  linkTitleKeys: string[];
  linkIds: number[];
}

function deriveContent(content: unknown): DerivedContent {
  const doc = contentToDoc(content);
  const contentText = docToPlainText(doc);
  const targets = wikiLinkTargets(doc, contentText);
  return { content: doc ? JSON.stringify(doc) : null, contentText, linkTitleKeys: targets.titleKeys, linkIds: targets.ids };
}

/** Notes keep their shape: a document is stored as its JSON, text as text. */
function storedNotes(notes: unknown): string | null {
  if (notes === null || notes === undefined) return null;
  return typeof notes === 'string' ? notes : JSON.stringify(notes);
}

export interface WriteContext {
  /** The stored title's key; null on creation. */
  previousTitleKey: string | null;
  parents: number[];
  children: number[];
  /** What a content write merges against (read when a base version is given). */
  stored: StoredContent;
}

export interface StoredContent {
  version: number;
  content: string | null;
  /** The content of the base version; undefined when that version is no longer kept. */
  base: string | null | undefined;
  /** The binary Yjs state, when the concept was ever edited live. */
  state: unknown;
}

/**
 * Everything a write must know before it is made, read in one round trip: that the concept
 * is the user's, that every id the payload names is one of the user's concepts or
 * constellations (422 otherwise), and the concept's current relations.
 */
async function readWriteContext(d1: D1Database, userId: number, conceptId: number | undefined, conceptIds: number[], constellationIds: number[], baseVersion: number): Promise<WriteContext> {
  const self = conceptId ?? -1;
  const [concept, concepts, constellations, parents, children, base, doc] = await d1.batch<Record<string, unknown>>([
    d1.prepare('SELECT id, title_key, content, content_version FROM concepts WHERE id = ? AND user_id = ?').bind(self, userId),
    d1.prepare('SELECT id FROM concepts WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))').bind(userId, JSON.stringify(conceptIds)),
    d1.prepare('SELECT id FROM constellations WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))').bind(userId, JSON.stringify(constellationIds)),
    d1.prepare('SELECT parent_id AS id FROM concept_relations WHERE child_id = ?').bind(self),
    d1.prepare('SELECT child_id AS id FROM concept_relations WHERE parent_id = ?').bind(self),
    selectContentVersion(d1, self, baseVersion),
    d1.prepare('SELECT state FROM concept_docs WHERE concept_id = ? AND user_id = ?').bind(self, userId),
  ]);
  const stored = concept!.results[0] as { title_key: string; content: string | null; content_version: number } | undefined;
  if (conceptId !== undefined && !stored) throw notFound('Concept');
  const missing = (wanted: number[], found: Record<string, unknown>[]) => [...new Set(wanted.filter((id) => !found.some((r) => r.id === id)))];
  const lostConcepts = missing(conceptIds, concepts!.results);
  if (lostConcepts.length) throw new ApiError(422, 'unknown_concept', `Concept introuvable : ${lostConcepts.join(', ')}.`);
  const lostConstellations = missing(constellationIds, constellations!.results);
  if (lostConstellations.length) throw new ApiError(422, 'unknown_constellation', `Constellation introuvable : ${lostConstellations.join(', ')}.`);
  const ids = (result: D1Result<Record<string, unknown>> | undefined) => result!.results.map((r) => r.id as number);
  const baseRow = base!.results[0] as { content: string | null } | undefined;
  return {
    previousTitleKey: stored?.title_key ?? null,
    parents: ids(parents),
    children: ids(children),
    stored: {
      version: stored?.content_version ?? 0,
      content: stored?.content ?? null,
      base: stored && baseVersion === stored.content_version ? stored.content : baseRow ? baseRow.content : undefined,
      state: (doc!.results[0] as { state?: unknown } | undefined)?.state ?? null,
    },
  };
}

/**
 * Everything a write must know before it is made, read in one round trip: that the
 * concept is the user's, that every id the payload names is one of the user's concepts
 * or constellations (422 otherwise), that the hierarchy stays acyclic, the concept's
 * current relations, and (given the version a content write was based on) the stored
 * content, its base version's content and its Yjs state.
 */
export async function checkConceptWrite(d1: D1Database, userId: number, conceptId: number | undefined, body: ConceptWrite, baseVersion = -1): Promise<WriteContext> {
  const parents = body.parent_ids ? [...new Set(body.parent_ids)] : undefined;
  const children = body.child_ids ? [...new Set(body.child_ids)] : undefined;
  const constellationIds = body.constellation_ids ? [...new Set(body.constellation_ids)] : [];
  const related = [...(parents ?? []), ...(children ?? [])].filter((id) => id !== conceptId);
  const context = await readWriteContext(d1, userId, conceptId, related, constellationIds, baseVersion);
  if (parents || children) await assertNoCycle(d1, userId, conceptId ?? null, parents ?? context.parents, children ?? context.children);
  return context;
}

/** Creates or updates; returns the concept's id. */
export async function saveConcept(props: SaveConceptProps, now: number): Promise<number> {
  const { d1, userId, conceptId, body, alsoWrite } = props;
  const parents = body.parent_ids ? [...new Set(body.parent_ids)] : undefined;
  const children = body.child_ids ? [...new Set(body.child_ids)] : undefined;
  const constellationIds = body.constellation_ids ? [...new Set(body.constellation_ids)] : undefined;
  const context = props.context ?? (await checkConceptWrite(d1, userId, conceptId, body));

  // On creation the content is the body's; on update only a merged content is written.
  const written = conceptId === undefined ? body.content : props.content?.doc;
  const derived = written !== undefined ? deriveContent(written) : undefined;
  // The concept's id inside the batch: on creation it is found by the uid the insert gives it.
  const uid = conceptId === undefined ? newUid() : undefined;
  const cid = uid === undefined ? String(Math.trunc(conceptId!)) : idByUid('concepts', userId, uid);

  const statements: D1PreparedStatement[] = [];
  if (props.content?.expectedVersion !== undefined && conceptId !== undefined) {
    // Judged once: a write based on a version that is no longer current rolls back whole.
    statements.push(abortUnless(d1, '(SELECT content_version FROM concepts WHERE id = ? AND user_id = ?) = ?', conceptId, userId, props.content.expectedVersion));
  }
  statements.push(uid !== undefined ? insertConcept(d1, userId, uid, body, derived, now) : updateConcept(d1, userId, conceptId!, body, derived, now));
  if (derived) statements.push(...recordContentVersion(d1, cid, now));
  if (props.content?.state && conceptId !== undefined) {
    statements.push(
      d1
        .prepare(
          `INSERT INTO concept_docs (concept_id, user_id, state, updated_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (concept_id) DO UPDATE SET state = excluded.state, updated_at = excluded.updated_at`,
        )
        .bind(conceptId, userId, props.content.state, now),
    );
  }
  if (body.tag_names) statements.push(...writeTags(d1, userId, cid, normaliseTagNames(body.tag_names)));
  if (parents) statements.push(...writeRelations(d1, userId, cid, parents, 'parents'));
  if (children) statements.push(...writeRelations(d1, userId, cid, children, 'children'));
  if (constellationIds) statements.push(...writeConstellations(d1, userId, cid, constellationIds, now));
  if (derived) statements.push(...writeWikiLinks(d1, userId, cid, { titleKeys: derived.linkTitleKeys, ids: derived.linkIds }, now));
  if (context.previousTitleKey !== titleKey(body.title)) statements.push(linkMentionsOf(d1, userId, cid, body.title, now), linkBlocksNaming(d1, userId, cid, body.title));
  if (alsoWrite) statements.push(...alsoWrite(cid));
  const results = await d1.batch<{ id: number }>(statements);
  return conceptId ?? results[0]!.results[0]!.id;
}

function insertConcept(d1: D1Database, userId: number, uid: string, body: ConceptWrite, derived: DerivedContent | undefined, now: number) {
  return d1
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
      storedNotes(body.notes),
      body.source ?? 'MANUAL',
      body.source_url || null,
      body.category || null,
      derived?.content ? 1 : 0,
      now,
      now,
      body.category === undefined ? 1 : 0,
      uid,
    );
}

function updateConcept(d1: D1Database, userId: number, id: number, body: ConceptWrite, derived: DerivedContent | undefined, now: number) {
  const sets = ['title = ?', 'title_key = ?', 'updated_at = ?'];
  const binds: unknown[] = [body.title, titleKey(body.title), now];
  if (derived) {
    sets.push('content = ?', 'content_text = ?', 'content_version = content_version + 1');
    binds.push(derived.content, derived.contentText);
  }
  const optional: [keyof ConceptWrite, string, unknown][] = [
    ['notes', 'notes', storedNotes(body.notes)],
    ['category', 'category', body.category || null],
    ['source', 'source', body.source],
    ['source_url', 'source_url', body.source_url || null],
  ];
  for (const [field, column, value] of optional) {
    if (body[field] === undefined) continue;
    sets.push(`${column} = ?`);
    binds.push(value);
  }
  return d1.prepare(`UPDATE concepts SET ${sets.join(', ')} WHERE id = ? AND user_id = ? RETURNING id`).bind(...binds, id, userId);
}

/** Tags are created on demand and matched by their case-folded name. */
function writeTags(d1: D1Database, userId: number, cid: string, names: string[]) {
  const pairs = JSON.stringify(names.map((name) => [name, tagKey(name)]));
  const keys = JSON.stringify(names.map(tagKey));
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
function writeRelations(d1: D1Database, userId: number, cid: string, ids: number[], side: 'parents' | 'children') {
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

function writeConstellations(d1: D1Database, userId: number, cid: string, ids: number[], now: number) {
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
 * `cid` is the concept's id, or an SQL expression for it inside a create batch. Also used
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
 * Links pointing at a concept from texts that mention `[[title]]`: run when a concept is
 * created or renamed. SQLite's lower() folds ASCII only and keeps accents, so the folded
 * key ('[[energie]]'), the lower-cased title ('[[énergie]]') and the exact spelling are tried.
 */
function linkMentionsOf(d1: D1Database, userId: number, cid: string, title: string, now: number) {
  // The full-text index narrows the texts to those holding the title's words; only those are scanned.
  const phrase = phraseMatchQuery(title, 'content_text');
  const candidates = phrase ? 'AND s.id IN (SELECT rowid FROM concepts_fts WHERE concepts_fts MATCH ?)' : '';
  return d1
    .prepare(
      `INSERT OR IGNORE INTO concept_links (user_id, concept_id, target_concept_id, link_type, created_at)
       SELECT ?, s.id, ${cid}, 'wiki', ? FROM concepts s
       WHERE s.user_id = ? AND s.id <> ${cid} ${candidates} AND (instr(lower(s.content_text), ?) > 0 OR instr(lower(s.content_text), ?) > 0 OR instr(s.content_text, ?) > 0)`,
    )
    .bind(userId, now, userId, ...(phrase ? [ownedMatch(userId, phrase)] : []), `[[${titleKey(title)}]]`, `[[${title.trim().toLowerCase()}]]`, `[[${title}]]`);
}
