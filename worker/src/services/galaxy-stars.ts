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
import { layoutGalaxy } from '../domain/galaxy-layout';
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

/** What a kept answer was made from: the rows and link ends in id order, its stars and each star's JSON. */
export interface StarsState {
  rows: GraphConceptRow[];
  ends: [number, number][];
  stars: GalaxyStar[];
  json: string[];
}

const sameStar = (a: GalaxyStar, b: GalaxyStar) =>
  a.x === b.x && a.y === b.y && a.z === b.z && a.size === b.size && a.color === b.color && a.title === b.title && a.mastery_level === b.mastery_level;

/** Places the stars; a star equal to the one `previous` held keeps its JSON. */
function placed(rows: GraphConceptRow[], ends: [number, number][], previous?: StarsState): Built<StarsState> {
  const places = layoutGalaxy(
    rows.map(([id, , , constellationId, cards]) => ({ id, constellationId, cards })),
    ends,
  );
  // Many stars share a mastery level (0.5 above all): each level's colour is worked out once.
  const colours = new Map<number, string>();
  const stars: GalaxyStar[] = [];
  const json: string[] = [];
  let p = 0;
  for (const [id, title, masteryLevel] of rows) {
    const place = places.get(id)!;
    const mastery = graphMastery(masteryLevel);
    let color = colours.get(mastery);
    if (color === undefined) colours.set(mastery, (color = masteryGradientColor(mastery)));
    const star = { id, x: place.x, y: place.y, z: place.z, size: place.size, color, title: graphTitle(title), mastery_level: mastery };
    // Both lists are in id order: walk the previous one alongside.
    while (previous && p < previous.stars.length && previous.stars[p]!.id < id) p += 1;
    const old = previous?.stars[p];
    if (old && old.id === id && sameStar(old, star)) {
      stars.push(old);
      json.push(previous!.json[p]!);
    } else {
      stars.push(star);
      json.push(JSON.stringify(star));
    }
  }
  return { json: `[${json.join(',')}]`, state: { rows, ends, stars, json } };
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
      const ends = state.ends.filter(([a, b]) => !touched.has(a) && !touched.has(b));
      for (const link of links) ends.push([link.a, link.b]);
      return placed(patchedRows(state.rows, touched, conceptRowsOf(rows)), ends, state);
    },
  };
}
