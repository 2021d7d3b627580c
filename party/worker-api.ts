/**
 * The room's only way to D1: the Worker's `/internal/rooms/*` routes, authenticated with
 * the shared INTERNAL_SECRET. State travels as base64 of the binary Yjs update.
 */
import { INTERNAL_SECRET_HEADER } from '../worker/src/domain/room-protocol';
import type { NoteSavePlan, StoredBlock } from '../worker/src/domain/note-ydoc';
import type { RichDoc } from '../worker/src/domain/richtext';
import { stateFromBase64, stateToBase64 } from '../worker/src/domain/yjs-prosemirror';

export interface StoredRoom {
  state: Uint8Array | null;
  content: RichDoc | null;
  contentVersion: number;
}

export class DocumentGoneError extends Error {
  constructor() {
    super('The document (concept or note) does not exist or does not belong to this user');
  }
}

const REQUEST_TIMEOUT_MS = 10_000;

export class WorkerApi {
  constructor(private readonly env: Record<string, unknown>) {}

  private async call(method: string, path: string, body?: unknown, accept: number[] = []): Promise<Response> {
    const base = String(this.env.WORKER_URL ?? '').replace(/\/$/, '');
    if (!base) throw new Error('WORKER_URL is not set for the party server');
    const res = await fetch(`${base}/internal${path}`, {
      method,
      headers: { [INTERNAL_SECRET_HEADER]: String(this.env.INTERNAL_SECRET ?? ''), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (res.status === 404) throw new DocumentGoneError();
    if (!res.ok && !accept.includes(res.status)) throw new Error(`Worker ${method} ${path} answered ${res.status}: ${await res.text()}`);
    return res;
  }

  /** Whether the concept exists and belongs to the user (checked before a connection is accepted). */
  async ownsConcept(userId: number, conceptId: number): Promise<boolean> {
    try {
      await this.call('GET', `/rooms/${userId}/${conceptId}/owner`);
      return true;
    } catch (err) {
      if (err instanceof DocumentGoneError) return false;
      throw err;
    }
  }

  async load(userId: number, conceptId: number): Promise<StoredRoom> {
    const res = await this.call('GET', `/rooms/${userId}/${conceptId}`);
    const body = (await res.json()) as { state: string | null; content: RichDoc | null; content_version: number };
    return { state: body.state ? stateFromBase64(body.state) : null, content: body.content, contentVersion: body.content_version };
  }

  async save(userId: number, conceptId: number, state: Uint8Array, content: RichDoc): Promise<void> {
    await this.call('PUT', `/rooms/${userId}/${conceptId}`, { state: stateToBase64(state), content });
  }

  /** Whether the daily note exists and belongs to the user. */
  async ownsNote(userId: number, noteId: number): Promise<boolean> {
    try {
      await this.call('GET', `/notes/${userId}/${noteId}/owner`);
      return true;
    } catch (err) {
      if (err instanceof DocumentGoneError) return false;
      throw err;
    }
  }

  async loadNote(userId: number, noteId: number): Promise<StoredNote> {
    const res = await this.call('GET', `/notes/${userId}/${noteId}`);
    const body = (await res.json()) as { state: string | null; versions: Record<string, number>; rows: StoredBlock[] };
    return { state: body.state ? stateFromBase64(body.state) : null, versions: body.versions, rows: body.rows };
  }

  /** Saves a note room's blocks; 'stale' (nothing written) when a row moved past the version the plan was based on. */
  async saveNote(userId: number, noteId: number, state: Uint8Array, plan: NoteSavePlan, kept: Record<string, number>): Promise<{ outcome: 'saved' | 'stale'; rows: StoredBlock[] }> {
    const res = await this.call('PUT', `/notes/${userId}/${noteId}`, { state: stateToBase64(state), ...plan, kept }, [409]);
    return (await res.json()) as { outcome: 'saved' | 'stale'; rows: StoredBlock[] };
  }
}

export interface StoredNote {
  state: Uint8Array | null;
  versions: Record<string, number>;
  rows: StoredBlock[];
}
