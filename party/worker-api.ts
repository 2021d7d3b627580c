/**
 * The room's only way to D1: the Worker's `/internal/*` routes, authenticated with the
 * shared INTERNAL_SECRET. Calls go through `hc<AppType>`, the contract the web client
 * uses, so a route's params, body and answer are typed from the Worker itself. State
 * travels as base64 of the binary Yjs update.
 */
import { hc, type ClientResponse, type InferResponseType } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '../worker/src/index';
import { INTERNAL_SECRET_HEADER } from '../worker/src/domain/room-protocol';
import type { NoteSavePlan, StoredBlock } from '../worker/src/domain/note-ydoc';
import type { RichDoc } from '../worker/src/domain/richtext';
import { stateFromBase64, stateToBase64 } from '../worker/src/domain/yjs-prosemirror';

export interface StoredRoom {
  state: Uint8Array | null;
  content: RichDoc | null;
  contentVersion: number;
}

export interface StoredNote {
  state: Uint8Array | null;
  versions: Record<string, number>;
  rows: StoredBlock[];
}

export class DocumentGoneError extends Error {
  constructor() {
    super('The document (concept or note) does not exist or does not belong to this user');
  }
}

const REQUEST_TIMEOUT_MS = 10_000;

type Internal = ReturnType<typeof hc<AppType>>['internal'];
type ConceptRoute = Internal['rooms'][':userId{[0-9]+}'][':conceptId{[0-9]+}'];
type NoteRoute = Internal['notes'][':userId{[0-9]+}'][':noteId{[0-9]+}'];
type NoteSaved = InferResponseType<NoteRoute['$put'], 200 | 409>;

export class WorkerApi {
  private client: Internal | null = null;

  constructor(private readonly env: Record<string, unknown>) {}

  /** Made at the first call, so a room without WORKER_URL fails its calls, not its construction. */
  private get internal(): Internal {
    const base = String(this.env.WORKER_URL ?? '').replace(/\/$/, '');
    if (!base) throw new Error('WORKER_URL is not set for the party server');
    this.client ??= hc<AppType>(base, {
      headers: { [INTERNAL_SECRET_HEADER]: String(this.env.INTERNAL_SECRET ?? '') },
      fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }),
    }).internal;
    return this.client;
  }

  private concept(userId: number, conceptId: number): ConceptRoute {
    return this.internal.rooms[':userId{[0-9]+}'][':conceptId{[0-9]+}'];
  }

  private note(userId: number, noteId: number): NoteRoute {
    return this.internal.notes[':userId{[0-9]+}'][':noteId{[0-9]+}'];
  }

  /** Whether the concept exists and belongs to the user (checked before a connection is accepted). */
  async ownsConcept(userId: number, conceptId: number): Promise<boolean> {
    return owned(this.concept(userId, conceptId).owner.$get({ param: conceptParam(userId, conceptId) }));
  }

  async load(userId: number, conceptId: number): Promise<StoredRoom> {
    const body = await json(this.concept(userId, conceptId).$get({ param: conceptParam(userId, conceptId) }));
    // hc's JSON view of the recursive RichDoc type flattens its children; the Worker sent a RichDoc.
    return { state: body.state ? stateFromBase64(body.state) : null, content: body.content as RichDoc | null, contentVersion: body.content_version };
  }

  async save(userId: number, conceptId: number, state: Uint8Array, content: RichDoc): Promise<void> {
    await answered(this.concept(userId, conceptId).$put({ param: conceptParam(userId, conceptId), json: { state: stateToBase64(state), content } }));
  }

  /** Whether the daily note exists and belongs to the user. */
  async ownsNote(userId: number, noteId: number): Promise<boolean> {
    return owned(this.note(userId, noteId).owner.$get({ param: noteParam(userId, noteId) }));
  }

  async loadNote(userId: number, noteId: number): Promise<StoredNote> {
    const body = await json(this.note(userId, noteId).$get({ param: noteParam(userId, noteId) }));
    return { state: body.state ? stateFromBase64(body.state) : null, versions: body.versions, rows: body.rows };
  }

  /** Saves a note room's blocks; 'stale' (nothing written) when a row moved past the version the plan was based on. */
  async saveNote(userId: number, noteId: number, state: Uint8Array, plan: NoteSavePlan, kept: Record<string, number>): Promise<NoteSaved> {
    const res = await answered(this.note(userId, noteId).$put({ param: noteParam(userId, noteId), json: { state: stateToBase64(state), ...plan, kept } }), [409]);
    return (await res.json()) as NoteSaved;
  }
}

const conceptParam = (userId: number, conceptId: number) => ({ userId: String(userId), conceptId: String(conceptId) });
const noteParam = (userId: number, noteId: number) => ({ userId: String(userId), noteId: String(noteId) });

/** The Worker's answer, or DocumentGoneError for 404 and an Error for any other refusal not in `accept`. */
async function answered<R extends ClientResponse<unknown, number, string>>(request: Promise<R>, accept: number[] = []): Promise<R> {
  const res = await request;
  if (res.status === 404) throw new DocumentGoneError();
  if (!res.ok && !accept.includes(res.status)) throw new Error(`Worker ${new URL(res.url).pathname} answered ${res.status}: ${await res.text()}`);
  return res;
}

/** The body of a call's 2xx answers, as the Worker's route declares it. */
type Answer<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? T : never) : never;

async function json<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<Answer<R>> {
  return (await (await answered(request)).json()) as Answer<R>;
}

/** An ownership check: 204 yes, 404 no, anything else an error. */
async function owned(request: Promise<ClientResponse<unknown, number, string>>): Promise<boolean> {
  try {
    await answered(request);
    return true;
  } catch (err) {
    if (err instanceof DocumentGoneError) return false;
    throw err;
  }
}
