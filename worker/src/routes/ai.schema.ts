import { z } from 'zod';
import { METHOD_TEXT_MAX } from './study-methods.schema';

export const MIN_CARDS = 1;
export const MAX_CARDS = 20;

export const generateBody = z.object({
  concept_id: z.number().int().positive(),
  number_of_cards: z.number().int().min(MIN_CARDS).max(MAX_CARDS).default(5),
  source_text: z.string().max(50_000).nullish(),
});

/** An explanation to critique: as long as a Feynman step takes. */
export const feynmanCritiqueBody = z.object({
  concept_id: z.number().int().positive(),
  text: z.string().trim().min(1, 'Écrivez votre explication avant de demander une critique.').max(METHOD_TEXT_MAX, `Le texte dépasse ${METHOD_TEXT_MAX} caractères.`),
});
