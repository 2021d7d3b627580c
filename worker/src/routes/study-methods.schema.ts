import { z } from 'zod';
import { CORNELL_CUE_MAX, CORNELL_ROWS_MAX } from '../domain/cornell';

/** What a person writes in one method step: long enough for a thorough page, bounded per request. */
export const METHOD_TEXT_MAX = 50_000;

export const sessionConceptParam = z.object({ id: z.coerce.number().int().positive() });
export const resultParam = z.object({ id: z.coerce.number().int().positive(), resultId: z.coerce.number().int().positive() });
export const sessionConceptCardsParam = z.object({ id: z.coerce.number().int().positive(), conceptId: z.coerce.number().int().positive() });
export const conceptParam = z.object({ id: z.coerce.number().int().positive() });
export const conceptResultsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** Only this method's results (e.g. FEYNMAN: the concept's explanations, newest first). */
  method: z.enum(['BLURTING', 'FEYNMAN', 'CORNELL', 'FLASHCARDS']).optional(),
});

/** Time spent on the step, in ms (at most a day; the activity triggers count at most an hour). */
const durationMs = z.number().int().min(0).max(86_400_000).default(0);

export const blurtingBody = z.object({
  concept_id: z.number().int().positive(),
  text: z.string().max(METHOD_TEXT_MAX, `Le texte dépasse ${METHOD_TEXT_MAX} caractères.`),
  duration_ms: durationMs,
});

export const feynmanBody = z.object({
  concept_id: z.number().int().positive(),
  text: z.string().max(METHOD_TEXT_MAX, `Le texte dépasse ${METHOD_TEXT_MAX} caractères.`),
  /** The gaps the person wants to revisit. */
  gaps: z.array(z.string().trim().min(1).max(500)).max(50).default([]),
  duration_ms: durationMs,
});

/** Cornell review: how the person rated their recall of each cue (1 À revoir … 4 Facile). */
export const cornellBody = z.object({
  concept_id: z.number().int().positive(),
  ratings: z
    .array(z.object({ cue: z.string().max(CORNELL_CUE_MAX), rating: z.number().int('La note doit être un entier de 1 à 4.').min(1, 'La note doit être un entier de 1 à 4.').max(4, 'La note doit être un entier de 1 à 4.') }))
    .min(1, 'Notez au moins une question de la fiche.')
    .max(CORNELL_ROWS_MAX),
  duration_ms: durationMs,
});

/** A Composite session's Flashcards step on the concept is over (its ratings are read from the session). */
export const flashcardsStepBody = z.object({ concept_id: z.number().int().positive() });
