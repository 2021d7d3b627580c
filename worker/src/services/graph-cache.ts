/**
 * The graph endpoints' answers kept in the isolate between requests. Placing
 * 10,000 stars and writing 46,000 links costs the Worker ~100 ms; most loads of the galaxy
 * or the graph follow no change at all (a visit to a concept and back, the other view),
 * and most changes touch one concept (a card added or answered, a concept saved).
 * Lifecycle: an answer is kept per person and endpoint under the person's graph version
 * (`users.graph_version` for the stars, `graph_links_version` for the links, moved by
 * triggers on every table the graph reads — migration 0027), with what it was made from
 * (its state: the rows, the placed stars, each entry's JSON). A request reads the version
 * (one small query) and
 * - answers from the isolate when it matches;
 * - patches the kept answer when the writes this isolate saw account for every step from
 *   the kept version to the current one: a write that goes through `graphBatch` reads the
 *   versions first and last in its own batch (one transaction), so it knows exactly which
 *   steps are its own, and names the concepts it touched. Only those concepts' rows, and
 *   the links and relations with an end among them, are read again;
 * - builds the answer whole otherwise (a write in another isolate, an import, a restart).
 * A patch gives the very text a whole build gives (tests/api/graph-patch.test.ts holds it).
 * The version is read before the answer is built or patched: a write in between leaves a
 * newer answer under an older version, which the next request builds or patches again —
 * never the reverse. At most MAX_BYTES of answers and their states (each state as the
 * heap its maker says it weighs) are kept, the least recently used leaving first; losing
 * the isolate only costs a rebuild.
 */
import { graphVersionsNow } from '../db/queries/graph';
import { firstRow, rowsRead } from '../db/rows';

/**
 * About 40 MB of heap: the galaxy and the graph of one person at 10,000 concepts with what
 * their patches start from (about 36 MB: measured in Node, a 1.3 MB stars answer's state
 * weighs 10.9 MB, a 3.2 MB links answer's blocks 16.8 MB), or of several smaller ones.
 */
const MAX_BYTES = 40_000_000;
/** The writes remembered per person: more than a page makes between two loads of the graph. */
const MAX_CHANGES = 64;

export type GraphAnswer = 'stars' | 'links';

/** An answer as built or patched: its JSON, and what a patch starts from (none: it cannot be patched). */
export interface Built<State> {
  json: string;
  state?: State;
  /** What `state` holds in the isolate's heap, about, in bytes (its objects weigh several times the answer's text). */
  stateBytes?: number;
}

/** How an endpoint builds its answer whole, and patches a kept one after `touched` concepts changed (null: it cannot). */
export interface AnswerMaker<State> {
  build(): Promise<Built<State>>;
  patch(kept: { bytes: Uint8Array; state: State }, touched: number[]): Promise<Built<State> | null>;
}

interface Kept {
  version: number;
  /** The answer's UTF-8 bytes: a repeated load writes them out as they are. */
  bytes: Uint8Array<ArrayBuffer>;
  state: unknown;
  size: number;
}

const kept = new Map<string, Kept>();
let keptBytes = 0;

interface Versions {
  stars: number;
  links: number;
}

/** A write seen by this isolate: between `before` and `after` (read in its own batch), only `touched` concepts changed. */
interface Change {
  before: Versions;
  after: Versions;
  touched: number[];
}

const changes = new Map<number, Change[]>();

/** The versions a `graphVersionsNow` row holds (none: the account is gone). */
const versionsOf = (row: { graph_version: number; graph_links_version: number } | null | undefined): Versions | undefined =>
  row ? { stars: row.graph_version, links: row.graph_links_version } : undefined;

function forget(key: string): void {
  const entry = kept.get(key);
  if (!entry) return;
  kept.delete(key);
  keptBytes -= entry.size;
}

function keep(key: string, entry: Kept): void {
  const current = kept.get(key);
  // A slower request never replaces a newer answer.
  if (current && current.version > entry.version) return;
  forget(key);
  if (entry.size > MAX_BYTES) return;
  kept.set(key, entry);
  keptBytes += entry.size;
  for (const oldest of kept.keys()) {
    if (keptBytes <= MAX_BYTES) break;
    forget(oldest);
  }
}

/**
 * The concepts touched between versions `from` and `to` of `answer`, when the writes this
 * isolate saw account for every step between them; null when one step is unknown.
 */
function touchedBetween(userId: number, answer: GraphAnswer, from: number, to: number): number[] | null {
  const seen = changes.get(userId) ?? [];
  const touched = new Set<number>();
  for (let at = from; at !== to; ) {
    const step = seen.find((c) => c.before[answer] === at && c.after[answer] > at);
    if (!step || step.after[answer] > to) return null;
    for (const id of step.touched) touched.add(id);
    at = step.after[answer];
  }
  return [...touched];
}

/**
 * Runs `statements` as `d1.batch` does, between two reads of the person's graph versions
 * in the same batch, and tells the kept answers that only the concepts `touched(results)`
 * names changed between them. Answers the statements' results. Every write whose graph
 * change is one concept's (its row, its cards, its links and relations) goes through here;
 * any other write only costs the next load a whole build.
 */
export async function graphBatch(d1: D1Database, userId: number, statements: D1PreparedStatement[], touched: (results: D1Result[]) => number[]): Promise<D1Result[]> {
  // Only a person whose answers are kept needs their writes told; for others (most writes:
  // an answer, a save) the batch runs without the two reads, and the next load builds. An
  // answer kept while this batch runs cannot account for its step, so it is built again too.
  if (!kept.has(`stars:${userId}`) && !kept.has(`links:${userId}`)) {
    changes.delete(userId);
    return d1.batch(statements);
  }
  const first = graphVersionsNow(d1, userId);
  const last = graphVersionsNow(d1, userId);
  const results = await d1.batch([first, ...statements, last]);
  const own = results.slice(1, -1);
  const before = versionsOf(rowsRead(first, results[0]!)[0]);
  const after = versionsOf(rowsRead(last, results.at(-1)!)[0]);
  if (before && after) {
    const seen = changes.get(userId) ?? [];
    seen.push({ before, after, touched: touched(own) });
    changes.set(userId, seen.slice(-MAX_CHANGES));
  }
  return own;
}

/** The person's `answer` as JSON (UTF-8): the one kept for their current graph version, the kept one patched, or `maker.build()`'s. */
export async function graphAnswer<State>(d1: D1Database, userId: number, answer: GraphAnswer, maker: AnswerMaker<State>): Promise<Uint8Array<ArrayBuffer>> {
  const key = `${answer}:${userId}`;
  const version = versionsOf(await firstRow(graphVersionsNow(d1, userId)))?.[answer] ?? 0;
  const hit = kept.get(key);
  if (hit && hit.version === version) {
    // Most recently used goes last.
    kept.delete(key);
    kept.set(key, hit);
    return hit.bytes;
  }
  const touched = hit?.state !== undefined && hit.version < version ? touchedBetween(userId, answer, hit.version, version) : null;
  const built = (touched && (await maker.patch({ bytes: hit!.bytes, state: hit!.state as State }, touched))) || (await maker.build());
  const bytes = new TextEncoder().encode(built.json) as Uint8Array<ArrayBuffer>;
  keep(key, { version, bytes, state: built.state, size: bytes.length + (built.state === undefined ? 0 : (built.stateBytes ?? bytes.length)) });
  return bytes;
}
