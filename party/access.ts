/** What every room checks before a device may connect, whatever the document it holds. */
import type * as Party from 'partykit/server';
import { originAllowed } from '../worker/src/domain/room-protocol';
import { verifyAccessToken } from '../worker/src/domain/tokens';
import { WorkerApi } from './worker-api';

/** WebSocket close code telling the client the document is gone (not retried usefully). */
export const CLOSE_DOCUMENT_GONE = 4404;

export function originAccepted(origin: string | null, env: Record<string, unknown>): boolean {
  // Native WebSocket clients (tests, the phone host) send no Origin; browsers always do.
  if (!origin) return true;
  return originAllowed(origin, { environment: env.ENVIRONMENT, allowedOrigins: env.ALLOWED_ORIGINS });
}

/**
 * Null when the request may connect to a room bound to `ownerId`: an allowed origin and a
 * valid access token of that very user. Else the refusal to answer.
 */
export async function refuseConnection(request: Party.Request, lobby: Party.Lobby, ownerId: number): Promise<Response | null> {
  if (!originAccepted(request.headers.get('origin'), lobby.env)) return new Response('Origin not allowed', { status: 403 });
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const userId = await verifyAccessToken(String(lobby.env.JWT_SECRET ?? ''), token, Date.now());
  if (!userId) return new Response('Unauthorized', { status: 401 });
  if (userId !== ownerId) return new Response('Forbidden', { status: 403 });
  return null;
}

/**
 * A room's whole connect check: the room name must bind a document (`target`), the device
 * must pass `refuseConnection` for its owner, and the Worker must confirm the document is
 * theirs (`owns`). Answers the request to accept it, or the refusal.
 */
export async function admitDevice<T extends { userId: number }>(
  request: Party.Request,
  lobby: Party.Lobby,
  target: T | null,
  owns: (api: WorkerApi, target: T) => Promise<boolean>,
  unknown: string,
): Promise<Party.Request | Response> {
  if (!target) return new Response('Unknown room', { status: 404 });
  const refused = await refuseConnection(request, lobby, target.userId);
  if (refused) return refused;
  if (!(await owns(new WorkerApi(lobby.env), target))) return new Response(unknown, { status: 404 });
  return request;
}
