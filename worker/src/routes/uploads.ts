/**
 * Uploads (spec document 1 §7): images for the editor's figures, sounds for flashcards,
 * any file for attachments, and serving them back. Uploading needs a token; serving does not,
 * because <img> cannot send one — the address holds a random UUID instead. What is
 * served can never run script in the app's origin: only sniffed images are inline,
 * everything is `nosniff`, and a sandboxing CSP covers anything opened directly.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { requireUser } from '../lib/auth';
import { notFound } from '../lib/errors';
import { userFileKey } from '../lib/r2-keys';
import { validate } from '../lib/validate';
import { readUploadedFile, storeUpload } from '../services/uploads';
import { fileAddress } from './uploads.schema';

export const uploadsRoutes = new Hono<AppEnv>()
  .post('/media/upload', requireUser, async (c) => {
    const file = await readUploadedFile(c.req.raw);
    const stored = await storeUpload({ d1: c.get('db'), bucket: c.env.FILES, userId: c.get('userId'), file, expect: 'image' }, c.get('now'));
    return c.json(stored, 201);
  })
  .post('/audio/upload', requireUser, async (c) => {
    const file = await readUploadedFile(c.req.raw);
    const stored = await storeUpload({ d1: c.get('db'), bucket: c.env.FILES, userId: c.get('userId'), file, expect: 'audio' }, c.get('now'));
    return c.json(stored, 201);
  })
  .post('/files/upload', requireUser, async (c) => {
    const file = await readUploadedFile(c.req.raw);
    const stored = await storeUpload({ d1: c.get('db'), bucket: c.env.FILES, userId: c.get('userId'), file, expect: 'file' }, c.get('now'));
    return c.json(stored, 201);
  })
  .get('/files/:owner{[0-9]+}/:uuid', validate('param', fileAddress), async (c) => {
    const { owner, uuid } = c.req.valid('param');
    const object = await c.env.FILES.get(userFileKey(owner, uuid));
    if (!object) throw notFound('Fichier');
    const headers = new Headers({
      'Content-Type': object.httpMetadata?.contentType ?? 'application/octet-stream',
      'Content-Disposition': object.httpMetadata?.contentDisposition ?? 'attachment',
      'Content-Length': String(object.size),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'Cache-Control': 'private, max-age=31536000, immutable',
      ETag: object.httpEtag,
    });
    return c.body(object.body, 200, Object.fromEntries(headers));
  });
