import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import { RichDocTooLargeError } from '../domain/richtext';
import { useFrenchZodMessages } from './zod-french';

useFrenchZodMessages();

/** The 413 envelope, from the body limit and from the runtime alike. */
export const BODY_TOO_LARGE = { detail: 'Le contenu envoyé est trop volumineux.', code: 'payload_too_large' } as const;

/** A failure meant for the client: its status, a stable code and a readable detail. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 428 | 429,
    readonly code: string,
    readonly detail: string,
    /** More fields of the envelope, e.g. the current content beside a 409 `content_conflict`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(detail);
  }
}

/** `what` in French, as a person reads it: notFound('Concept') → 'Concept introuvable.' */
export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} introuvable.`);

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export function zodIssues(error: ZodError, where: string): ValidationIssue[] {
  return error.issues.map((issue) => ({
    loc: [where, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    msg: issue.message,
    type: issue.code,
  }));
}

/** Builds the one error envelope `{ detail, code }` for every 4xx/5xx. */
export function errorResponse(err: unknown, c: Context) {
  if (err instanceof ApiError) {
    return c.json({ ...err.extra, detail: err.detail, code: err.code }, err.status);
  }
  if (err instanceof ZodError) {
    return c.json({ detail: zodIssues(err, 'body'), code: 'validation_error' }, 422);
  }
  if (err instanceof RichDocTooLargeError) {
    // A path that cleans content without the schema in front (the party's internal write).
    return c.json({ detail: [{ loc: ['body', 'content'], msg: err.message, type: 'too_large' }], code: 'validation_error' }, 422);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    if (status === 413) return c.json(BODY_TOO_LARGE, 413);
    // Hono's own texts ('Malformed JSON in request body') are English: the person reads French.
    if (status < 500) return c.json({ detail: /json/i.test(err.message) ? "Le corps de la requête n'est pas un JSON valide." : 'Requête invalide.', code: 'http_error' }, status);
  }
  console.error(JSON.stringify({ level: 'error', requestId: c.get('requestId'), message: String(err), stack: (err as Error)?.stack }));
  return c.json({ detail: 'Internal server error', code: 'internal_error' }, 500);
}
