/**
 * A JSON backup uploaded in one request is measured while it streams in: a backup past
 * the import's limits is refused at the first piece past one, the rest of the upload
 * dropped unparsed, read only up to the size limit so the client gets its answer (the local runtime raises a connection error of its own after an early answer to a
 * streamed request body, so this is judged here, on the reader itself, as body-limit.test.ts
 * does). The multipart reader finds the file part however the body is cut into chunks.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../worker/src/lib/errors';
import { readMultipartFile } from '../../worker/src/lib/multipart-file';
import { readBackupUpload } from '../../worker/src/services/data-import';
import { runtimeStream } from '../support/runtime-stream';

const BOUNDARY = '----astrolabe-boundary-7MA4YWxkTrZu0gW';
const encoder = new TextEncoder();
const fileHead = (name = 'file', filename = 'backup.json') =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: application/json\r\n\r\n`;

/** A request whose body is `pieces`, pulled one at a time, then `endless` more pieces forever (if given); `pulled()` counts them. */
function upload(pieces: (string | Uint8Array)[], endless?: string) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[pulled] ?? endless;
      pulled += 1;
      if (piece === undefined) return controller.close();
      controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
    },
  });
  const request = new Request('http://astrolabe.test/api/export-import/import/json', {
    method: 'POST',
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    duplex: 'half',
  } as RequestInit);
  return { request, pulled: () => pulled };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (err) => (err instanceof ApiError ? `${err.status} ${err.code}` : `${err?.name}`),
  );

describe('a backup upload past the limits', () => {
  it('is refused from its first megabytes, without waiting for a rest that never comes', async () => {
    // {"concepts":[{},{},… 240,000 empty objects a piece, and more forever: 400,000 objects is the limit.
    const sent = upload([fileHead(), '{"concepts":['], '{},'.repeat(80_000));
    expect(await refusal(readBackupUpload(sent.request))).toBe('413 import_too_large');
    // What follows is dropped up to the 16 MB limit (plus the form's own 64 KB), then the upload is cut.
    expect(sent.pulled()).toBeLessThanOrEqual(2 + Math.ceil(((16 << 20) + (64 << 10)) / 240_000) + 1);
  });

  it('is refused when nested too deeply, from the first piece', async () => {
    const sent = upload([fileHead(), '['.repeat(100)], ' '.repeat(1 << 20));
    expect(await refusal(readBackupUpload(sent.request))).toBe('422 invalid_backup');
  });

  it('is refused past 16 MB of file, an endless rest cut', async () => {
    const sent = upload([fileHead(), '{"pad":"'], 'x'.repeat(1 << 20));
    expect(await refusal(readBackupUpload(sent.request))).toBe('413 file_too_large');
    expect(sent.pulled()).toBeLessThanOrEqual(21);
  });
});

/** An upload of `bytes` whose body workerd would read: see runtimeStream. */
function runtimeUpload(bytes: Uint8Array, fill?: number) {
  const stream = runtimeStream(bytes, { fill });
  const request = new Request('http://astrolabe.test/api/export-import/import/json', {
    method: 'POST',
    body: stream.body,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    duplex: 'half',
  } as RequestInit);
  return { request, reads: stream.reads, read: stream.sent };
}

describe('a refused backup upload, read as the runtime hands it over', () => {
  it('drops the 14 MB after the refusal in a few dozen reads, not thousands', async () => {
    // 5 million empty objects (15 MB): past the 400,000 objects limit 1.2 MB in.
    const body = encoder.encode(`${fileHead()}{"concepts":[${'{},'.repeat(5_000_000)}{}]}\r\n--${BOUNDARY}--\r\n`);
    const sent = runtimeUpload(body);
    expect(await refusal(readBackupUpload(sent.request))).toBe('413 import_too_large');
    // Read to its end, so the client gets the answer…
    expect(sent.read()).toBe(body.length);
    // …in reads of 64 KB up to the refusal (1.2 MB) and of 256 KB after it, where 4 KB reads took 3,700.
    expect(sent.reads()).toBeLessThanOrEqual(Math.ceil(1_300_000 / (64 << 10)) + Math.ceil(15_000_000 / (256 << 10)) + 2);
  });
});

describe('the multipart reader', () => {
  const backup = JSON.stringify({ format: 'astrolabe-backup', format_version: 1, concepts: [{ title: 'Été « \\" » ' }] });
  const whole = `preamble\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nbonjour\r\n${fileHead()}${backup}\r\n--${BOUNDARY}--\r\n`;

  it('finds the file after another field, however the body is cut into chunks', async () => {
    const bytes = encoder.encode(whole);
    for (const size of [1, 2, 3, 7, 40, 41, 64, 1000, bytes.length]) {
      const pieces = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
      const file = await readMultipartFile(upload(pieces).request, { field: 'file', maxBytes: 1 << 20 });
      expect(new TextDecoder().decode(file.bytes)).toBe(backup);
      expect(file.name).toBe('backup.json');
      expect(file.type).toBe('application/json');
    }
  });

  it('keeps every byte of a file read in large pieces, or in the small ones a slow network gives', async () => {
    const big = JSON.stringify({ format: 'astrolabe-backup', format_version: 1, concepts: Array.from({ length: 2_000 }, (_, i) => ({ title: `Été ${i}` })) });
    const body = encoder.encode(`preamble\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nbonjour\r\n${fileHead()}${big}\r\n--${BOUNDARY}--\r\n`);
    for (const fill of [Infinity, 1000, 7]) {
      const file = await readMultipartFile(runtimeUpload(body, fill).request, { field: 'file', maxBytes: 1 << 20 });
      expect(new TextDecoder().decode(file.bytes)).toBe(big);
    }
  });

  it('keeps a file that holds the boundary minus its last character, and CRLFs', async () => {
    const tricky = `a\r\n--${BOUNDARY.slice(0, -1)}\r\n\r\nz\r\n`;
    const file = await readMultipartFile(upload([`${fileHead()}${tricky}\r\n--${BOUNDARY}--\r\n`]).request, { field: 'file', maxBytes: 1 << 20 });
    expect(new TextDecoder().decode(file.bytes)).toBe(tricky);
  });

  it('answers the missing-field error for no file, a file cut short, or a body that is not multipart', async () => {
    const missing = (promise: Promise<unknown>) => promise.then(() => 'accepted', (err) => err?.name);
    expect(await missing(readMultipartFile(upload([`--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nx\r\n--${BOUNDARY}--\r\n`]).request, { field: 'file', maxBytes: 1 << 20 }))).toBe('ZodError');
    expect(await missing(readMultipartFile(upload([`${fileHead()}{"concepts":[`]).request, { field: 'file', maxBytes: 1 << 20 }))).toBe('ZodError');
    const plain = new Request('http://astrolabe.test/x', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(await missing(readMultipartFile(plain, { field: 'file', maxBytes: 1 << 20 }))).toBe('ZodError');
  });
});
