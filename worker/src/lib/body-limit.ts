/**
 * The size limit of JSON and form bodies. A declared Content-Length over the
 * limit is refused before anything is read; a body streamed in without one is read up to
 * the limit only, and refused as soon as it passes it (the rest is cancelled, never
 * buffered).
 */
import type { Context, Next } from 'hono';
import { readStreamWithLimit, StreamTooLargeError } from './read-limited';
import { BODY_TOO_LARGE as TOO_LARGE } from './errors';

export function limitBody(maxSize: number) {
  return async (c: Context, next: Next) => {
    const declared = c.req.header('content-length');
    if (declared !== undefined) return Number(declared) > maxSize ? c.json(TOO_LARGE, 413) : next();
    if (!c.req.raw.body) return next();
    try {
      c.req.raw = new Request(c.req.raw, { body: await readStreamWithLimit(c.req.raw.body, maxSize) });
    } catch (err) {
      if (err instanceof StreamTooLargeError) return c.json(TOO_LARGE, 413);
      throw err;
    }
    return next();
  };
}
