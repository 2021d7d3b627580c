import { z } from 'zod';
import { SEARCH_QUERY_MAX_LENGTH, SEARCH_TYPES } from '../domain/search-query';

export const SEARCH_QUERY_BLANK = 'Saisissez un terme de recherche.';
export const SEARCH_QUERY_TOO_LONG = `La recherche ne doit pas dépasser ${SEARCH_QUERY_MAX_LENGTH} caractères.`;

/** GET /api/search: a blank query is refused (spec document 3 §5: a blank query is not run). */
export const searchQuery = z.object({
  q: z
    .string({ required_error: SEARCH_QUERY_BLANK })
    .max(SEARCH_QUERY_MAX_LENGTH, SEARCH_QUERY_TOO_LONG)
    .refine((q) => q.trim().length > 0, SEARCH_QUERY_BLANK),
  skip: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(10),
  type: z.enum(SEARCH_TYPES).optional(),
});

/** GET /api/search/quick: the quick switcher's suggestions as a person types (blank: recent notes only). */
export const quickSearchQuery = z.object({
  q: z.string().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
