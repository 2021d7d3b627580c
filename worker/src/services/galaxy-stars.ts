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
  return concepts.map(([id, title, masteryLevel]) => {
    const place = places.get(id)!;
    const mastery = graphMastery(masteryLevel);
    return { id, x: place.x, y: place.y, z: place.z, size: place.size, color: masteryGradientColor(mastery), title: graphTitle(title), mastery_level: mastery };
  });
}
