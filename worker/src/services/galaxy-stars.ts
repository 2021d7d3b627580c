/**
 * The galaxy's stars: every concept of a person, placed by the pure layout
 * (`domain/galaxy-layout.ts`) from their constellations, links and flashcards, with the
 * spec's fallbacks applied (title 'Sans titre', mastery 0.5 when the concept has none).
 */
import { graphMastery, graphTitle, masteryGradientColor } from '../domain/galaxy-colors';
import { layoutGalaxy } from '../domain/galaxy-layout';
import { graphConceptsAndEnds } from '../db/queries/graph';

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

export async function galaxyStars(props: { d1: D1Database; userId: number }): Promise<GalaxyStar[]> {
  const { concepts, ends: edges } = await graphConceptsAndEnds(props.d1, props.userId);
  const places = layoutGalaxy(
    concepts.map(([id, , , constellationId, cards]) => ({ id, constellationId, cards })),
    edges,
  );
  // Many stars share a mastery level (0.5 above all): each level's colour is worked out once.
  const colours = new Map<number, string>();
  return concepts.map(([id, title, masteryLevel]) => {
    const place = places.get(id)!;
    const mastery = graphMastery(masteryLevel);
    let color = colours.get(mastery);
    if (color === undefined) colours.set(mastery, (color = masteryGradientColor(mastery)));
    return { id, x: place.x, y: place.y, z: place.z, size: place.size, color, title: graphTitle(title), mastery_level: mastery };
  });
}
