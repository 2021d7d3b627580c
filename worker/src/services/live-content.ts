/**
 * A concept's live document as the party room sees it: its binary Yjs state (the source
 * of truth while edited live) and what D1 derives from it (ProseMirror JSON, plain
 * text, wiki links). Also the bridge the other way: a REST write of the content is
 * handed to the live room so it lands inside the live document.
 */
import * as Y from 'yjs';
import type { Env } from '../env';
import { contentToDoc, docToPlainText, type RichDoc } from '../domain/richtext';
import { wikiLinkTargets } from '../domain/wiki-links';
import { INTERNAL_SECRET_HEADER, roomName } from '../domain/room-protocol';
import { recordContentVersion } from '../db/queries/content-versions';
import { writeWikiLinks } from '../db/queries/concept-writes';
import { conceptContentStatement, conceptDocStatement, saveConceptDocStatement, updateContentTextStatement, updateLiveContentStatement } from '../db/queries/concept-docs';
import { ownConcept } from '../db/queries/concepts';
import { firstRow, readBatch } from '../db/rows';
import { applyBlockEdits, mergeBlocks } from '../domain/block-merge';
import { mergeDocIntoYDoc, stateFromBase64, stateToBase64, yDocToDoc } from '../domain/yjs-prosemirror';

export interface RoomDocument {
  /** Base64 of the binary Yjs state, or null when the concept was never edited live. */
  state: string | null;
  content: RichDoc | null;
  content_version: number;
}

/** D1 hands BLOBs back as an ArrayBuffer or as an array of byte values depending on the driver. */
export function blobBytes(value: unknown): Uint8Array {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  return Uint8Array.from(value as number[]);
}

export async function conceptBelongsTo(d1: D1Database, userId: number, conceptId: number): Promise<boolean> {
  return (await firstRow(ownConcept(d1, userId, conceptId))) !== null;
}

/** What D1 holds of a concept's content: its JSON and version, and its binary Yjs state (null when never edited live). Null when not the user's concept. */
export async function readStoredContent(d1: D1Database, userId: number, conceptId: number): Promise<{ version: number; content: string | null; state: unknown } | null> {
  const [[row], [doc]] = await readBatch(d1, [conceptContentStatement(d1, userId, conceptId), conceptDocStatement(d1, userId, conceptId)]);
  return row ? { version: row.content_version, content: row.content, state: doc?.state ?? null } : null;
}

/** What a room loads: the stored state, else the stored content to seed from. Null when not the user's concept. */
export async function loadRoomDocument(d1: D1Database, userId: number, conceptId: number): Promise<RoomDocument | null> {
  const stored = await readStoredContent(d1, userId, conceptId);
  if (!stored) return null;
  return { state: stored.state ? stateToBase64(blobBytes(stored.state)) : null, content: contentToDoc(stored.content), content_version: stored.version };
}

/**
 * Stores a room's state and what derives from it, in one batch: the state always; the
 * JSON (bumping content_version) when it changed; the plain text and links only when
 * the text or the link targets changed. False when it is not the user's concept.
 */
export async function saveRoomDocument(
  d1: D1Database,
  props: { userId: number; conceptId: number; state: Uint8Array; content: RichDoc },
  now: number,
): Promise<boolean> {
  const { userId, conceptId, content } = props;
  const row = await firstRow(conceptContentStatement(d1, userId, conceptId));
  if (!row) return false;
  const json = JSON.stringify(content);
  const text = docToPlainText(content);
  const previous = contentToDoc(row.content);
  const targets = wikiLinkTargets(content, text);
  const linksChanged = JSON.stringify(wikiLinkTargets(previous, row.content_text)) !== JSON.stringify(targets);
  const statements: D1PreparedStatement[] = [saveConceptDocStatement(d1, userId, conceptId, props.state, now)];
  if (json !== row.content) {
    statements.push(updateLiveContentStatement(d1, userId, conceptId, json, now), ...recordContentVersion(d1, String(Math.trunc(conceptId)), now));
  }
  if (text !== row.content_text) statements.push(updateContentTextStatement(d1, userId, conceptId, text));
  if (linksChanged) statements.push(...writeWikiLinks(d1, userId, String(Math.trunc(conceptId)), targets, now));
  await d1.batch(statements);
  return true;
}

function partyOrigin(host: string): string {
  if (/^https?:\/\//.test(host)) return host.replace(/\/$/, '');
  const local = /^(localhost|127\.|10\.|192\.168\.|\[::1\])/.test(host);
  return `${local ? 'http' : 'https'}://${host}`;
}

const PARTY_TIMEOUT_MS = 5000;

/** What the concept's room did with a REST content write; 'unreachable' when no room answered. */
export type RoomMerge = { outcome: 'applied' | 'unchanged'; doc: RichDoc; state: Uint8Array; seq?: number } | { outcome: 'conflict' | 'gone' | 'unreachable' };

/** POSTs to a room of the party server (`main`: concepts, `notes`: daily notes); null when none answered. */
export async function callParty(env: Env, party: 'main' | 'notes', room: string, body: unknown): Promise<Response | null> {
  if (!env.PARTY_HOST) return null;
  try {
    return await fetch(`${partyOrigin(env.PARTY_HOST)}/parties/${party}/${room}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [INTERNAL_SECRET_HEADER]: env.INTERNAL_SECRET },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(PARTY_TIMEOUT_MS),
    });
  } catch (err) {
    console.error('party room unreachable', err);
    return null;
  }
}

const callRoom = (env: Env, userId: number, conceptId: number, body: unknown) => callParty(env, 'main', roomName(userId, conceptId), body);

/**
 * Hands a REST content write to the concept's room, which merges it three ways (base →
 * doc onto its live document, domain/block-merge.ts) and answers with the merged
 * document and its Yjs state for the Worker to store, or refuses it (409) when a block it
 * changes was also changed live.
 */
export async function mergeInLiveRoom(env: Env, userId: number, conceptId: number, base: RichDoc, doc: RichDoc): Promise<RoomMerge> {
  const res = await callRoom(env, userId, conceptId, { type: 'merge', base, content: doc });
  if (!res) return { outcome: 'unreachable' };
  if (res.status === 409) return { outcome: 'conflict' };
  if (res.status === 404) return { outcome: 'gone' };
  if (!res.ok) {
    console.error(`party room refused the content write: ${res.status}`);
    return { outcome: 'unreachable' };
  }
  const body = (await res.json()) as { outcome: 'applied' | 'unchanged'; content: RichDoc; state: string; seq?: number };
  return { outcome: body.outcome, doc: body.content, state: stateFromBase64(body.state), seq: body.seq };
}

/**
 * Tells the concept's room that the state its merge answered (through update `seq`) is
 * stored, so it does not store it again. Best effort, after the answer (`waitUntil`): a
 * room that never hears it saves as it would have.
 */
export function tellRoomStored(env: Env, ctx: { waitUntil(promise: Promise<unknown>): void }, userId: number, conceptId: number, seq: number): void {
  ctx.waitUntil(callRoom(env, userId, conceptId, { type: 'stored', seq }));
}

/** Tells the concept's room the concept is deleted: it closes its devices at once and forgets its update log. */
export async function closeLiveRoom(env: Env, userId: number, conceptId: number): Promise<void> {
  await callRoom(env, userId, conceptId, { type: 'deleted' });
}

/** The stored content merged with a REST write when no room answered: into the stored Yjs state when there is one, else into the stored JSON. */
export function mergeIntoStored(stored: { content: string | null; state: unknown }, base: RichDoc, doc: RichDoc): { doc: RichDoc; state?: Uint8Array } | 'unchanged' | 'conflict' {
  if (stored.state) {
    const ydoc = new Y.Doc();
    Y.applyUpdate(ydoc, blobBytes(stored.state));
    const outcome = mergeDocIntoYDoc(ydoc, base, doc);
    return outcome === 'applied' ? { doc: yDocToDoc(ydoc), state: Y.encodeStateAsUpdate(ydoc) } : outcome;
  }
  const live = contentToDoc(stored.content) ?? EMPTY_DOC;
  const merge = mergeBlocks(base.content, doc.content, live.content);
  if (!merge.ok) return 'conflict';
  return merge.edits.length ? { doc: { type: 'doc', content: applyBlockEdits(live.content, merge.edits) } } : 'unchanged';
}

export const EMPTY_DOC: RichDoc = { type: 'doc', content: [] };
