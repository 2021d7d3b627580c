/**
 * The graph endpoints' answers kept in the isolate between requests. Placing
 * 10,000 stars and writing 46,000 links costs the Worker ~100 ms; most loads of the galaxy
 * or the graph follow no change at all (a visit to a concept and back, the other view).
 * Lifecycle: an answer is kept per person and endpoint under the person's graph version
 * (`users.graph_version` for the stars, `graph_links_version` for the links, moved by
 * triggers on every table the graph reads — migration 0027); a request reads the version
 * (one small query), answers from the isolate when it matches, and builds and keeps the
 * answer otherwise. The version is read before the
 * answer is built: a write in between leaves a newer answer under an older version, which
 * the next request rebuilds — never the reverse. At most MAX_BYTES of answers are kept,
 * the least recently used leaving first; losing the isolate only costs a rebuild.
 */
import { graphVersions } from '../db/queries/users';

/** About 16 MB of JSON: the galaxy and the graph of three people at 10,000 concepts. */
const MAX_BYTES = 16_000_000;

export type GraphAnswer = 'stars' | 'links';

/** An answer is kept as its UTF-8 bytes: a repeated load writes them out as they are. */
const kept = new Map<string, { version: number; bytes: Uint8Array<ArrayBuffer> }>();
let keptBytes = 0;

function forget(key: string): void {
  const entry = kept.get(key);
  if (!entry) return;
  kept.delete(key);
  keptBytes -= entry.bytes.length;
}

/** The version each answer is kept under: the stars move with everything, the links with links alone. */
async function graphVersion(d1: D1Database, userId: number, answer: GraphAnswer): Promise<number> {
  const row = await graphVersions(d1, userId);
  return (answer === 'stars' ? row?.graphVersion : row?.graphLinksVersion) ?? 0;
}

/** The person's `answer` as JSON (UTF-8): the one kept for their current graph version, or `build()`'s. */
export async function graphAnswer(d1: D1Database, userId: number, answer: GraphAnswer, build: () => Promise<string>): Promise<Uint8Array<ArrayBuffer>> {
  const key = `${answer}:${userId}`;
  const version = await graphVersion(d1, userId, answer);
  const hit = kept.get(key);
  if (hit && hit.version === version) {
    // Most recently used goes last.
    kept.delete(key);
    kept.set(key, hit);
    return hit.bytes;
  }
  forget(key);
  const bytes = new TextEncoder().encode(await build()) as Uint8Array<ArrayBuffer>;
  if (bytes.length <= MAX_BYTES) {
    kept.set(key, { version, bytes });
    keptBytes += bytes.length;
    for (const oldest of kept.keys()) {
      if (keptBytes <= MAX_BYTES) break;
      forget(oldest);
    }
  }
  return bytes;
}
