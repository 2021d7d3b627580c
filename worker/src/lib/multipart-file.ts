/**
 * One file field of a multipart/form-data upload, read as the body streams in (RFC 7578):
 * the caller sees the file's bytes chunk by chunk and can refuse the upload at the first
 * chunk it does not like, the rest of the body read and dropped, never parsed. `Request.formData()` would
 * buffer and split the whole body (up to 16 MB) in one step before anyone looks at it.
 * Other fields are skipped; the file's own bytes are counted against `maxBytes`.
 */
import { ZodError } from 'zod';
import { ApiError } from './errors';
import { bodyReader } from './read-limited';

export interface MultipartFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface ReadMultipartFileOptions {
  /** The field holding the file. */
  field: string;
  /** The most the file may hold: 413 `file_too_large` past it. */
  maxBytes: number;
  /** Sees each piece of the file as it arrives; what it throws stops the read and is thrown. */
  onChunk?: (bytes: Uint8Array) => void | Promise<void>;
}

/** Part headers longer than this are not a form's. */
const MAX_HEADER_BYTES = 16 * 1024;
/** What the body may hold around the file: boundaries, part headers, small fields. */
const MAX_OTHER_BYTES = 64 * 1024;

const missing = (field: string) => new ZodError([{ code: 'custom', path: [field], message: 'Field required' }]);
const CRLF_CRLF = new Uint8Array([13, 10, 13, 10]);

/** Where `needle` starts in `hay` at or after `from`; -1 when it does not. */
export function indexOfBytes(hay: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0]!;
  const last = hay.length - needle.length;
  for (let i = hay.indexOf(first, from); i !== -1 && i <= last; i = hay.indexOf(first, i + 1)) {
    let j = 1;
    while (j < needle.length && hay[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

/** A copy of `a` then `b` (`b` may be a reader's buffer, read into again). */
const concat = (a: Uint8Array, b: Uint8Array) => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

/** A header parameter (`name="file"`, `filename=x.json`) of a Content-Disposition. */
function parameter(disposition: string, key: string): string | null {
  const m = new RegExp(`;\\s*${key}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, 'i').exec(disposition);
  if (!m) return null;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, '$1') : m[2]!;
}

function boundaryOf(contentType: string): string | null {
  if (!/^multipart\/form-data\b/i.test(contentType.trim())) return null;
  const m = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  return boundary && boundary.length <= 200 ? boundary : null;
}

/**
 * The `field` file of the request's multipart body. 422 (the validation envelope, as for a
 * missing field) when the body is not multipart or holds no such file; 413 past the limits.
 */
export async function readMultipartFile(request: Request, { field, maxBytes, onChunk }: ReadMultipartFileOptions): Promise<MultipartFile> {
  const tooLarge = () => new ApiError(413, 'file_too_large', `File is too large (at most ${Math.round(maxBytes / 1024 / 1024)} MB)`);
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes + MAX_OTHER_BYTES) throw tooLarge();
  const boundary = boundaryOf(request.headers.get('content-type') ?? '');
  if (!boundary || !request.body) throw missing(field);
  // Every delimiter but the first follows a line break; the body is read as if one came first.
  const delimiter = new TextEncoder().encode(`\r\n--${boundary}`);
  const reader = bodyReader(request.body);

  let pending: Uint8Array = new Uint8Array([13, 10]);
  let phase: 'preamble' | 'headers' | 'part' = 'preamble';
  let inFile = false;
  let file = null as MultipartFile | null;
  const pieces: Uint8Array[] = [];
  let fileBytes = 0;
  let otherBytes = 0;
  let complete = false;

  const emit = async (bytes: Uint8Array) => {
    if (!bytes.length) return;
    if (!inFile) {
      otherBytes += bytes.length;
      if (otherBytes > MAX_OTHER_BYTES) throw tooLarge();
      return;
    }
    fileBytes += bytes.length;
    if (fileBytes > maxBytes) throw tooLarge();
    await onChunk?.(bytes);
    pieces.push(bytes);
  };

  /** Consumes what `pending` holds; true once the file is whole or the body's last delimiter is reached. */
  const advance = async (): Promise<boolean> => {
    for (;;) {
      if (phase === 'preamble' || phase === 'part') {
        const at = indexOfBytes(pending, delimiter);
        if (at < 0) {
          // Keep what could be the start of a delimiter cut by the chunk's end.
          const keep = Math.min(pending.length, delimiter.length - 1);
          await emit(pending.subarray(0, pending.length - keep));
          pending = pending.slice(pending.length - keep);
          return false;
        }
        await emit(pending.subarray(0, at));
        if (inFile) return (complete = true);
        pending = pending.slice(at + delimiter.length);
        phase = 'headers';
      }
      // After a delimiter: `--` ends the body, else the part's headers up to a blank line.
      if (pending.length < 2) return false;
      if (pending[0] === 45 && pending[1] === 45) return true;
      const end = indexOfBytes(pending, CRLF_CRLF);
      if (end < 0) {
        if (pending.length > MAX_HEADER_BYTES) throw missing(field);
        return false;
      }
      const headers = new TextDecoder().decode(pending.subarray(0, end));
      pending = pending.slice(end + 4);
      const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
      const filename = parameter(disposition, 'filename');
      inFile = file === null && parameter(disposition, 'name') === field && filename !== null;
      if (inFile) file = { name: filename!, type: /^content-type:\s*(.*?)\s*$/im.exec(headers)?.[1] ?? '', bytes: new Uint8Array() };
      phase = 'part';
    }
  };

  let read = 0;
  try {
    for (let done = false; !done; ) {
      const piece = await reader.read();
      if (!piece) break;
      read += piece.length;
      pending = concat(pending, piece);
      done = await advance();
    }
  } catch (err) {
    await reader.drain(maxBytes + MAX_OTHER_BYTES - read);
    throw err;
  }
  // The rest (the closing delimiter, later fields) is not needed.
  await reader.drain(MAX_OTHER_BYTES);
  // No such file, or the body ended inside it (an upload cut short).
  if (!complete) throw missing(field);
  const bytes = new Uint8Array(fileBytes);
  let offset = 0;
  for (const piece of pieces) {
    bytes.set(piece, offset);
    offset += piece.length;
  }
  return { ...file!, bytes };
}
