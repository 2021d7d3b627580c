/**
 * What the Worker, the party server and the page must agree on about live rooms, in one
 * place: how a room is named, the room's `saved` note, the header and comparison that
 * guard the party ⇄ Worker calls, and which browser origins may connect.
 *
 * Pure: no I/O, no clock. Web and party import it like the rest of the domain.
 */

/**
 * A room is named for the concept and its owner: `u<userId>-c<conceptId>`. Binding the
 * user into the name means the connect check is a comparison, with no lookup.
 */
export function roomName(userId: number, conceptId: number): string {
  return `u${userId}-c${conceptId}`;
}

export function parseRoomName(name: string): { userId: number; conceptId: number } | null {
  const match = /^u(\d{1,15})-c(\d{1,15})$/.exec(name);
  if (!match) return null;
  return { userId: Number(match[1]), conceptId: Number(match[2]) };
}

/** A daily note's room (party `notes`): `u<userId>-n<noteId>`. */
export function noteRoomName(userId: number, noteId: number): string {
  return `u${userId}-n${noteId}`;
}

export function parseNoteRoomName(name: string): { userId: number; noteId: number } | null {
  const match = /^u(\d{1,15})-n(\d{1,15})$/.exec(name);
  if (!match) return null;
  return { userId: Number(match[1]), noteId: Number(match[2]) };
}

/** The room tells its devices which state D1 holds (base64 of a Yjs state vector). */
export interface SavedMessage {
  type: 'saved';
  state_vector: string;
  /** A note's room: the D1 id of each stored block, by uid (links, promotion, mentions). */
  block_ids?: Record<string, number>;
}

export function encodeSavedMessage(stateVector: string, blockIds?: Record<string, number>): string {
  return JSON.stringify({ type: 'saved', state_vector: stateVector, ...(blockIds ? { block_ids: blockIds } : {}) } satisfies SavedMessage);
}

/** The block ids a note room's `saved` note carries, or null. */
export function decodeSavedBlockIds(frame: string): Record<string, number> | null {
  try {
    const message = JSON.parse(frame) as Partial<SavedMessage> | null;
    return message?.type === 'saved' && message.block_ids && typeof message.block_ids === 'object' ? message.block_ids : null;
  } catch {
    return null;
  }
}

/** The state vector of a `saved` note, or null for any other text frame. */
export function decodeSavedMessage(frame: string): string | null {
  try {
    const message = JSON.parse(frame) as Partial<SavedMessage> | null;
    return message?.type === 'saved' && typeof message.state_vector === 'string' ? message.state_vector : null;
  } catch {
    return null;
  }
}

/** Header carrying the secret shared by the party server and the Worker. */
export const INTERNAL_SECRET_HEADER = 'x-internal-secret';

/** Constant-time comparison of a given secret with the expected one; an unset secret never matches. */
export function sameSecret(given: string, expected: string): boolean {
  const enc = new TextEncoder();
  const a = enc.encode(given);
  const b = enc.encode(expected);
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return expected !== '' && diff === 0;
}

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * Whether a browser origin may call the API or open a room: those listed in
 * `ALLOWED_ORIGINS` (comma-separated), plus local hosts in development.
 */
export function originAllowed(origin: string, settings: { environment?: unknown; allowedOrigins?: unknown }): boolean {
  if (settings.environment === 'development' && LOCAL_ORIGIN.test(origin)) return true;
  return String(settings.allowedOrigins ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .includes(origin);
}
