/**
 * Reading archives someone uploaded without letting them decide how much
 * memory and CPU it takes: a zip's central directory is read first and an entry whose
 * declared size is over its cap — or a package whose entries add up to more than its
 * budget — is refused before a byte is expanded. Entries are then inflated in small
 * steps (fflate's streaming Inflate) and stopped the moment they pass the size they
 * declared, so a lying header costs no more than an honest one. zstd frames (Anki's
 * current packages) are checked the same way: window and content size read from the
 * frame header, output counted block by block (fzstd's streaming Decompress).
 */
import { Inflate, inflateSync } from 'fflate';
import { Decompress } from 'fzstd';

/** Why an archive was refused: `corrupt` (not readable as what it claims) or `too_large`. */
export class ArchiveError extends Error {
  constructor(
    readonly reason: 'corrupt' | 'too_large',
    message: string,
  ) {
    super(message);
  }
}

/** Runs a read of an archive, its refusals turned into the caller's own errors (an import's 422s). */
export function readArchive<T>(read: () => T, refusal: (reason: ArchiveError['reason']) => Error): T {
  try {
    return read();
  } catch (err) {
    if (err instanceof ArchiveError) throw refusal(err.reason);
    throw err;
  }
}

export interface ArchiveLimits {
  /** The most entries the directory may list. */
  maxEntries: number;
  /** What all entries may expand to together. */
  maxTotalBytes: number;
  /** What one entry may expand to (a caller can ask for less when it reads one). */
  maxEntryBytes: number;
}

interface ZipEntry {
  method: number;
  compressedSize: number;
  size: number;
  /** Where the entry's local header starts. */
  headerOffset: number;
}

const corrupt = (why: string) => new ArchiveError('corrupt', why);
const tooLarge = (why: string) => new ArchiveError('too_large', why);

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

/** Input fed to the inflater per step: deflate expands at most ~1,032×, so one step adds ≤ ~4 MB. */
const INFLATE_STEP = 4 * 1024;

const nameDecoder = new TextDecoder();

/** A zip read lazily against its central directory. */
export class ZipArchive {
  private readonly entries = new Map<string, ZipEntry>();
  private expanded = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly limits: ArchiveLimits,
  ) {
    // The end-of-directory record sits in the last 22 + 65,535 (comment) bytes.
    let end = -1;
    for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
      if (u32(bytes, at) === 0x06054b50) {
        end = at;
        break;
      }
    }
    if (end < 0) throw corrupt('no zip directory');
    const count = u16(bytes, end + 10);
    if (count > limits.maxEntries) throw tooLarge(`more than ${limits.maxEntries} entries`);
    let at = u32(bytes, end + 16);
    let declared = 0;
    for (let i = 0; i < count; i++) {
      if (at + 46 > bytes.length || u32(bytes, at) !== 0x02014b50) throw corrupt('broken zip directory');
      const flags = u16(bytes, at + 8);
      const entry: ZipEntry = { method: u16(bytes, at + 10), compressedSize: u32(bytes, at + 20), size: u32(bytes, at + 24), headerOffset: u32(bytes, at + 42) };
      const nameLength = u16(bytes, at + 28);
      const name = nameDecoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
      at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
      if (flags & 1) throw corrupt('encrypted entry');
      // 0xFFFFFFFF marks a zip64 size: over every cap here anyway.
      if (entry.size > limits.maxEntryBytes) throw tooLarge(`entry ${name.slice(0, 80)} declares ${entry.size} bytes`);
      declared += entry.size;
      if (declared > limits.maxTotalBytes) throw tooLarge(`entries declare more than ${limits.maxTotalBytes} bytes`);
      this.entries.set(name, entry);
    }
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The entry's bytes, refused when it declares (or turns out to hold) more than `maxBytes`. */
  read(name: string, maxBytes = this.limits.maxEntryBytes): Uint8Array {
    const entry = this.entries.get(name);
    if (!entry) throw corrupt(`no entry ${name.slice(0, 80)}`);
    if (entry.size > maxBytes) throw tooLarge(`entry ${name.slice(0, 80)} declares ${entry.size} bytes`);
    const at = entry.headerOffset;
    if (at + 30 > this.bytes.length || u32(this.bytes, at) !== 0x04034b50) throw corrupt('broken zip entry');
    const start = at + 30 + u16(this.bytes, at + 26) + u16(this.bytes, at + 28);
    const data = this.bytes.subarray(start, start + entry.compressedSize);
    if (data.length !== entry.compressedSize) throw corrupt('truncated zip entry');
    const out = entry.method === 0 ? data.slice() : entry.method === 8 ? inflateCapped(data, entry.size) : null;
    if (!out) throw corrupt(`compression method ${entry.method}`);
    if (out.length !== entry.size) throw corrupt('entry size differs from its directory');
    this.expanded += out.length;
    if (this.expanded > this.limits.maxTotalBytes) throw tooLarge(`more than ${this.limits.maxTotalBytes} bytes expanded`);
    return out;
  }
}

/** Raw deflate data expanded into exactly `size` bytes; refused the moment it would pass them. */
function inflateCapped(data: Uint8Array, size: number): Uint8Array {
  if (data.length <= INFLATE_STEP) return inflateSmall(data, size);
  const out = new Uint8Array(size);
  let written = 0;
  const inflater = new Inflate((chunk) => {
    if (written + chunk.length > size) throw corrupt('entry expands past its declared size');
    out.set(chunk, written);
    written += chunk.length;
  });
  try {
    for (let at = 0; at < data.length || at === 0; at += INFLATE_STEP) inflater.push(data.subarray(at, at + INFLATE_STEP), at + INFLATE_STEP >= data.length);
  } catch (err) {
    throw err instanceof ArchiveError ? err : corrupt('invalid deflate data');
  }
  return written === size ? out : out.subarray(0, written);
}

/**
 * An entry small enough to be one step of inflateCapped (a note of a vault), expanded at once
 * into a buffer one byte past its size: the streaming inflater would grow its own 160 KB
 * window per entry, 10,000 of them the better part of a vault's import. Writes past that
 * buffer are dropped by the typed array (or refused, for a stored block), so one step's
 * CPU at most, and a byte past the size means the entry expands past what it declared.
 */
function inflateSmall(data: Uint8Array, size: number): Uint8Array {
  let out: Uint8Array;
  try {
    out = inflateSync(data, { out: new Uint8Array(size + 1) });
  } catch {
    throw corrupt('invalid deflate data');
  }
  if (out.length > size) throw corrupt('entry expands past its declared size');
  return out;
}

/**
 * What a zstd frame's header says it needs: its window (the decoder allocates it up front)
 * or, for a single-segment frame, its content size (RFC 8878 §3.1.1.1).
 */
function zstdFrameNeeds(bytes: Uint8Array): number {
  if (bytes.length < 6) throw corrupt('truncated zstd frame');
  const descriptor = bytes[4]!;
  const singleSegment = (descriptor >> 5) & 1;
  if (!singleSegment) {
    const window = bytes[5]!;
    const base = 2 ** (10 + (window >> 3));
    return base + (base / 8) * (window & 7);
  }
  const sizeField = descriptor >> 6;
  const at = 5 + [0, 2, 4, 8][descriptor & 3]!;
  if (sizeField === 0) return bytes[at]!;
  if (sizeField === 1) return u16(bytes, at) + 256;
  if (sizeField === 2) return u32(bytes, at);
  return u32(bytes, at) + u32(bytes, at + 4) * 2 ** 32;
}

/**
 * A zstd stream's content, refused as soon as it passes `maxBytes` (or its header asks for
 * more). Expanded twice: once to learn its size, once into a buffer of exactly that size, so
 * that only one copy of the content is ever held (a collection of 40 MB kept as chunks and
 * then joined would hold twice that at once, beside everything else an import holds).
 */
export function unzstdCapped(bytes: Uint8Array, maxBytes: number): Uint8Array {
  if (zstdFrameNeeds(bytes) > maxBytes) throw tooLarge(`zstd frame needs more than ${maxBytes} bytes`);
  let total = 0;
  expandZstd(bytes, (chunk) => {
    total += chunk.length;
    if (total > maxBytes) throw tooLarge(`zstd data expands past ${maxBytes} bytes`);
  });
  const out = new Uint8Array(total);
  let offset = 0;
  expandZstd(bytes, (chunk) => {
    out.set(chunk, offset);
    offset += chunk.length;
  });
  return out;
}

/** Runs one zstd frame through the decoder, each piece of its content handed to `onData`. */
function expandZstd(bytes: Uint8Array, onData: (chunk: Uint8Array) => void): void {
  const decoder = new Decompress(onData);
  // One frame only: the decoder would size a further frame's window from that frame's own
  // header, unchecked. Between frames its state is the number of checksum bytes to skip.
  const push = decoder.push.bind(decoder);
  decoder.push = (chunk, final) => {
    const skip = (decoder as unknown as { s?: unknown }).s;
    if (typeof skip === 'number' && chunk.length > skip) throw corrupt('data after the zstd frame');
    return push(chunk, final);
  };
  try {
    decoder.push(bytes, true);
  } catch (err) {
    throw err instanceof ArchiveError ? err : corrupt('invalid zstd data');
  }
}
