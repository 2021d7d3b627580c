/**
 * The concept room: one PartyKit room (a Durable Object) per concept, holding its Yjs
 * document while anyone edits it.
 *
 * Lifecycle: `onBeforeConnect` runs in the edge worker before the room wakes: it
 * verifies the access token (same secret as the API) and refuses any user other than
 * the one the room name binds, and any origin that is not allowed. The room then lives
 * while connections are open; y-partykit keeps the document in memory and relays updates.
 * Durable storage through the Worker's /internal API arrives with live sync (issue 6).
 */
import type * as Party from 'partykit/server';
import { onConnect } from 'y-partykit';
import { verifyAccessToken } from '../worker/src/domain/tokens';
import { parseRoomName } from './room-name';

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

function originAllowed(origin: string | null, env: Record<string, unknown>): boolean {
  // Native WebSocket clients (tests, the phone host) send no Origin; browsers always do.
  if (!origin) return true;
  if (env.ENVIRONMENT === 'development' && LOCAL_ORIGIN.test(origin)) return true;
  const allowed = String(env.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean);
  return allowed.includes(origin);
}

export default class ConceptRoom implements Party.Server {
  constructor(readonly room: Party.Room) {}

  static async onBeforeConnect(request: Party.Request, lobby: Party.Lobby) {
    const target = parseRoomName(lobby.id);
    if (!target) return new Response('Unknown room', { status: 404 });
    if (!originAllowed(request.headers.get('origin'), lobby.env)) return new Response('Origin not allowed', { status: 403 });
    const token = new URL(request.url).searchParams.get('token') ?? '';
    const userId = await verifyAccessToken(String(lobby.env.JWT_SECRET ?? ''), token, Date.now());
    if (!userId) return new Response('Unauthorized', { status: 401 });
    if (userId !== target.userId) return new Response('Forbidden', { status: 403 });
    return request;
  }

  onConnect(connection: Party.Connection) {
    return onConnect(connection, this.room, { persist: false });
  }
}
