/** A concept's live session for a screen: its room (use-room-session.ts) with the editor's extensions bound to it. */
import type { LiveStatus } from '../../editor/collaboration';
import { openLiveSession, type LiveSession } from '../../editor/live-session';
import { useRoomSession, type RoomSessionState } from './use-room-session';

export type LiveSessionState = RoomSessionState<LiveSession>;

/** Opens the room of `conceptId` while the component is mounted (null: none). */
export function useLiveSession(conceptId: number | null): { state: LiveSessionState; status: LiveStatus } {
  return useRoomSession(conceptId, (context) => openLiveSession({ ...context, conceptId: conceptId! }));
}
