/**
 * Zip files written by hand for the archive tests: an entry's declared sizes
 * can be set apart from its data, and its deflate data can be made by the platform's
 * CompressionStream from a stream of zeros, so a 256 MB bomb never sits in memory.
 */
export interface RawEntry {
  name: string;
  /** What is stored in the zip (raw deflate for method 8). */
  data: Uint8Array;
  method: 0 | 8;
  /** The uncompressed size the headers declare. */
  size: number;
}

function header(fields: [number, 2 | 4][]): Uint8Array {
  const out = new Uint8Array(fields.reduce((n, [, w]) => n + w, 0));
  const view = new DataView(out.buffer);
  let at = 0;
  for (const [value, width] of fields) {
    if (width === 2) view.setUint16(at, value, true);
    else view.setUint32(at, value, true);
    at += width;
  }
  return out;
}

export function zipOf(entries: RawEntry[]): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = [];
  const directory: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = new TextEncoder().encode(entry.name);
    const local = header([[0x04034b50, 4], [20, 2], [0, 2], [entry.method, 2], [0, 2], [0, 2], [0, 4], [entry.data.length, 4], [entry.size, 4], [name.length, 2], [0, 2]]);
    directory.push(header([[0x02014b50, 4], [20, 2], [20, 2], [0, 2], [entry.method, 2], [0, 2], [0, 2], [0, 4], [entry.data.length, 4], [entry.size, 4], [name.length, 2], [0, 2], [0, 2], [0, 2], [0, 2], [0, 4], [offset, 4]]), name);
    parts.push(local, name, entry.data);
    offset += local.length + name.length + entry.data.length;
  }
  const size = directory.reduce((n, p) => n + p.length, 0);
  const end = header([[0x06054b50, 4], [0, 2], [0, 2], [entries.length, 2], [entries.length, 2], [size, 4], [offset, 4], [0, 2]]);
  const all = [...parts, ...directory, end];
  const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  all.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
}

/** Raw deflate of `bytes` zeros, compressed by the platform as they stream (1 MB at a time). */
export async function deflatedZeros(bytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const chunk = new Uint8Array(1 << 20);
  let left = bytes;
  const zeros = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (left <= 0) return controller.close();
      controller.enqueue(left >= chunk.length ? chunk : chunk.subarray(0, left));
      left -= chunk.length;
    },
  });
  return new Uint8Array(await new Response(zeros.pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
}

/** Raw deflate of some bytes. */
export async function deflated(bytes: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await new Response(new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
}
