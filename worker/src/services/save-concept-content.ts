/**
 * A REST update that writes a concept's content. The write names the
 * version it was read at; what it changed since then is merged three ways into the live
 * document — by the concept's room when the party server answers, else here against the
 * stored state — so blocks the writer did not touch keep every live edit. A block changed
 * on both sides, or a base version no longer kept, refuses the whole write with 409
 * `content_conflict` and the current content: nothing is written, nothing is lost.
 */
import { database } from '../db/database';
import type { Env } from '../env';
import { isGuardFailure } from '../db/queries/guard';
import { conceptContentStatement } from '../db/queries/concept-docs';
import { firstRow, type BatchGuard } from '../db/rows';
import { ApiError, notFound } from '../lib/errors';
import { storedContent } from '../presenters/concept';
import { contentToDoc } from '../domain/richtext';
import type { ConceptWrite } from '../domain/write-payloads';
import { EMPTY_DOC, mergeInLiveRoom, mergeIntoStored, readStoredContent, tellRoomStored } from './live-content';
import type { PresentedConcept } from './concept-detail';
import { checkConceptWrite, updateConcept } from './save-concept';
import { withWikiLinksIn } from './wiki-link-writes';

export interface SaveConceptContentProps {
  env: Env;
  userId: number;
  conceptId: number;
  body: ConceptWrite;
  /** The content_version the writer read. */
  baseVersion: number;
  /** The account check, read first in the write's first read batch: nothing is merged or written for an account that is gone. */
  guard?: BatchGuard;
  /** Where work after the answer goes (telling the room its merge is stored). */
  ctx?: { waitUntil(promise: Promise<unknown>): void };
}

export async function saveConceptContent({ env, userId, conceptId, body, baseVersion, guard, ctx }: SaveConceptContentProps, now: number): Promise<PresentedConcept> {
  const d1 = database(env);
  // A gone account answers 401 (the guard, in the first read) whatever the links' read found.
  const [context, doc] = await Promise.all([
    checkConceptWrite(d1, userId, conceptId, body, baseVersion, guard),
    // What the writer sent, its [[Title]]s linked as typing links them; merged as its own change.
    withWikiLinksIn(d1, userId, contentToDoc(body.content) ?? EMPTY_DOC),
  ]);
  if (context.base === undefined) throw await contentConflict(d1, userId, conceptId);
  const base = contentToDoc(context.base) ?? EMPTY_DOC;
  const others = { ...body, content: undefined };

  const room = await mergeInLiveRoom(env, userId, conceptId, base, doc);
  if (room.outcome === 'conflict') throw await contentConflict(d1, userId, conceptId);
  if (room.outcome === 'gone') throw notFound('Concept');
  if (room.outcome === 'applied' || room.outcome === 'unchanged') {
    // The room judged the write against the live document (one at a time): no version guard here.
    const content = room.outcome === 'applied' ? { doc: room.doc, state: room.state } : undefined;
    const saved = await updateConcept({ d1, userId, conceptId, body: others, context, content }, now);
    // The room's state is in D1 now: the room need not store it again.
    if (room.outcome === 'applied' && room.seq !== undefined && ctx) tellRoomStored(env, ctx, userId, conceptId, room.seq);
    return saved;
  }
  // No room answered: the write is merged here into what D1 holds now, its Yjs state read
  // only on this path (a room's merge needs neither), and written only if still current.
  const stored = await readStoredContent(d1, userId, conceptId);
  if (!stored) throw notFound('Concept');
  const merged = mergeIntoStored(stored, base, doc);
  if (merged === 'conflict') throw await contentConflict(d1, userId, conceptId);
  const content = merged === 'unchanged' ? undefined : { ...merged, expectedVersion: stored.version };
  try {
    return await updateConcept({ d1, userId, conceptId, body: others, context, content }, now);
  } catch (err) {
    if (isGuardFailure(err)) throw await contentConflict(d1, userId, conceptId);
    throw err;
  }
}

/** 409 with what the writer needs to merge again: the current content and its version. */
async function contentConflict(d1: D1Database, userId: number, conceptId: number): Promise<ApiError> {
  const row = await firstRow(conceptContentStatement(d1, userId, conceptId));
  if (!row) return notFound('Concept');
  return new ApiError(409, 'content_conflict', 'Le contenu de ce concept a été modifié ailleurs depuis votre lecture.', {
    content: storedContent(row.content),
    content_version: row.content_version,
  });
}
