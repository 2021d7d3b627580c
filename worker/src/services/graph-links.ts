/**
 * The knowledge graph's links: every wiki and `related_to` link of a person, then every
 * parent → child relation (`parent_child`), as SQLite writes them (db/queries/graph.ts).
 * Built whole, or patched from a kept answer after a few concepts changed
 * (services/graph-cache.ts): the entries with an end among them are dropped, those read
 * again are put back in the whole read's order. The entries are kept in blocks of about
 * BLOCK, each with its JSON text joined once: a patch joins again only the blocks it
 * changed, not 46,000 entries.
 */
import { graphLinksJson, graphLinksTouching, type GraphLinkRow } from '../db/queries/graph';
import { allRows } from '../db/rows';
import type { AnswerMaker, Built } from './graph-cache';

/** One entry of the answer: its ends, its type and its JSON text. */
type Entry = Pick<GraphLinkRow, 'a' | 'b' | 't' | 'json'>;

/** A run of entries in the answer's order, with their JSON joined by commas. */
interface Block {
  entries: Entry[];
  text: string;
}

const BLOCK = 1_000;
/** What the blocks weigh in the heap per character of the answer (5.3 measured: an object and a JSON text per entry), with a margin. */
const BLOCKS_WEIGHT = 6;

/** A whole build is kept with how many of its entries are links (the rest are relations); its blocks are read from it at the first patch. */
export type LinksState = { linkCount: number } | { links: Block[]; relations: Block[] };

/** SQLite's order of text (its bytes, which is the order of code points), not JavaScript's (UTF-16 units). */
function byCodePoint(x: string, y: string): number {
  if (x === y) return 0;
  const a = [...x];
  const b = [...y];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i]!.codePointAt(0)! - b[i]!.codePointAt(0)!;
  }
  return a.length - b.length;
}

const linkOrder = (p: Entry, q: Entry) => p.a - q.a || p.b - q.b || byCodePoint(p.t, q.t);
const relationOrder = (p: Entry, q: Entry) => p.a - q.a || p.b - q.b;

const block = (entries: Entry[]): Block => ({ entries, text: entries.map((e) => e.json).join(',') });

/** Entries in blocks of BLOCK. */
function blocks(entries: Entry[]): Block[] {
  const out: Block[] = [];
  for (let i = 0; i < entries.length; i += BLOCK) out.push(block(entries.slice(i, i + BLOCK)));
  return out;
}

const joined = (links: Block[], relations: Block[]) => `[${[...links, ...relations].map((b) => b.text).join(',')}]`;

/**
 * The blocks of a whole build's text, each entry with the JSON SQLite wrote for it; null
 * when writing an entry back does not give the same text (an unusual type's escapes), so
 * that answer is only ever built whole.
 */
function blocksOf(bytes: Uint8Array, linkCount: number): { links: Block[]; relations: Block[] } | null {
  const text = new TextDecoder().decode(bytes);
  const parsed = JSON.parse(text) as { concept_id: number; target_concept_id: number; link_type: string }[];
  const entries = parsed.map(({ concept_id: a, target_concept_id: b, link_type: t }) => ({
    a,
    b,
    t,
    json: `{"concept_id":${a},"target_concept_id":${b},"link_type":${JSON.stringify(t)}}`,
  }));
  const kept = { links: blocks(entries.slice(0, linkCount)), relations: blocks(entries.slice(linkCount)) };
  return joined(kept.links, kept.relations) === text ? kept : null;
}

/**
 * `kept` without the entries `drop` names, with `fresh` put in at their place in `order`:
 * a block nothing dropped from or went into is the same block.
 */
function merged(kept: Block[], drop: (e: Entry) => boolean, fresh: Entry[], order: (p: Entry, q: Entry) => number): Block[] {
  fresh.sort(order);
  const out: Block[] = [];
  let f = 0;
  kept.forEach((b, i) => {
    // Fresh entries before this block's last one go into it (into the last block, all that remain).
    const last = b.entries.at(-1)!;
    const into: Entry[] = [];
    while (f < fresh.length && (i === kept.length - 1 || order(fresh[f]!, last) < 0)) into.push(fresh[f++]!);
    if (!into.length && !b.entries.some(drop)) return out.push(b);
    const entries: Entry[] = [];
    let n = 0;
    for (const e of b.entries) {
      if (drop(e)) continue;
      while (n < into.length && order(into[n]!, e) < 0) entries.push(into[n++]!);
      entries.push(e);
    }
    entries.push(...into.slice(n));
    out.push(...blocks(entries));
  });
  if (f < fresh.length) out.push(...blocks(fresh.slice(f)));
  return out;
}

/** The person's links, built whole or patched after `touched` concepts changed. */
export function graphLinks(d1: D1Database, userId: number): AnswerMaker<LinksState> {
  return {
    async build() {
      return graphLinksJson(d1, userId).then(({ json, linkCount }): Built<LinksState> => ({ json, state: { linkCount }, stateBytes: 0 }));
    },
    async patch({ bytes, state }, ids) {
      const kept = 'linkCount' in state ? blocksOf(bytes, state.linkCount) : state;
      if (!kept) return null;
      const rows = await allRows(graphLinksTouching(d1, userId, ids));
      const touched = new Set(ids);
      const drop = (e: Entry) => touched.has(e.a) || touched.has(e.b);
      const entry = ({ a, b, t, json }: GraphLinkRow): Entry => ({ a, b, t, json });
      const links = merged(kept.links, drop, rows.filter((r) => !r.relation).map(entry), linkOrder);
      const relations = merged(kept.relations, drop, rows.filter((r) => r.relation).map(entry), relationOrder);
      const json = joined(links, relations);
      return { json, state: { links, relations }, stateBytes: json.length * BLOCKS_WEIGHT };
    },
  };
}
