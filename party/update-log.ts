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
  /** The keys of the entries written, by sequence: those `readAll` listed and those appended since. */
  private readonly keys = new Map<number, string[]>();
  /** Whether `keys` holds every stored entry (`readAll` listed them): dropping entries then needs no list. */
  private listed = false;

  constructor(private readonly storage: Party.Storage) {}

  /** The logged updates in order; also sets the sequence the next append continues from. */
  async readAll(): Promise<Uint8Array[]> {
    const entries = await this.storage.list<Uint8Array>({ prefix: PREFIX });
    const bySeq = new Map<number, Uint8Array[]>();
    for (const [key, value] of entries) {
      const seq = seqOf(key);
      bySeq.set(seq, [...(bySeq.get(seq) ?? []), value]);
      this.keys.set(seq, [...new Set([...(this.keys.get(seq) ?? []), key])]);
      this.lastSeq = Math.max(this.lastSeq, seq);
    }
    this.listed = true;
    return [...bySeq.keys()].sort((a, b) => a - b).map((seq) => concat(bySeq.get(seq)!));
  }

  /** Writes an update; the storage write starts synchronously, in the event that applied it. */
  append(update: Uint8Array): { seq: number; written: Promise<unknown> } {
    const seq = ++this.lastSeq;
    const writes: Promise<unknown>[] = [];
    const keys: string[] = [];
    for (let i = 0, chunk = 0; i < update.length || chunk === 0; i += CHUNK_BYTES, chunk++) {
      keys.push(keyOf(seq, chunk));
      writes.push(this.storage.put(keys.at(-1)!, update.slice(i, i + CHUNK_BYTES)));
    }
    this.keys.set(seq, keys);
    return { seq, written: Promise.all(writes) };
  }

  get sequence(): number {
    return this.lastSeq;
  }

  /** Drops every entry (the concept is deleted), listed from the storage whatever this log has seen. */
  async clear(): Promise<void> {
    await this.drop([...(await this.storage.list({ prefix: PREFIX })).keys()]);
    this.keys.clear();
  }

  /**
   * Drops the entries up to `seq` (they are in D1 now): the keys this log wrote or read,
   * without listing the storage again, once it has read the log whole.
   */
  async dropThrough(seq: number): Promise<void> {
    if (!this.listed) return this.drop([...(await this.storage.list({ prefix: PREFIX, end: keyOf(seq + 1, 0) })).keys()]);
    const covered = [...this.keys.keys()].filter((s) => s <= seq);
    await this.drop(covered.flatMap((s) => this.keys.get(s)!));
    for (const s of covered) this.keys.delete(s);
  }

  private async drop(keys: string[]): Promise<void> {
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
