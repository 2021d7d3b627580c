/**
 * The size limit of JSON and form bodies (issue 9). A declared Content-Length over the
 * limit is refused before anything is read; a body streamed in without one is read up to
 * the limit only, and refused as soon as it passes it (the rest is cancelled, never
 * buffered).
 */
import type { Context, Next } from 'hono';

const TOO_LARGE = { detail: 'Request body is too large', code: 'payload_too_large' } as const;

function joined(parts: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

export function limitBody(maxSize: number) {
  return async (c: Context, next: Next) => {
    const declared = c.req.header('content-length');
    if (declared !== undefined) return Number(declared) > maxSize ? c.json(TOO_LARGE, 413) : next();
    const body = c.req.raw.body;
    if (!body) return next();
    const reader = body.getReader();
    const parts: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxSize) {
        // The runtime reads no request body after the answer, so the rest is cancelled here.
        await reader.cancel().catch(() => undefined);
        return c.json(TOO_LARGE, 413);
      }
      parts.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: joined(parts, size) });
    return next();
  };
}
