/**
 * A concept edited live: its room (collaboration.ts) and the Tiptap extensions that bind
 * the editor to it (Collaboration, and CollaborationCaret to show the other device's caret
 * with its label). Apart from the room so that a screen can open a room without the editor's code.
 */
import type { AnyExtension } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import CollaborationCaret from '@tiptap/extension-collaboration-caret';
import { createContext } from 'react';
import type YPartyKitProvider from 'y-partykit/provider';
import type * as Y from 'yjs';
import { roomName } from '@domain/room-protocol';
import { EDITOR_FRAGMENT } from '@domain/yjs-prosemirror';
import { caretColour, offlineCopyName, openRoom, type LiveStatus } from './collaboration';

export interface LiveSession {
  ydoc: Y.Doc;
  provider: YPartyKitProvider;
  extensions: AnyExtension[];
  status(): LiveStatus;
  subscribe(listener: () => void): () => void;
  destroy(): void;
}

export interface LiveSessionOptions {
  partyHost: string;
  userId: number;
  conceptId: number;
  /** The current access token, read at each (re)connection so a refreshed token is used. */
  token: () => string;
  /** Label shown next to this device's caret on the other devices. */
  deviceLabel: string;
}

/**
 * A screen that edits a concept live provides its session here; the editor inside it (the
 * concept form's, say) then edits the shared document instead of its `value`.
 */
export const LiveEditingContext = createContext<LiveSession | null>(null);

export function openLiveSession(options: LiveSessionOptions): LiveSession {
  const room = openRoom({
    partyHost: options.partyHost,
    party: 'main',
    room: roomName(options.userId, options.conceptId),
    copyName: offlineCopyName(options.userId, options.conceptId),
    token: options.token,
    hasContent: (ydoc) => ydoc.getXmlFragment(EDITOR_FRAGMENT).length > 0,
  });
  const extensions: AnyExtension[] = [
    Collaboration.configure({ document: room.ydoc, field: EDITOR_FRAGMENT }),
    CollaborationCaret.configure({ provider: room.provider, user: { name: options.deviceLabel, color: caretColour() } }),
  ];
  return { ydoc: room.ydoc, provider: room.provider, extensions, status: room.status, subscribe: room.subscribe, destroy: room.destroy };
}
