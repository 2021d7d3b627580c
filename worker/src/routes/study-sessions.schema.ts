import { z } from 'zod';
import { reviewBody } from './flashcards.schema';

export const METHOD_TYPES = ['FLASHCARDS', 'BLURTING', 'FEYNMAN', 'CORNELL', 'COMPOSITE'] as const;

export const sessionParam = z.object({ id: z.coerce.number().int().positive() });
export const sessionCardParam = z.object({ id: z.coerce.number().int().positive(), cardId: z.coerce.number().int().positive() });

export const createSessionBody = z.object({
  method_type: z.enum(METHOD_TYPES),
  concept_ids: z.array(z.number().int().positive()).max(5000).nullish(),
  constellation_id: z.number().int().positive().nullish(),
  due_only: z.boolean().nullish(),
  /** 'Réviser en avance': also take the selection's cards that are not due yet. */
  review_ahead: z.boolean().nullish(),
});

export const sessionReviewBody = reviewBody;
