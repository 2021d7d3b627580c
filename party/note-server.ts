/**
 * The daily-note room (party `notes`): one room per note, holding the note's
 * Yjs document (block order + one fragment per block, `worker/src/domain/note-ydoc.ts`)
 * while anyone edits it. The concept room's machinery, for a document of many blocks:
 *
 * - the same connect checks (token of the room's user, allowed origin, the note is theirs);
 * - the document loads once per room lifetime: D1's stored state, the room's update log,
 *   then the block rows D1 holds reconciled into it — a note never edited live is built
 *   from its rows here, on the server, and saved at once;
 * - every update goes to the update log at once and is saved ~200 ms after edits pause:
 *   each changed block's row by its uid, guarded by the version the room last saw. A save
 *   refused because a row was written meanwhile (REST) reconciles and saves again; a block
 *   whose uid D1 cannot take (not 32 hex digits, another note's) is renamed, never left to
 *   hold back the others' saves;
 * - `onRequest` (Worker only): `reconcile` after a REST write to the note's blocks, so
 *   every device sees it within the second and no live text is overwritten unseen.
 *
 * After each save the room broadcasts `saved` with the stored state vector and each
 * block's D1 id (the page's links and promotions need them).
 */
import type * as Party from 'partykit/server';
import * as Y from 'yjs';
import { blocksOf, noteBlockUids, planNoteSave, reconcileNote, repairNoteBlockUids, type NoteBase, type StoredBlock } from '../worker/src/domain/note-ydoc';
import { encodeSavedMessage, noteRoomName, parseNoteRoomName } from '../worker/src/domain/room-protocol';
import { fragmentToDoc, stateToBase64 } from '../worker/src/domain/yjs-prosemirror';
import { admitDevice, CLOSE_DOCUMENT_GONE } from './access';
import { LiveRoom } from './live-room';
import { DocumentGoneError } from './worker-api';

const newUid = () => crypto.randomUUID().replace(/-/g, '');

export default class NoteRoom extends LiveRoom {
  private readonly target: { userId: number; noteId: number } | null;
  /** What D1 holds for each block, as of the room's last load, save or reconcile. */
  private base: NoteBase = {};
  private blockIds: Record<string, number> = {};
  private queue: Promise<void> = Promise.resolve();

  constructor(room: Party.Room) {
    super(room);
    this.target = parseNoteRoomName(room.id);
  }

  static onBeforeConnect(request: Party.Request, lobby: Party.Lobby) {
    return admitDevice(request, lobby, parseNoteRoomName(lobby.id), (api, t) => api.ownsNote(t.userId, t.noteId), 'Unknown note');
  }

  async onRequest(request: Party.Request) {
    const internal = await this.internalBody<{ type?: string }>(request);
    if ('refused' in internal) return internal.refused;
    if (internal.body?.type !== 'reconcile') return new Response('Unknown request', { status: 400 });
    try {
      // A room nobody has open reads the rows when it next loads: nothing to do now.
      if (!this.loaded) return Response.json({ open: false });
      const doc = await this.ensureDoc();
      const { userId, noteId } = this.requireTarget();
      // Never beside a save: rows read while one runs could predate what it wrote.
      await this.exclusive(async () => this.adopt(doc, (await this.api.loadNote(userId, noteId)).rows));
      return Response.json({ open: true });
    } catch (err) {
      if (err instanceof DocumentGoneError) return new Response('Unknown note', { status: 404 });
      throw err;
    }
  }

  protected savedMessage(): string {
    return encodeSavedMessage(stateToBase64(this.storedVector), this.blockIds);
  }

  /** D1's state, the room's log, then the rows D1 holds reconciled into it. */
  protected async loadDoc(): Promise<Y.Doc> {
    const { userId, noteId } = this.requireTarget();
    const [stored, logged] = await Promise.all([this.api.loadNote(userId, noteId), this.log.readAll()]);
    const ydoc = new Y.Doc();
    if (stored.state) Y.applyUpdate(ydoc, stored.state);
    this.storedVector = Y.encodeStateVector(ydoc);
    // The base is what the stored state held of each block, at the version it was saved with.
    const uids = noteBlockUids(ydoc);
    const blocks = blocksOf(ydoc);
    this.base = Object.fromEntries(
      Object.entries(stored.versions)
        .filter(([uid]) => blocks.has(uid))
        .map(([uid, version]) => [uid, { version, text: JSON.stringify(fragmentToDoc(blocks.get(uid)!)), orderIdx: uids.indexOf(uid) }]),
    );
    for (const update of logged) Y.applyUpdate(ydoc, update);
    this.adopt(ydoc, stored.rows);
    if (!stored.state || planHasWrites(ydoc, this.base)) {
      // Built or changed from the rows: stored before anyone edits it, so a restart never builds it twice.
      this.doc = ydoc;
      await this.saveNow();
    }
    return ydoc;
  }

  /** Brings rows written outside the room into the document and remembers what D1 holds. */
  private adopt(doc: Y.Doc, rows: StoredBlock[]): void {
    this.base = reconcileNote(doc, this.base, rows, newUid, 'rows').base;
    this.blockIds = Object.fromEntries(rows.map((r) => [r.uid, r.id]));
  }

  /** Runs `task` after every save or reconcile already under way (one at a time). */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  protected save(): Promise<void> {
    return this.exclusive(() => this.saveNow());
  }

  private async saveNow(): Promise<void> {
    const { userId, noteId } = this.requireTarget();
    const doc = this.doc;
    if (!doc) return;
    // A block a device named outside the uid form (a bug, a hostile client) is renamed here,
    // so it is saved with the others rather than every save being refused for it.
    repairNoteBlockUids(doc, newUid, new Set(), 'repair');
    const plan = planNoteSave(doc, this.base);
    const written = new Map(plan.upserts.map((b) => [b.uid, b]));
    const kept = Object.fromEntries(noteBlockUids(doc).filter((uid) => !written.has(uid) && this.base[uid]).map((uid) => [uid, this.base[uid]!.version]));
    const coveredSeq = this.log.sequence;
    const stateVector = Y.encodeStateVector(doc);
    let answer: Awaited<ReturnType<typeof this.api.saveNote>>;
    try {
      answer = await this.api.saveNote(userId, noteId, Y.encodeStateAsUpdate(doc), plan, kept);
    } catch (err) {
      if (!(err instanceof DocumentGoneError)) throw err;
      for (const connection of this.room.getConnections()) connection.close(CLOSE_DOCUMENT_GONE, 'Note deleted');
      return;
    }
    if (answer.outcome === 'stale') {
      // A row was written outside the room since it last looked: bring it in, save again.
      // A new block whose uid another note's block holds gets a uid of its own.
      if (answer.taken.length) repairNoteBlockUids(doc, newUid, new Set(answer.taken), 'repair');
      this.adopt(doc, answer.rows);
      this.saver.touch();
      return;
    }
    const next: NoteBase = { ...this.base };
    for (const { uid } of plan.deletes) delete next[uid];
    for (const row of answer.rows) {
      const sent = written.get(row.uid);
      if (sent) next[row.uid] = { version: row.version, text: sent.text, orderIdx: sent.orderIdx };
    }
    this.base = next;
    this.adopt(doc, answer.rows);
    this.storedVector = stateVector;
    await this.log.dropThrough(coveredSeq);
    this.room.broadcast(this.savedMessage());
  }

  private requireTarget() {
    if (!this.target) throw new Error(`Room ${this.room.id} is not a note room (expected ${noteRoomName(0, 0)})`);
    return this.target;
  }
}

function planHasWrites(doc: Y.Doc, base: NoteBase): boolean {
  const plan = planNoteSave(doc, base);
  return plan.upserts.length > 0 || plan.deletes.length > 0;
}
