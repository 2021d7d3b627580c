/**
 * Receiving and storing uploads. The size limit is enforced while the body streams in,
 * counting bytes as they arrive — a client can lie in Content-Length or send none.
 * The image type is read from the bytes (sniffImageType), never from the declared type.
 */
import { ZodError } from 'zod';
import { ACCEPTED_IMAGE_TYPES, sniffImageType, type ImageType } from '../domain/sniff-image';
import { sniffAudioType, type AudioType } from '../domain/sniff-audio';
import { files } from '../db/schema';
import { getDb } from '../db/client';
import { ApiError } from '../lib/errors';
import { publicFileUrl, userFileKey } from '../lib/r2-keys';
import { readStreamWithLimit, StreamTooLargeError } from '../lib/read-limited';

export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
export const TOO_LARGE = 'File is too large. Max size is 15MB.';

const tooLarge = () => new ApiError(413, 'file_too_large', TOO_LARGE);

/** Reads a request body, stopping with 413 as soon as it passes `maxBytes`. */
export async function readBodyWithLimit(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  try {
    return await readStreamWithLimit(request.body, maxBytes);
  } catch (err) {
    throw err instanceof StreamTooLargeError ? tooLarge() : err;
  }
}

/** The same 422 envelope as any validation failure: detail [{loc: ['body', 'file'], ...}]. */
const missingFile = () => new ZodError([{ code: 'custom', path: ['file'], message: 'Field required' }]);

/** The `file` part of a multipart upload, its size checked against the 15 MB limit. */
export async function readUploadedFile(request: Request): Promise<File> {
  const body = await readBodyWithLimit(request, MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': request.headers.get('content-type') ?? '' } }).formData();
  } catch {
    throw missingFile();
  }
  const file = form.get('file') as unknown;
  if (!(file instanceof File)) throw missingFile();
  if (file.size > MAX_UPLOAD_BYTES) throw tooLarge();
  return file;
}

export interface StoredUpload {
  public_url: string;
  fileName: string;
  mimeType: string;
  fileSize: number;
}

/** A file name safe to show and to put in a header: no path, no control characters. */
export function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = name.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return base.slice(0, 200) || 'file';
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/[\\"]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

interface StoreUploadProps {
  d1: D1Database;
  bucket: R2Bucket;
  userId: number;
  file: File;
  /** 'image' accepts only jpeg/png/gif/webp, 'audio' only the sounds browsers play (415 otherwise); 'file' accepts anything. */
  expect: 'image' | 'audio' | 'file';
}

/** The type a file is served with when its bytes say what it is: an image, or a sound when sounds are expected. */
function sniffedType(bytes: Uint8Array, expect: StoreUploadProps['expect']): { type: ImageType | AudioType; kind: 'image' | 'audio' } | null {
  if (expect === 'audio') {
    const audio = sniffAudioType(bytes);
    if (!audio) throw new ApiError(415, 'unsupported_media_type', AUDIO_ONLY);
    return { type: audio, kind: 'audio' };
  }
  const image = sniffImageType(bytes);
  if (expect === 'image' && !image) throw new ApiError(415, 'unsupported_media_type', `Only ${ACCEPTED_IMAGE_TYPES.join(', ')} images are accepted`);
  return image ? { type: image, kind: 'image' } : null;
}

export const AUDIO_ONLY = 'Ce fichier n’est pas un son lisible : formats acceptés MP3, Ogg, WAV, FLAC, M4A et WebM.';

/**
 * Puts the bytes in R2 under the owner's prefix and records a `files` row. Sniffed
 * images and sounds are served inline with their type; everything else is served as a download.
 */
export async function storeUpload({ d1, bucket, userId, file, expect }: StoreUploadProps, now: number): Promise<StoredUpload> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sniffed = sniffedType(bytes, expect);
  const uuid = crypto.randomUUID();
  const key = userFileKey(userId, uuid);
  const fileName = cleanFileName(file.name || 'file');
  const mimeType = sniffed?.type ?? (file.type || 'application/octet-stream');
  await bucket.put(key, bytes, {
    httpMetadata: {
      // Only sniffed media get their real type; anything else is opaque bytes to download.
      contentType: sniffed?.type ?? 'application/octet-stream',
      contentDisposition: contentDisposition(sniffed ? 'inline' : 'attachment', fileName),
    },
    customMetadata: { userId: String(userId), fileName },
  });
  try {
    await getDb(d1).insert(files).values({ userId, key, fileName, mimeType, size: bytes.byteLength, kind: sniffed?.kind ?? 'file', createdAt: now });
  } catch (error) {
    await bucket.delete(key);
    throw error;
  }
  return { public_url: publicFileUrl(userId, uuid), fileName, mimeType, fileSize: bytes.byteLength };
}
