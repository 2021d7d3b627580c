import { z } from 'zod';

export const MIN_CARDS = 1;
export const MAX_CARDS = 20;

export const generateBody = z.object({
  concept_id: z.number().int().positive(),
  number_of_cards: z.number().int().min(MIN_CARDS).max(MAX_CARDS).default(5),
  source_text: z.string().max(50_000).nullish(),
});
