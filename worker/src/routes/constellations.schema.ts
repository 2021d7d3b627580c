import { z } from 'zod';
import { conceptPageQuery } from './concepts.schema';
import { CONSTELLATION_MESSAGES, isValidConstellationColor, isValidConstellationIcon } from '../domain/constellation';

/** Constellation write payload; on PUT an omitted description, colour or icon keeps its value. */
export const constellationBody = z.object({
  name: z.string({ required_error: CONSTELLATION_MESSAGES.name }).trim().min(1, CONSTELLATION_MESSAGES.name).max(200),
  description: z.string().trim().max(5000).nullable().optional(),
  color: z.string().refine(isValidConstellationColor, CONSTELLATION_MESSAGES.color).nullable().optional(),
  icon: z.string().trim().max(100).refine(isValidConstellationIcon, CONSTELLATION_MESSAGES.icon).nullable().optional(),
});
export type ConstellationWrite = z.infer<typeof constellationBody>;

export const membershipBody = z.object({
  concept_ids: z.array(z.number().int().positive()).max(1000),
});

/** The constellation page shows 10 concepts per page by default (spec document 2 §9). */
export const constellationPageQuery = conceptPageQuery.extend({
  limit: z.coerce.number().int().min(1).max(100).default(10),
});
