/**
 * A room's session for a screen (a concept's or a daily note's): asks the API where the party
 * server is (`GET /api/config`), opens the room with the signed-in user's token, and
 * exposes the session and its status (connection, ready, unsaved) as React state. No editor
 * code: use-live-session.ts binds a concept's editor. No room code either (only its types):
 * the opener may load it, so a page can paint before the room's code has loaded.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { partyHost } from '../../api/config';
import { useAuth } from '../../ui/auth-context';
import { storedToken } from '../../lib/token-store';
import type { LiveStatus } from '../../editor/collaboration';
import './live-carets.css';

const IDLE: LiveStatus = { connection: 'connecting', ready: false, unsaved: false };
const noSession = { subscribe: () => () => undefined, status: () => IDLE };

export type RoomSessionState<S> = { kind: 'waiting' } | { kind: 'unavailable'; reason: string } | { kind: 'live'; session: S };

/** What opening a room needs to know of the page: where, who, and the caret's label. */
export interface RoomContext {
  partyHost: string;
  userId: number;
  token: () => string;
  deviceLabel: string;
}

interface OpenSession {
  status(): LiveStatus;
  subscribe(listener: () => void): () => void;
  destroy(): void;
}

/** Label for this device's caret: who, and on what. */
export function deviceLabel(username: string, isWebView: boolean): string {
  return `${username} · ${isWebView ? 'Téléphone' : 'Navigateur'}`;
}

/**
 * Opens a room while the component is mounted and `key` (the concept or note) is not
 * null; reopens when the key or the person changes. `open` is read when the key changes; it
 * may answer a promise (the room's code loaded on demand).
 */
export function useRoomSession<S extends OpenSession>(key: number | null, open: (context: RoomContext) => S | Promise<S>): { state: RoomSessionState<S>; status: LiveStatus } {
  const { user, isWebView } = useAuth();
  // The session follows the person, not the user object (which a token refresh replaces).
  const userId = user?.id;
  const username = user?.username;
  const [state, setState] = useState<RoomSessionState<S>>({ kind: 'waiting' });
  const opener = useRef(open);
  opener.current = open;

  useEffect(() => {
    const token = storedToken();
    if (key === null || userId === undefined || !username || !token) return;
    let session: S | null = null;
    let cancelled = false;
    const unreachable = () => !cancelled && setState({ kind: 'unavailable', reason: "Impossible de joindre le serveur d'édition." });
    partyHost().then((host) => {
      if (cancelled) return;
      if (!host) {
        setState({ kind: 'unavailable', reason: "L'édition en direct n'est pas configurée." });
        return;
      }
      const adopt = (opened: S) => {
        // Left (or moved to another key) while the room's code was loading.
        if (cancelled) return opened.destroy();
        session = opened;
        setState({ kind: 'live', session });
      };
      const opened = opener.current({ partyHost: host, userId, token: () => storedToken() ?? token, deviceLabel: deviceLabel(username, isWebView) });
      if (opened instanceof Promise) opened.then(adopt, unreachable);
      else adopt(opened);
    }, unreachable);
    return () => {
      cancelled = true;
      session?.destroy();
      setState({ kind: 'waiting' });
    };
  }, [key, userId, username, isWebView]);

  const source = state.kind === 'live' ? state.session : noSession;
  const status = useSyncExternalStore(source.subscribe, source.status);
  return { state, status };
}
