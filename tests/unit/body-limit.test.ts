/**
 * The JSON body limit on a body streamed in without a Content-Length (security):
 * refused with the 413 envelope as soon as it passes the limit, the rest never read, the
 * route never reached; a body within the limit reaches the route whole. (Over real HTTP
 * the Content-Length case is in tests/sync/http-limits.test.ts; the local runtime raises
 * a connection error of its own after an early answer to a stream, so this case is judged
 * here, on the middleware itself.)
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { limitBody } from '../../worker/src/lib/body-limit';

const LIMIT = 1024 * 1024;
const CHUNK = new TextEncoder().encode('a'.repeat(64 * 1024));

function appReached() {
  const reached: string[] = [];
  const app = new Hono();
  app.use('*', limitBody(LIMIT));
  app.post('/x', async (c) => {
    reached.push(await c.req.text());
    return c.json({ ok: true }, 201);
  });
  return { app, reached };
}

/** A body of `chunks` 64 KB pieces, pulled one at a time; `pulled()` says how many were taken. */
function streamOf(chunks: number) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close();
      pulled += 1;
      controller.enqueue(CHUNK);
    },
  });
  return { body, pulled: () => pulled };
}

const post = (app: Hono, body: ReadableStream<Uint8Array>) =>
  app.request('/x', { method: 'POST', body, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit);

describe('a body streamed without a Content-Length', () => {
  it('is refused with the 413 envelope once it passes the limit, without reading the rest', async () => {
    const { app, reached } = appReached();
    const stream = streamOf(256); // 16 MB
    const res = await post(app, stream.body);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ detail: 'Le contenu envoyé est trop volumineux.', code: 'payload_too_large' });
    expect(stream.pulled()).toBeLessThan(256);
    expect(reached).toEqual([]);
  });

  it('reaches the route whole when it stays within the limit', async () => {
    const { app, reached } = appReached();
    const res = await post(app, streamOf(8).body); // 512 KB
    expect(res.status).toBe(201);
    expect(reached[0]).toHaveLength(8 * CHUNK.byteLength);
  });

  it('is refused by a declared Content-Length over the limit before anything is read', async () => {
    const { app, reached } = appReached();
    const stream = streamOf(256);
    const res = await app.request('/x', { method: 'POST', body: stream.body, headers: { 'content-length': String(16 * 1024 * 1024) }, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(413);
    expect(stream.pulled()).toBeLessThanOrEqual(1);
    expect(reached).toEqual([]);
  });
});
