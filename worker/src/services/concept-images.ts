/**
 * The images a concept's document shows that an image-occlusion card may be drawn over
 * (domain/concept-images.ts), each still in the person's R2 space: a figure whose file
 * is gone is not offered.
 */
import { conceptContentStatement } from '../db/queries/concept-docs';
import { firstRow } from '../db/rows';
import { conceptImages, type ConceptImage } from '../domain/concept-images';
import { notFound } from '../lib/errors';
import { userFileKey } from '../lib/r2-keys';

export async function occlusionImagesOfConcept(d1: D1Database, bucket: R2Bucket, userId: number, conceptId: number): Promise<ConceptImage[]> {
  const row = await firstRow(conceptContentStatement(d1, userId, conceptId));
  if (!row) throw notFound('Concept');
  const images = conceptImages(row.content, userId);
  const stored = await Promise.all(images.map((image) => bucket.head(userFileKey(userId, image.address.split('/').pop()!))));
  return images.filter((_, i) => stored[i]);
}
