/**
 * The galaxy's stars: every concept of a person, placed by the pure layout
 * (`domain/galaxy-layout.ts`) from their constellations, links and flashcards, with the
 * spec's fallbacks applied (title 'Sans titre', mastery 0.5 when the concept has none).
 * Built whole from every row, or patched from a kept answer after a few concepts changed
 * (services/graph-cache.ts): their rows and the ends of their links are read again, the
 * layout runs again (a few milliseconds), and only the stars that moved or changed are
 * written to JSON again.
 */
import { graphMastery, graphTitle, masteryGradientColor } from '../domain/galaxy-colors';
import { layoutGalaxy, type StarPlace } from '../domain/galaxy-layout';
import { conceptRowsOf, graphConceptsAmong, graphConceptsAndEnds, graphLinksTouching, type GraphConceptRow } from '../db/queries/graph';
import { readBatch } from '../db/rows';
import type { AnswerMaker, Built } from './graph-cache';

export interface GalaxyStar {
  id: number;
  x: number;
  y: number;
  z: number;
  size: number;
  color: string;
  title: string;
  mastery_level: number;
}

/** What a kept answer was made from: the rows in id order, the link ends, the places, the stars and each star's JSON. */
export interface StarsState {
  rows: GraphConceptRow[];
  ends: [number, number][];
  places: Map<number, StarPlace>;
  stars: GalaxyStar[];
  json: string[];
}

/** What a stars state weighs in the heap per character of its answer (8.3 measured), with a margin. */
const STATE_WEIGHT = 9;

const sameStar = (a: GalaxyStar, b: GalaxyStar) =>
  a.x === b.x && a.y === b.y && a.z === b.z && a.size === b.size && a.color === b.color && a.title === b.title && a.mastery_level === b.mastery_level;

/**
 * Places the stars; with `previous`, those older than `changedFrom` keep their places
 * (domain/galaxy-layout.ts), and a star equal to the one `previous` held keeps its JSON.
 */
function placed(rows: GraphConceptRow[], ends: [number, number][], previous?: StarsState, changedFrom = -Infinity): Built<StarsState> {
  const places = layoutGalaxy(
    rows.map(([id, , , constellationId, cards]) => ({ id, constellationId, cards })),
    ends,
    previous && { places: previous.places, changedFrom },
  );
  // Many stars share a mastery level (0.5 above all): each level's colour is worked out once.
  const colours = new Map<number, string>();
  const stars: GalaxyStar[] = [];
  const json: string[] = [];
  let p = 0;
  for (const row of rows) {
    const [id, title, masteryLevel] = row;
    const place = places.get(id)!;
    // Both lists are in id order: walk the previous one alongside.
    while (previous && p < previous.stars.length && previous.stars[p]!.id < id) p += 1;
    // The same row at the same place: the same star, and the same JSON.
    if (previous && previous.rows[p] === row && previous.places.get(id) === place) {
      stars.push(previous.stars[p]!);
      json.push(previous.json[p]!);
      continue;
    }
    const mastery = graphMastery(masteryLevel);
    let color = colours.get(mastery);
    if (color === undefined) colours.set(mastery, (color = masteryGradientColor(mastery)));
    const star = { id, x: place.x, y: place.y, z: place.z, size: place.size, color, title: graphTitle(title), mastery_level: mastery };
    const old = previous?.stars[p];
    if (old && old.id === id && sameStar(old, star)) {
      stars.push(old);
      json.push(previous!.json[p]!);
    } else {
      stars.push(star);
      json.push(JSON.stringify(star));
    }
  }
  const text = `[${json.join(',')}]`;
  // Rows, link ends, places, stars and their JSON: about 8.3 times the answer's text in V8's heap.
  return { json: text, state: { rows, ends, places, stars, json }, stateBytes: text.length * STATE_WEIGHT };
}

/** The rows of `kept` with those of `touched` replaced by `fresh` (a concept gone has no fresh row), in id order. */
function patchedRows(kept: GraphConceptRow[], touched: Set<number>, fresh: GraphConceptRow[]): GraphConceptRow[] {
  const rows = kept.filter(([id]) => !touched.has(id));
  if (!fresh.length) return rows;
  const merged: GraphConceptRow[] = [];
  let f = 0;
  for (const row of rows) {
    while (f < fresh.length && fresh[f]![0] < row[0]) merged.push(fresh[f++]!);
    merged.push(row);
  }
  while (f < fresh.length) merged.push(fresh[f++]!);
  return merged;
}

/**
 * The first id whose place may differ after the touched concepts' rows went from `before`
 * to `after` and their link ends from `endsBefore` to `endsAfter`: a concept added, removed
 * or put in another constellation, or the younger end of a link that came or went.
 */
function changedFrom(touched: Set<number>, before: GraphConceptRow[], after: GraphConceptRow[], endsBefore: [number, number][], endsAfter: [number, number][]): number {
  let from = Infinity;
  const constellation = new Map(before.map((row) => [row[0], row[3]]));
  for (const row of after) {
    if (!constellation.has(row[0]) || constellation.get(row[0]) !== row[3]) from = Math.min(from, row[0]);
    constellation.delete(row[0]);
  }
  for (const gone of constellation.keys()) if (touched.has(gone)) from = Math.min(from, gone);
  const count = new Map<string, number>();
  const add = ([a, b]: [number, number], by: number) => {
    const key = a < b ? `${a},${b}` : `${b},${a}`;
    count.set(key, (count.get(key) ?? 0) + by);
  };
  endsBefore.forEach((end) => add(end, -1));
  endsAfter.forEach((end) => add(end, 1));
  for (const [key, n] of count) if (n !== 0) from = Math.min(from, Math.max(...key.split(',').map(Number)));
  return from;
}

/** The person's stars, built whole or patched after `touched` concepts changed. */
export function galaxyStars(d1: D1Database, userId: number): AnswerMaker<StarsState> {
  return {
    async build() {
      const { concepts, ends } = await graphConceptsAndEnds(d1, userId);
      return placed(concepts, ends);
    },
    async patch({ state }, ids) {
      const [rows, links] = await readBatch(d1, [graphConceptsAmong(d1, userId, ids), graphLinksTouching(d1, userId, ids)]);
      const touched = new Set(ids);
      const isTouched = ([a, b]: [number, number]) => touched.has(a) || touched.has(b);
      const ends = state.ends.filter((end) => !isTouched(end));
      const fresh = links.map((link): [number, number] => [link.a, link.b]);
      const freshRows = conceptRowsOf(rows);
      const from = changedFrom(touched, state.rows.filter(([id]) => touched.has(id)), freshRows, state.ends.filter(isTouched), fresh);
      return placed(patchedRows(state.rows, touched, freshRows), [...ends, ...fresh], state, from);
    },
  };
}
