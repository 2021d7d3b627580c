/**
 * The concept room: one PartyKit room (a Durable Object) per concept, holding its Yjs
 * document while anyone edits it (the machinery every room shares: `live-room.ts`).
 *
 * - `onBeforeConnect` runs in the edge worker before the room wakes: it verifies the
 *   access token (same secret as the API), refuses any user other than the one the room
 *   name binds and any origin that is not allowed, and asks the Worker whether the
 *   concept exists and belongs to that user.
 * - The document loads once per room lifetime: D1's binary state (through the Worker)
 *   merged with the room's own update log. A concept that has never been edited live is
 *   seeded here, on the server, from its stored content, and saved at once, so no client
 *   ever seeds it and it is seeded only once.
 * - Every update is written to the room's update log immediately and saved to D1
 *   (state + derived JSON, text and links) ~200 ms after edits pause, and when the last
 *   device leaves. After each save the room tells its clients which state is stored.
 * - `onRequest` (Worker only, x-internal-secret): a REST write of the content is merged
 *   three ways into the live document (what its writer changed since the version it read),
 *   or refused with 409 when a block it changes was also changed live; and a deleted
 *   concept closes every device at once (4404) and forgets the room's update log.
 */
import type * as Party from 'partykit/server';
import * as Y from 'yjs';
import { contentToDoc } from '../worker/src/domain/richtext';
import { encodeSavedMessage, parseRoomName, roomName } from '../worker/src/domain/room-protocol';
import { EDITOR_FRAGMENT, appendDocToFragment, mergeDocIntoYDoc, stateToBase64, yDocToDoc } from '../worker/src/domain/yjs-prosemirror';
import { admitDevice, CLOSE_DOCUMENT_GONE } from './access';
import { LiveRoom } from './live-room';
import { DocumentGoneError } from './worker-api';

export default class ConceptRoom extends LiveRoom {
  private readonly target: { userId: number; conceptId: number } | null;

  constructor(room: Party.Room) {
    super(room);
    this.target = parseRoomName(room.id);
  }

  static onBeforeConnect(request: Party.Request, lobby: Party.Lobby) {
    return admitDevice(request, lobby, parseRoomName(lobby.id), (api, t) => api.ownsConcept(t.userId, t.conceptId), 'Unknown concept');
  }

  protected savedMessage(): string {
    return encodeSavedMessage(stateToBase64(this.storedVector));
  }

  async onRequest(request: Party.Request) {
    const internal = await this.internalBody<{ type?: string; base?: unknown; content?: unknown; seq?: unknown }>(request);
    if ('refused' in internal) return internal.refused;
    const body = internal.body;
    if (body?.type === 'deleted') return Response.json({ closed: await this.forget() });
    if (body?.type === 'stored') return Response.json({ stored: await this.storedByWorker(body.seq) });
    if (body?.type !== 'merge') return new Response('Unknown request', { status: 400 });
    const empty = { type: 'doc' as const, content: [] };
    try {
      const ydoc = await this.ensureDoc();
      // Synchronous from here to the transaction: of two writes based on the same read, the first wins and the second sees it.
      const outcome = mergeDocIntoYDoc(ydoc, contentToDoc(body.base ?? null) ?? empty, contentToDoc(body.content ?? null) ?? empty, 'rest');
      if (outcome === 'conflict') {
        // Stored before answering: the Worker's 409 then presents what D1 holds.
        await this.saver.flush();
        return Response.json({ outcome }, { status: 409 });
      }
      // The Worker stores the merged document with the write's other fields in one batch
      // (one round trip less than a save from here). A save already running started
      // before the merge: let it land first, so it cannot overwrite the merged document.
      await this.saver.settled();
      // `seq`: the last update the state holds; the Worker names it when it has stored the state ('stored').
      return Response.json({ outcome, content: yDocToDoc(ydoc), state: stateToBase64(Y.encodeStateAsUpdate(ydoc)), seq: this.log.sequence });
    } catch (err) {
      if (err instanceof DocumentGoneError) return new Response('Unknown concept', { status: 404 });
      throw err;
    }
  }

  /**
   * The Worker stored the document as the merge answer `seq` gave it, in its write's batch.
   * When no update came since, nothing is left to save: the room does not store the same
   * state a second time, and the devices hear it is stored. Otherwise the room saves as usual.
   */
  private async storedByWorker(seq: unknown): Promise<boolean> {
    if (!this.doc || typeof seq !== 'number' || seq !== this.log.sequence || !this.saver.storedElsewhere()) return false;
    this.storedVector = Y.encodeStateVector(this.doc);
    await this.log.dropThrough(seq);
    this.room.broadcast(this.savedMessage());
    return true;
  }

  /** The concept was deleted: every device is closed at once and the update log is forgotten. */
  private async forget(): Promise<number> {
    const connections = [...this.room.getConnections()];
    for (const connection of connections) connection.close(CLOSE_DOCUMENT_GONE, 'Concept deleted');
    this.saver.cancel();
    await this.log.clear();
    return connections.length;
  }

  /** D1's state merged with the room's log; seeded from the stored content the first time. */
  protected async loadDoc(): Promise<Y.Doc> {
    const { userId, conceptId } = this.requireTarget();
    const [stored, logged] = await Promise.all([this.api.load(userId, conceptId), this.log.readAll()]);
    const ydoc = new Y.Doc();
    if (stored.state) Y.applyUpdate(ydoc, stored.state);
    this.storedVector = Y.encodeStateVector(ydoc);
    for (const update of logged) Y.applyUpdate(ydoc, update);
    if (!stored.state && logged.length === 0 && stored.content) {
      ydoc.transact(() => appendDocToFragment(ydoc.getXmlFragment(EDITOR_FRAGMENT), stored.content!));
      // Stored before anyone edits it, so a restart can never seed it a second time.
      await this.api.save(userId, conceptId, Y.encodeStateAsUpdate(ydoc), yDocToDoc(ydoc));
      this.storedVector = Y.encodeStateVector(ydoc);
    }
    return ydoc;
  }

  protected async save(): Promise<void> {
    const { userId, conceptId } = this.requireTarget();
    const doc = this.doc;
    if (!doc) return;
    const coveredSeq = this.log.sequence;
    const stateVector = Y.encodeStateVector(doc);
    try {
      await this.api.save(userId, conceptId, Y.encodeStateAsUpdate(doc), yDocToDoc(doc));
    } catch (err) {
      if (!(err instanceof DocumentGoneError)) throw err;
      // The concept was deleted while open: nothing to save into, and nobody may stay.
      for (const connection of this.room.getConnections()) connection.close(CLOSE_DOCUMENT_GONE, 'Concept deleted');
      return;
    }
    this.storedVector = stateVector;
    await this.log.dropThrough(coveredSeq);
    // Clients compare this with their own state to know when nothing is left unsaved.
    this.room.broadcast(this.savedMessage());
  }

  private requireTarget() {
    if (!this.target) throw new Error(`Room ${this.room.id} is not a concept room (expected ${roomName(0, 0)})`);
    return this.target;
  }
}
