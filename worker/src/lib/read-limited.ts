/**
 * Reading a body whose size nobody vouches for: a request's JSON or upload, a
 * fetched page. Bytes are counted as they arrive — a client can lie in Content-Length or
 * send none — and the read stops at the first chunk past the limit, the rest cancelled,
 * never buffered.
 */

/** Bytes asked for at each read: workerd's default reads of a body hand over 4 KB each, a few thousand promises for a 16 MB upload. */
const READ_BYTES = 64 * 1024;
/** Bytes asked for at each read of a rest that is dropped. */
const DRAIN_BYTES = 256 * 1024;

export interface BodyReader {
  /** The next piece, or null at the end. Its bytes are valid until the next read: copy what is kept. */
  read(): Promise<Uint8Array | null>;
  /**
   * The rest, read and dropped up to `budget` bytes (then cancelled): a client still sending
   * its upload gets the answer rather than a reset connection (workerd resets the connection
   * of an answer sent before the body is read), and reads of 256 KB cost next to nothing
   * beside thousands of 4 KB reads, or parsing.
   */
  drain(budget: number): Promise<void>;
  cancel(): Promise<void>;
}

/**
 * A body read in large pieces: into one buffer of the reader's own, read into again and
 * again, when the body is a byte stream (request and response bodies in workerd are), else
 * as its source cuts it.
 */
export function bodyReader(body: ReadableStream<Uint8Array>): BodyReader {
  let byob: ReadableStreamBYOBReader | null = null;
  try {
    byob = body.getReader({ mode: 'byob' });
  } catch {
    // not a byte stream: its own pieces
  }
  const reader = byob ?? body.getReader();
  let buffer = new ArrayBuffer(READ_BYTES);
  const read = async (size: number): Promise<Uint8Array | null> => {
    if (!byob) {
      const next = await (reader as ReadableStreamDefaultReader<Uint8Array>).read();
      return next.done ? null : next.value;
    }
    if (buffer.byteLength !== size) buffer = new ArrayBuffer(size);
    const next = await byob.read(new Uint8Array(buffer));
    if (next.done) return null;
    buffer = next.value.buffer as ArrayBuffer;
    return next.value;
  };
  const cancel = () => reader.cancel().catch(() => undefined);
  return {
    read: () => read(READ_BYTES),
    cancel,
    drain: async (budget) => {
      try {
        for (let left = budget; left > 0; ) {
          const piece = await read(DRAIN_BYTES);
          if (!piece) return;
          left -= piece.length;
        }
        await cancel();
      } catch {
        // the client went away
      }
    },
  };
}

/** Thrown when a stream passes its limit; callers turn it into their own 413 or 422. */
export class StreamTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`stream larger than ${maxBytes} bytes`);
  }
}

/**
 * The stream's bytes, or StreamTooLargeError as soon as they pass `maxBytes`. `onChunk`
 * sees each chunk as it arrives (a reader that measures while it reads); what it throws
 * stops the read, the rest cancelled, and is thrown from here.
 */
export async function readStreamWithLimit(
  stream: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  onChunk?: (chunk: Uint8Array) => void | Promise<void>,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!stream) return new Uint8Array();
  const reader = bodyReader(stream);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const piece = await reader.read();
    if (!piece) break;
    total += piece.byteLength;
    try {
      if (total > maxBytes) throw new StreamTooLargeError(maxBytes);
      const chunk = piece.slice();
      chunks.push(chunk);
      await onChunk?.(chunk);
    } catch (err) {
      // A request's body is not read after the answer: cancel the rest here.
      await reader.cancel();
      throw err;
    }
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
