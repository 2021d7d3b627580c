/** The one rendering of a failed call for a person (spec document 1 §8). */
import { ApiRequestError, detailText } from '../api/client';

export const OFFLINE_TEXT = 'Hors ligne : cet écran a besoin du serveur, et aucune copie n\'est gardée sur cet appareil. Réessayez une fois connecté.';

/**
 * The server's detail (a string as is, a validation list as 'field: message' lines joined
 * by `separator`), else the error's own message, else the screen's fallback. A bare
 * 'HTTP 500' says nothing to a person, so a detail-less API error shows the fallback.
 */
export function errorText(err: unknown, fallback: string, separator = '; '): string {
  // No answer at all, and no copy of it on this device: say the screen needs the server.
  if (err instanceof ApiRequestError && err.status === 0) return OFFLINE_TEXT;
  if (err instanceof ApiRequestError) return detailText(err.detail, separator) || fallback;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

/**
 * The server's detail, else its status and status text ('500 Internal Server Error'), else
 * `noAnswer` when no answer came at all (spec document 3 §8: a block deletion's message).
 */
export function failureText(err: unknown, noAnswer: string): string {
  if (!(err instanceof ApiRequestError)) return err instanceof Error && err.message ? err.message : noAnswer;
  if (err.status === 0) return detailText(err.detail) || noAnswer;
  return detailText(err.detail) || `${err.status} ${err.statusText}`.trim();
}

/** True for the 404 of a missing (or someone else's) object. */
export const isNotFound = (err: unknown): boolean => err instanceof ApiRequestError && err.status === 404;
