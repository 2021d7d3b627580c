/**
 * A write-ahead log of Yjs updates in the room's own durable storage.
 *
 * Every update the room applies is written here at once (before the debounced save to
 * D1), so stopping the party server right after a client saw its edit relayed loses
 * nothing: on the next start the room merges D1's state with what the log still holds.
 * Entries already covered by a successful D1 save are dropped.
 *
 * Keys: `log:<seq, 12 digits>:<chunk, 3 digits>`; values are at most 128 KiB (a storage
 * value limit), so a large update is split in chunks.
 */
import type * as Party from 'partykit/server';

const PREFIX = 'log:';
const CHUNK_BYTES = 128 * 1024;
const DELETE_BATCH = 128;

const keyOf = (seq: number, chunk: number) => `${PREFIX}${String(seq).padStart(12, '0')}:${String(chunk).padStart(3, '0')}`;
const seqOf = (key: string) => Number(key.slice(PREFIX.length, PREFIX.length + 12));

export class UpdateLog {
  private lastSeq = 0;

  constructor(private readonly storage: Party.Storage) {}

  /** The logged updates in order; also sets the sequence the next append continues from. */
  async readAll(): Promise<Uint8Array[]> {
    const entries = await this.storage.list<Uint8Array>({ prefix: PREFIX });
    const bySeq = new Map<number, Uint8Array[]>();
    for (const [key, value] of entries) {
      const seq = seqOf(key);
      bySeq.set(seq, [...(bySeq.get(seq) ?? []), value]);
      this.lastSeq = Math.max(this.lastSeq, seq);
    }
    return [...bySeq.keys()].sort((a, b) => a - b).map((seq) => concat(bySeq.get(seq)!));
  }

  /** Writes an update; the storage write starts synchronously, in the event that applied it. */
  append(update: Uint8Array): { seq: number; written: Promise<unknown> } {
    const seq = ++this.lastSeq;
    const writes: Promise<unknown>[] = [];
    for (let i = 0, chunk = 0; i < update.length || chunk === 0; i += CHUNK_BYTES, chunk++) {
      writes.push(this.storage.put(keyOf(seq, chunk), update.slice(i, i + CHUNK_BYTES)));
    }
    return { seq, written: Promise.all(writes) };
  }

  get sequence(): number {
    return this.lastSeq;
  }

  /** Drops every entry (the concept is deleted). */
  async clear(): Promise<void> {
    await this.dropThrough(Math.max(this.lastSeq, 10 ** 12 - 2));
  }

  /** Drops the entries up to `seq` (they are in D1 now). */
  async dropThrough(seq: number): Promise<void> {
    const keys = [...(await this.storage.list({ prefix: PREFIX, end: keyOf(seq + 1, 0) })).keys()];
    for (let i = 0; i < keys.length; i += DELETE_BATCH) await this.storage.delete(keys.slice(i, i + DELETE_BATCH));
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
