/**
 * The knowledge graph's links: every wiki and `related_to` link of a person, then every
 * parent → child relation (`parent_child`), as SQLite writes them (db/queries/graph.ts).
 * Built whole, or patched from a kept answer after a few concepts changed
 * (services/graph-cache.ts): the entries with an end among them are dropped, those read
 * again are put back in the whole read's order, and the entries' JSON is joined again.
 */
import { graphLinksJson, graphLinksTouching, type GraphLinkRow } from '../db/queries/graph';
import { allRows } from '../db/rows';
import type { AnswerMaker, Built } from './graph-cache';

/** One entry of the answer: its ends, its type and its JSON text. */
type Entry = Pick<GraphLinkRow, 'a' | 'b' | 't' | 'json'>;

/** A whole build is kept with how many of its entries are links (the rest are relations); its entries are read from it at the first patch. */
export type LinksState = { linkCount: number } | { links: Entry[]; relations: Entry[] };

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

const joined = (links: Entry[], relations: Entry[]) => `[${[...links, ...relations].map((e) => e.json).join(',')}]`;

/**
 * The entries of a whole build's text, each with the JSON SQLite wrote for it; null when
 * writing an entry back does not give the same text (an unusual type's escapes), so that
 * answer is only ever built whole.
 */
function entriesOf(bytes: Uint8Array, linkCount: number): { links: Entry[]; relations: Entry[] } | null {
  const text = new TextDecoder().decode(bytes);
  const parsed = JSON.parse(text) as { concept_id: number; target_concept_id: number; link_type: string }[];
  const entries = parsed.map(({ concept_id: a, target_concept_id: b, link_type: t }) => ({
    a,
    b,
    t,
    json: `{"concept_id":${a},"target_concept_id":${b},"link_type":${JSON.stringify(t)}}`,
  }));
  const links = entries.slice(0, linkCount);
  const relations = entries.slice(linkCount);
  return joined(links, relations) === text ? { links, relations } : null;
}

/** `kept` without the entries `drop` names, with `fresh` put in at their place in `order`. */
function merged(kept: Entry[], drop: (e: Entry) => boolean, fresh: Entry[], order: (p: Entry, q: Entry) => number): Entry[] {
  const rest = kept.filter((e) => !drop(e));
  if (!fresh.length) return rest;
  fresh.sort(order);
  const out: Entry[] = [];
  let f = 0;
  for (const e of rest) {
    while (f < fresh.length && order(fresh[f]!, e) < 0) out.push(fresh[f++]!);
    out.push(e);
  }
  while (f < fresh.length) out.push(fresh[f++]!);
  return out;
}

/** The person's links, built whole or patched after `touched` concepts changed. */
export function graphLinks(d1: D1Database, userId: number): AnswerMaker<LinksState> {
  return {
    async build() {
      return graphLinksJson(d1, userId).then(({ json, linkCount }): Built<LinksState> => ({ json, state: { linkCount } }));
    },
    async patch({ bytes, state }, ids) {
      const kept = 'linkCount' in state ? entriesOf(bytes, state.linkCount) : state;
      if (!kept) return null;
      const rows = await allRows(graphLinksTouching(d1, userId, ids));
      const touched = new Set(ids);
      const drop = (e: Entry) => touched.has(e.a) || touched.has(e.b);
      const entry = ({ a, b, t, json }: GraphLinkRow): Entry => ({ a, b, t, json });
      const links = merged(kept.links, drop, rows.filter((r) => !r.relation).map(entry), linkOrder);
      const relations = merged(kept.relations, drop, rows.filter((r) => r.relation).map(entry), relationOrder);
      return { json: joined(links, relations), state: { links, relations } };
    },
  };
}
