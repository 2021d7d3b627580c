/**
 * Creating and updating a concept with its tags, hierarchy, constellations and wiki links
 * in one atomic D1 batch: either all of it is written or none of it.
 *
 * On update an omitted field keeps its value; a given list replaces the old one.
 * Plain text and wiki links are derived here from the content, on every content write.
 */
import * as sql from '../db/queries/concept-writes';
import { conceptIdByUid, ownConceptIds } from '../db/queries/concepts';
import { isUniqueViolation } from '../db/queries/guard';
import { recordContentVersion, selectContentVersion } from '../db/queries/content-versions';
import { linkBlocksNaming } from '../db/queries/daily-notes';
import { idByUid, newUid } from '../db/queries/new-row';
import { firstRow, readBatch, rowsRead, type BatchGuard } from '../db/rows';
import { graphBatch } from './graph-cache';
import { contentToDoc, docToPlainText, type RichDoc } from '../domain/richtext';
import { normaliseTagNames, tagKey } from '../domain/tags';
import { titleKey, wikiLinkTargets } from '../domain/wiki-links';
import type { ConceptWrite } from '../domain/write-payloads';
import { ApiError, notFound } from '../lib/errors';
import { assertNoCycle } from './concept-hierarchy';
import { conceptReads, type PresentedConcept } from './concept-detail';
import { withWikiLinksIn } from './wiki-link-writes';

export interface SaveConceptProps {
  d1: D1Database;
  userId: number;
  /** Absent on creation. */
  conceptId?: number;
  /** On creation, the uid to give the new concept (a device's client id); a fresh one when absent. */
  uid?: string;
  /** On update, `body.content` is ignored: the content arrives merged, in `content`. */
  body: ConceptWrite;
  /** Already read by `checkConceptWrite` (the content write reads it before merging). */
  context?: WriteContext;
  /** The account check, read first in the write's read batch when the context is read here (an update's `requireUser` guard). */
  guard?: BatchGuard;
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

/** A new concept's content as a document, its `[[Title]]`s linked as typing links them; undefined when none was given. */
async function createdContent(d1: D1Database, userId: number, content: unknown): Promise<RichDoc | null | undefined> {
  if (content === undefined) return undefined;
  const doc = contentToDoc(content);
  return doc && withWikiLinksIn(d1, userId, doc);
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
  /** The content of the version a content write was based on (read when a base version is given); undefined when that version is no longer kept. */
  base: string | null | undefined;
}

/**
 * Everything a write must know before it is made, read in one round trip: that the concept
 * is the user's, that every id the payload names is one of the user's concepts or
 * constellations (422 otherwise), and the concept's current relations.
 */
async function readWriteContext(d1: D1Database, userId: number, conceptId: number | undefined, conceptIds: number[], constellationIds: number[], baseVersion: number, guard?: BatchGuard): Promise<WriteContext> {
  const self = conceptId ?? -1;
  const [[stored], concepts, constellations, parents, children, [baseRow]] = await readBatch(d1, [
    sql.storedConcept(d1, userId, self),
    ownConceptIds(d1, userId, conceptIds),
    sql.ownConstellationIds(d1, userId, constellationIds),
    sql.parentIds(d1, self),
    sql.childIds(d1, self),
    selectContentVersion(d1, self, baseVersion),
  ], guard);
  if (conceptId !== undefined && !stored) throw notFound('Concept');
  const missing = (wanted: number[], found: { id: number }[]) => [...new Set(wanted.filter((id) => !found.some((r) => r.id === id)))];
  const lostConcepts = missing(conceptIds, concepts);
  if (lostConcepts.length) throw new ApiError(422, 'unknown_concept', `Concept introuvable : ${lostConcepts.join(', ')}.`);
  const lostConstellations = missing(constellationIds, constellations);
  if (lostConstellations.length) throw new ApiError(422, 'unknown_constellation', `Constellation introuvable : ${lostConstellations.join(', ')}.`);
  return {
    previousTitleKey: stored?.title_key ?? null,
    parents: parents.map((r) => r.id),
    children: children.map((r) => r.id),
    base: stored && baseVersion === stored.content_version ? stored.content : baseRow ? baseRow.content : undefined,
  };
}

/**
 * Everything a write must know before it is made, read in one round trip: that the
 * concept is the user's, that every id the payload names is one of the user's concepts
 * or constellations (422 otherwise), that the hierarchy stays acyclic, the concept's
 * current relations, and (given the version a content write was based on) that version's
 * content. `guard` (the account check) is read first in that round trip.
 */
export async function checkConceptWrite(d1: D1Database, userId: number, conceptId: number | undefined, body: ConceptWrite, baseVersion = -1, guard?: BatchGuard): Promise<WriteContext> {
  const parents = body.parent_ids ? [...new Set(body.parent_ids)] : undefined;
  const children = body.child_ids ? [...new Set(body.child_ids)] : undefined;
  const constellationIds = body.constellation_ids ? [...new Set(body.constellation_ids)] : [];
  const related = [...(parents ?? []), ...(children ?? [])].filter((id) => id !== conceptId);
  const context = await readWriteContext(d1, userId, conceptId, related, constellationIds, baseVersion, guard);
  if (parents || children) await assertNoCycle(d1, userId, conceptId ?? null, parents ?? context.parents, children ?? context.children);
  return context;
}

/** Creates or updates; returns the concept's id. */
export async function saveConcept(props: SaveConceptProps, now: number): Promise<number> {
  return (await writeConcept(props, now, [])).id;
}

/**
 * Updates a concept and answers with it as GET /concepts/:id does. The reads run at the end
 * of the write's own batch: the answer is what the write left, without a second round trip.
 */
export async function updateConcept(props: SaveConceptProps & { conceptId: number }, now: number): Promise<PresentedConcept> {
  const reads = conceptReads(props.d1, props.userId, props.conceptId);
  return reads.present((await writeConcept(props, now, reads.statements)).read);
}

/** The write's one batch, with `reads` (of an update) at its end; `read` is what they answered. */
async function writeConcept(props: SaveConceptProps, now: number, reads: D1PreparedStatement[]): Promise<{ id: number; read: D1Result[] }> {
  const { d1, userId, conceptId, body, alsoWrite } = props;
  const parents = body.parent_ids ? [...new Set(body.parent_ids)] : undefined;
  const children = body.child_ids ? [...new Set(body.child_ids)] : undefined;
  const constellationIds = body.constellation_ids ? [...new Set(body.constellation_ids)] : undefined;
  const context = props.context ?? (await checkConceptWrite(d1, userId, conceptId, body, -1, props.guard));

  // On creation the content is the body's; on update only a merged content is written.
  const written = conceptId === undefined ? await createdContent(d1, userId, body.content) : props.content?.doc;
  const derived = written !== undefined ? deriveContent(written) : undefined;
  // The concept's id inside the batch: on creation it is found by the uid the insert gives it.
  const uid = conceptId === undefined ? (props.uid ?? newUid()) : undefined;
  const cid = uid === undefined ? String(Math.trunc(conceptId!)) : idByUid('concepts', userId, uid);

  const notes = storedNotes(body.notes);
  const row = uid !== undefined ? sql.insertConcept(d1, userId, uid, body, derived, notes, now) : sql.updateConcept(d1, userId, conceptId!, body, derived, notes, now);
  const more: D1PreparedStatement[] = [];
  if (derived) more.push(...recordContentVersion(d1, cid, now));
  if (props.content?.state && conceptId !== undefined) more.push(sql.saveConceptDoc(d1, userId, conceptId, props.content.state, now));
  if (body.tag_names) more.push(...sql.writeTags(d1, userId, cid, normaliseTagNames(body.tag_names).map((name) => [name, tagKey(name)])));
  if (parents) more.push(...sql.writeRelations(d1, userId, cid, parents, 'parents'));
  if (children) more.push(...sql.writeRelations(d1, userId, cid, children, 'children'));
  if (constellationIds) more.push(...sql.writeConstellations(d1, userId, cid, constellationIds, now));
  if (derived) more.push(...sql.writeWikiLinks(d1, userId, cid, { titleKeys: derived.linkTitleKeys, ids: derived.linkIds }, now));
  if (context.previousTitleKey !== titleKey(body.title)) more.push(sql.linkMentionsOf(d1, userId, cid, body.title, now), linkBlocksNaming(d1, userId, cid, body.title));
  if (alsoWrite) more.push(...alsoWrite(cid));

  if (conceptId === undefined) {
    const createdId = (results: D1Result[]) => rowsRead(row, results[0]!)[0]!.id;
    return { id: createdId(await graphBatch(d1, userId, [row, ...more], (results) => [createdId(results)])), read: [] };
  }
  const expected = props.content?.expectedVersion;
  // Judged once: a write based on a version that is no longer current rolls back whole.
  const results = await graphBatch(d1, userId, [...(expected !== undefined ? [sql.contentVersionIs(d1, userId, conceptId, expected)] : []), row, ...more, ...reads], () => [conceptId]);
  return { id: conceptId, read: results.slice(results.length - reads.length) };
}

/**
 * Creates a concept once per client id: a device that retries a creation whose answer it
 * never got (a queued offline creation, a dropped reply) gets the concept it already made
 * (`created: false`), never a second one. The id is the concept's `uid`, unique per person,
 * so two retries racing each other still make one row.
 */
export async function createConceptOnce(props: Omit<SaveConceptProps, 'conceptId' | 'uid'> & { clientId?: string }, now: number): Promise<{ id: number; created: boolean }> {
  const { clientId, ...rest } = props;
  if (clientId === undefined) return { id: await saveConcept(rest, now), created: true };
  const made = () => firstRow(conceptIdByUid(props.d1, props.userId, clientId));
  const existing = await made();
  if (existing) return { id: existing.id, created: false };
  try {
    return { id: await saveConcept({ ...rest, uid: clientId }, now), created: true };
  } catch (err) {
    const raced = isUniqueViolation(err) ? await made() : null;
    if (raced) return { id: raced.id, created: false };
    throw err;
  }
}
