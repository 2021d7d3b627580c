/**
 * Reading a body whose size nobody vouches for: a request's JSON or upload, a
 * fetched page. Bytes are counted as they arrive — a client can lie in Content-Length or
 * send none — and the read stops at the first chunk past the limit, the rest cancelled,
 * never buffered.
 */

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
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    try {
      if (total > maxBytes) throw new StreamTooLargeError(maxBytes);
      await onChunk?.(value);
    } catch (err) {
      // A request's body is not read after the answer: cancel the rest here.
      await reader.cancel().catch(() => undefined);
      throw err;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
