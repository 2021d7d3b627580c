/**
 * A daily note edited live: the note's room (party `notes`) through the same
 * connection as a concept's (`editor/collaboration.ts`: offline copy, reconnection, save
 * state), holding the order of the blocks and each block's text
 * (`@domain/note-ydoc`). Each block's editor binds to its own fragment (LiveNoteBlocks.tsx:
 * no editor code here, the note's room opens while the editor loads); adding, deleting
 * and moving blocks are edits of the document, so they work offline and converge.
 *
 * The room's `saved` notes carry each stored block's D1 id (mention links, promotion).
 */
import { addNoteBlock, blocksOf, moveNoteBlock, noteBlockUids, orderOf, removeNoteBlock } from '@domain/note-ydoc';
import { decodeSavedBlockIds, noteRoomName } from '@domain/room-protocol';
import { caretColour, openRoom, type LiveStatus, type RoomConnection } from '../../editor/collaboration';
import { OFFLINE_COPY_PREFIX } from '../../lib/offline-copies';
import type { RoomContext } from '../embedded/use-room-session';

export const EMPTY_BLOCK = { type: 'doc' as const, content: [{ type: 'paragraph' }] };

export interface NoteBlocksView {
  /** The blocks in their order (a new array only when it changed). */
  uids: string[];
  /** Each stored block's D1 id, by uid. */
  ids: Record<string, number>;
}

export interface NoteSession {
  room: RoomConnection;
  status(): LiveStatus;
  subscribe(listener: () => void): () => void;
  blocks(): NoteBlocksView;
  subscribeBlocks(listener: () => void): () => void;
  /** This device's caret, as the other devices see it. */
  caret: { name: string; color: string };
  add(index?: number): string;
  remove(uid: string): void;
  move(uid: string, index: number): void;
  destroy(): void;
}

const newUid = () => crypto.randomUUID().replace(/-/g, '');

export function openNoteSession(context: RoomContext & { noteId: number }): NoteSession {
  const room = openRoom({
    partyHost: context.partyHost,
    party: 'notes',
    room: noteRoomName(context.userId, context.noteId),
    copyName: `${OFFLINE_COPY_PREFIX}${context.userId}-n${context.noteId}`,
    token: context.token,
    hasContent: (ydoc) => orderOf(ydoc).length > 0,
  });
  const { ydoc } = room;
  const listeners = new Set<() => void>();
  let view: NoteBlocksView = { uids: [], ids: {} };

  const refresh = (ids = view.ids) => {
    const uids = noteBlockUids(ydoc);
    const same = uids.length === view.uids.length && uids.every((u, i) => u === view.uids[i]);
    if (same && ids === view.ids) return;
    view = { uids: same ? view.uids : uids, ids };
    listeners.forEach((l) => l());
  };
  orderOf(ydoc).observe(() => refresh());
  blocksOf(ydoc).observe(() => refresh());
  const offFrame = room.onFrame((frame) => {
    const ids = decodeSavedBlockIds(frame);
    if (ids) refresh(ids);
  });

  return {
    room,
    status: room.status,
    subscribe: room.subscribe,
    blocks: () => view,
    subscribeBlocks(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    caret: { name: context.deviceLabel, color: caretColour() },
    add(index) {
      const uid = newUid();
      addNoteBlock(ydoc, uid, EMPTY_BLOCK, index);
      return uid;
    },
    remove: (uid) => removeNoteBlock(ydoc, uid),
    move: (uid, index) => moveNoteBlock(ydoc, uid, index),
    destroy() {
      offFrame();
      listeners.clear();
      room.destroy();
    },
  };
}
