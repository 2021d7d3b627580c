import { z } from 'zod';
import { conceptPageQuery } from './concepts.schema';

export const membershipBody = z.object({
  concept_ids: z.array(z.number().int().positive()).max(1000),
});

/** The constellation page shows 10 concepts per page by default (spec document 2 §9). */
export const constellationPageQuery = conceptPageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
