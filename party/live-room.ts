/**
 * What every live room does, whatever document it holds (a concept's, a daily note's):
 * load the document once per room lifetime, write each update to the room's update log
 * at once and save it to D1 shortly after edits pause (and when the last device leaves),
 * tell each device what D1 holds, and accept only the Worker's internal requests.
 * A room says how its document loads and saves, and what its `saved` note carries.
 */
import type * as Party from 'partykit/server';
import { onConnect, unstable_getYDoc } from 'y-partykit';
import * as Y from 'yjs';
import { INTERNAL_SECRET_HEADER, sameSecret } from '../worker/src/domain/room-protocol';
import { CLOSE_DOCUMENT_GONE } from './access';
import { SaveScheduler } from './save-scheduler';
import { UpdateLog } from './update-log';
import { DocumentGoneError, WorkerApi } from './worker-api';

export abstract class LiveRoom implements Party.Server {
  protected readonly api: WorkerApi;
  protected readonly log: UpdateLog;
  protected readonly saver: SaveScheduler;
  private ready: Promise<Y.Doc> | undefined;
  protected doc: Y.Doc | undefined;
  /** State vector of what D1 holds; sent to each device so it can tell what is not yet stored. */
  protected storedVector: Uint8Array = Y.encodeStateVector(new Y.Doc());
  // One options object for the room's lifetime: y-partykit compares options between calls.
  protected readonly yOptions = { gc: true, persist: false as const, load: () => this.loadDoc() };

  constructor(readonly room: Party.Room) {
    this.api = new WorkerApi(room.env);
    this.log = new UpdateLog(room.storage);
    this.saver = new SaveScheduler(() => this.save());
  }

  /** D1's state merged with the room's log (and whatever the room brings in first). */
  protected abstract loadDoc(): Promise<Y.Doc>;
  /** Stores the document in D1 and tells the devices. */
  protected abstract save(): Promise<void>;
  /** The `saved` note a device receives on connecting and after each save. */
  protected abstract savedMessage(): string;

  async onConnect(connection: Party.Connection) {
    try {
      await this.ensureDoc();
    } catch (err) {
      if (!(err instanceof DocumentGoneError)) console.error(`loading the document of room ${this.room.id} failed`, err);
      connection.close(err instanceof DocumentGoneError ? CLOSE_DOCUMENT_GONE : 1011, 'Document unavailable');
      return;
    }
    await onConnect(connection, this.room, this.yOptions);
    connection.send(this.savedMessage());
  }

  async onClose(connection: Party.Connection) {
    const others = [...this.room.getConnections()].filter((c) => c.id !== connection.id);
    // The last device left: store everything now rather than after the debounce.
    if (others.length === 0 && this.saver.pending) await this.saver.flush().catch((err) => console.error('final save failed', err));
  }

  /** The body of a request from the Worker, or the refusal to answer (not the Worker, not a POST). */
  protected async internalBody<T>(request: Party.Request): Promise<{ body: T | null } | { refused: Response }> {
    if (!sameSecret(request.headers.get(INTERNAL_SECRET_HEADER) ?? '', String(this.room.env.INTERNAL_SECRET ?? ''))) {
      return { refused: new Response('Forbidden', { status: 403 }) };
    }
    if (request.method !== 'POST') return { refused: new Response('Method not allowed', { status: 405 }) };
    return { body: (await request.json().catch(() => null)) as T | null };
  }

  /** Whether the document has been asked for in this room's lifetime (a device or a request). */
  protected get loaded(): boolean {
    return this.ready !== undefined;
  }

  /** The room's document, loaded once; a failed load is retried by the next caller. */
  protected ensureDoc(): Promise<Y.Doc> {
    this.ready ??= unstable_getYDoc(this.room, this.yOptions).then(
      (doc) => {
        this.doc = doc;
        doc.on('update', (update: Uint8Array) => {
          this.log.append(update).written.catch((err) => console.error('writing the update log failed', err));
          this.saver.touch();
        });
        return doc;
      },
      (err) => {
        this.ready = undefined;
        throw err;
      },
    );
    return this.ready;
  }
}
