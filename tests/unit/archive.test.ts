/** Reading uploaded archives with caps: declared sizes first, then a hard cap while expanding. */
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ArchiveError, unzstdCapped, ZipArchive } from '../../worker/src/lib/archive';
import { deflated, deflatedZeros, zipOf } from '../support/zip-bytes';

const LIMITS = { maxEntries: 10, maxTotalBytes: 8 << 20, maxEntryBytes: 4 << 20 };
/** Deflating 256 MB of zeros to build a bomb takes seconds of CPU on a busy machine: what is measured is the refusal, not the build. */
const BOMB_TIMEOUT = 60_000;
const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (err) {
    return err instanceof ArchiveError ? err.reason : `other: ${String(err)}`;
  }
  return 'read';
};

describe('ZipArchive', () => {
  it('reads stored and deflated entries written by fflate', () => {
    const text = 'Une phrase, encore une phrase. '.repeat(1000);
    const zip = new ZipArchive(zipSync({ 'a.txt': strToU8(text), 'b.bin': [new Uint8Array([1, 2, 3]), { level: 0 }] }), LIMITS);
    expect(zip.names().sort()).toEqual(['a.txt', 'b.bin']);
    expect(new TextDecoder().decode(zip.read('a.txt'))).toBe(text);
    expect([...zip.read('b.bin')]).toEqual([1, 2, 3]);
  });

  it('refuses from the directory alone an entry that declares more than its cap, before expanding it', async () => {
    // 256 MB of zeros in ~256 KB: the directory says so, and nothing is inflated.
    const bomb = zipOf([{ name: 'collection.anki2', data: await deflatedZeros(256 << 20), method: 8, size: 256 << 20 }]);
    expect(bomb.length).toBeLessThan(1 << 20);
    expect(refusal(() => new ZipArchive(bomb, LIMITS))).toBe('too_large');
    // Entries each under the cap but over the budget together.
    const many = zipOf(Array.from({ length: 3 }, (_, i) => ({ name: `e${i}`, data: new Uint8Array(0), method: 0 as const, size: 3 << 20 })));
    expect(refusal(() => new ZipArchive(many, LIMITS))).toBe('too_large');
   }, BOMB_TIMEOUT);

  it('stops expanding an entry whose data holds more than its directory declares', async () => {
    const liar = zipOf([{ name: 'x', data: await deflatedZeros(64 << 20), method: 8, size: 1000 }]);
    const zip = new ZipArchive(liar, LIMITS);
    expect(refusal(() => zip.read('x'))).toBe('corrupt');
   }, BOMB_TIMEOUT);

  it('refuses a small entry (expanded at once) whose data holds more or less than its directory declares, or is cut', async () => {
    // 1 MB of zeros deflates to about 1 KB: one step, expanded without the streaming inflater.
    const zeros = await deflatedZeros(1 << 20);
    expect(zeros.length).toBeLessThan(4096);
    const exact = new ZipArchive(zipOf([{ name: 'x', data: zeros, method: 8, size: 1 << 20 }]), LIMITS);
    expect(exact.read('x').length).toBe(1 << 20);
    const liar = new ZipArchive(zipOf([{ name: 'x', data: zeros, method: 8, size: 1000 }]), LIMITS);
    expect(refusal(() => liar.read('x'))).toBe('corrupt');
    const short = new ZipArchive(zipOf([{ name: 'x', data: zeros, method: 8, size: (1 << 20) + 1 }]), LIMITS);
    expect(refusal(() => short.read('x'))).toBe('corrupt');
    const cut = new ZipArchive(zipOf([{ name: 'x', data: zeros.subarray(0, zeros.length >> 1), method: 8, size: 1 << 20 }]), LIMITS);
    expect(refusal(() => cut.read('x'))).toBe('corrupt');
  });

  it('refuses an entry when the reader asks for less than it declares, and counts what every read expanded', async () => {
    const data = new Uint8Array(3 << 20).fill(7);
    const zip = new ZipArchive(zipOf([{ name: 'a', data: await deflated(data), method: 8, size: data.length }, { name: 'b', data: await deflated(data), method: 8, size: data.length }]), LIMITS);
    expect(refusal(() => zip.read('a', 1 << 20))).toBe('too_large');
    expect(zip.read('a').length).toBe(data.length);
    expect(zip.read('b').length).toBe(data.length);
    expect(refusal(() => zip.read('a'))).toBe('too_large');
  });

  it('refuses what is not a zip, and a directory listing more entries than allowed', () => {
    expect(refusal(() => new ZipArchive(strToU8('pas une archive'), LIMITS))).toBe('corrupt');
    const crowded = zipSync(Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`f${i}`, new Uint8Array(1)])));
    expect(refusal(() => new ZipArchive(crowded, LIMITS))).toBe('too_large');
  });
});

/** A zstd frame of RLE blocks: `blocks` × 128 KB of one byte, a few bytes each. */
function zstdRle(blocks: number, declaredWindowLog = 17, byteOf = (_block: number) => 0x41): Uint8Array {
  const frame = [0x28, 0xb5, 0x2f, 0xfd, 0x00, (declaredWindowLog - 10) << 3];
  for (let i = 0; i < blocks; i++) {
    const header = ((128 * 1024) << 3) | (1 << 1) | (i === blocks - 1 ? 1 : 0);
    frame.push(header & 0xff, (header >> 8) & 0xff, (header >> 16) & 0xff, byteOf(i));
  }
  return Uint8Array.from(frame);
}

describe('unzstdCapped', () => {
  it('expands a frame within its cap', () => {
    const out = unzstdCapped(zstdRle(2), 1 << 20);
    expect(out.length).toBe(256 * 1024);
    expect(out.every((b) => b === 0x41)).toBe(true);
  });

  it('puts each block of a frame in its place', () => {
    const out = unzstdCapped(zstdRle(3, 19, (block) => 0x41 + block), 1 << 20);
    const block = 128 * 1024;
    expect(out.length).toBe(3 * block);
    for (const [at, letter] of [[0, 'A'], [block - 1, 'A'], [block, 'B'], [2 * block, 'C'], [3 * block - 1, 'C']] as const) expect(String.fromCharCode(out[at]!)).toBe(letter);
  });

  it('stops a frame of 2,048 blocks (256 MB from 8 KB) at the cap', () => {
    expect(refusal(() => unzstdCapped(zstdRle(2048), 4 << 20))).toBe('too_large');
  });

  it('refuses a frame whose header asks for a window larger than the cap, before allocating it', () => {
    expect(refusal(() => unzstdCapped(zstdRle(1, 30), 4 << 20))).toBe('too_large');
  });

  it('refuses data after the first frame', () => {
    const two = new Uint8Array([...zstdRle(1), ...zstdRle(1, 30)]);
    expect(refusal(() => unzstdCapped(two, 4 << 20))).toBe('corrupt');
  });
});
