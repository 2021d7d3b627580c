/**
 * Live editing of a concept through its party room: the Yjs document shared
 * with the room (y-partykit provider, token as a query parameter), an offline copy in
 * IndexedDB (y-indexeddb) so edits made offline survive a reload and merge on
 * reconnection. No editor code here (a screen can open its room while the editor loads):
 * the Tiptap extensions that bind an editor to a room are in live-session.ts.
 *
 * The room seeds the document from the stored content on the server; the editor never
 * passes initial content, so nothing is ever inserted twice.
 *
 * "Unsaved" means: the document holds an update the room has not yet stored in D1. The
 * room says what it has stored (a Yjs state vector) on connect and after each save.
 */
import { IndexeddbPersistence } from 'y-indexeddb';
import YPartyKitProvider from 'y-partykit/provider';
import * as Y from 'yjs';
import { decodeSavedMessage } from '@domain/room-protocol';
import { stateFromBase64 } from '@domain/yjs-prosemirror';
import { OFFLINE_COPY_PREFIX, trackOfflineCopy } from '../lib/offline-copies';
import { holdUpdateReload } from '../lib/update-reload';

export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

export interface LiveStatus {
  connection: ConnectionState;
  /** The document has been received from the room at least once, or loaded from the offline copy. */
  ready: boolean;
  /** Some edit is not yet stored on the server. */
  unsaved: boolean;
}

const CARET_COLOURS = ['#f59e0b', '#22d3ee', '#a78bfa', '#34d399', '#f472b6', '#60a5fa'];
/** Without an offline copy or the room, the editor opens anyway after this long. */
const OFFLINE_OPEN_MS = 4000;

/** The user id is part of the name: another user on this browser never opens this copy. */
export const offlineCopyName = (userId: number, conceptId: number) => `${OFFLINE_COPY_PREFIX}${userId}-c${conceptId}`;

/** True when `local` holds an update (from any device) beyond what `stored` covers. */
export function hasUnstoredUpdates(local: Map<number, number>, stored: Map<number, number> | null): boolean {
  if (!stored) return [...local.values()].some((clock) => clock > 0);
  for (const [client, clock] of local) if (clock > (stored.get(client) ?? 0)) return true;
  return false;
}

/** A room of the party server seen from the page: its document, connection and save state. */
export interface RoomConnection {
  ydoc: Y.Doc;
  provider: YPartyKitProvider;
  status(): LiveStatus;
  subscribe(listener: () => void): () => void;
  /** Text frames from the room (its `saved` notes) after the connection has read them. */
  onFrame(listener: (frame: string) => void): () => void;
  destroy(): void;
}

export interface RoomOptions {
  partyHost: string;
  /** The party (`main`: concepts, `notes`: daily notes). */
  party: string;
  room: string;
  /** The IndexedDB offline copy's name. */
  copyName: string;
  token: () => string;
  /** Whether the offline copy holds something to edit before the room answers. */
  hasContent(ydoc: Y.Doc): boolean;
}

/**
 * Opens a room: the shared Y.Doc with its offline copy in IndexedDB and the provider, and
 * follows the connection and what is stored (the room's `saved` notes).
 */
export function openRoom(options: RoomOptions): RoomConnection {
  const ydoc = new Y.Doc();
  // Closed first if the session ends (logout) before the screen does.
  const untrack = trackOfflineCopy(options.copyName, () => connection.destroy());
  const offline = new IndexeddbPersistence(options.copyName, ydoc);
  const provider = new YPartyKitProvider(options.partyHost, options.room, ydoc, { party: options.party, params: () => ({ token: options.token() }), maxBackoffTime: 5000 });
  const listeners = new Set<() => void>();
  const frameListeners = new Set<(frame: string) => void>();
  let stored: Map<number, number> | null = null;
  let current: LiveStatus = { connection: 'connecting', ready: false, unsaved: false };

  const update = (patch: Partial<LiveStatus> = {}) => {
    const next = { ...current, ...patch };
    next.unsaved = hasUnstoredUpdates(Y.decodeStateVector(Y.encodeStateVector(ydoc)), stored);
    if (next.connection === current.connection && next.ready === current.ready && next.unsaved === current.unsaved) return;
    current = next;
    listeners.forEach((l) => l());
  };

  // The room's "saved" notes arrive as text frames, which the provider itself ignores.
  const watched = new WeakSet<WebSocket>();
  const onText = (event: MessageEvent) => {
    if (typeof event.data !== 'string') return;
    const stateVector = decodeSavedMessage(event.data);
    if (stateVector !== null) {
      stored = Y.decodeStateVector(stateFromBase64(stateVector));
      update();
    }
    frameListeners.forEach((l) => l(event.data as string));
  };
  provider.on('status', ({ status }: { status: ConnectionState }) => {
    const ws = provider.ws;
    if (ws && !watched.has(ws)) {
      watched.add(ws);
      ws.addEventListener('message', onText);
    }
    // While retrying after a lost connection the device is offline, not "connecting".
    update({ connection: status === 'connecting' && current.connection === 'disconnected' ? 'disconnected' : status });
  });
  // A failed attempt (no network, server down) emits no status change; it means offline.
  provider.on('connection-close', () => update({ connection: 'disconnected' }));
  provider.on('synced', (synced: boolean) => synced && update({ ready: true }));
  void offline.whenSynced.then(() => {
    // An offline copy with content can be edited at once; an empty one waits for the room.
    if (options.hasContent(ydoc)) update({ ready: true });
  });
  const fallback = setTimeout(() => update({ ready: true }), OFFLINE_OPEN_MS);
  ydoc.on('update', () => update());
  /** Resolves when the room has stored every edit, or the connection is gone (the offline copy has them). */
  const roomStored = () =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (current.unsaved && current.connection === 'connected') return;
        listeners.delete(check);
        resolve();
      };
      listeners.add(check);
      check();
    });
  // A reload into a new build waits until this device's edits are in the offline copy and, when connected, stored by the room.
  const unhold = holdUpdateReload(() => Promise.all([copyWritten(offline), current.connection === 'connected' ? roomStored() : null]));

  let destroyed = false;
  const connection: RoomConnection = {
    ydoc,
    provider,
    status: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onFrame(listener) {
      frameListeners.add(listener);
      return () => frameListeners.delete(listener);
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      untrack();
      unhold();
      clearTimeout(fallback);
      listeners.clear();
      frameListeners.clear();
      provider.destroy();
      void offline.destroy();
      ydoc.destroy();
    },
  };
  return connection;
}

/**
 * Resolves once every update given to the offline copy so far is written: IndexedDB runs a
 * transaction only after the earlier writing ones on the same store have finished.
 */
function copyWritten(copy: IndexeddbPersistence): Promise<void> {
  const db = copy.db;
  if (!db) return copy.whenSynced.then(() => undefined);
  return new Promise((resolve) => {
    try {
      const tx = db.transaction(['updates'], 'readonly');
      tx.objectStore('updates').count();
      tx.oncomplete = tx.onerror = tx.onabort = () => resolve();
    } catch {
      resolve();
    }
  });
}

/** This device's caret colour, one per page load. */
export const caretColour = () => CARET_COLOURS[Math.floor(Math.random() * CARET_COLOURS.length)]!;
