import { z } from 'zod';
import { ANSWER_MAX, normaliseCardTags, QUESTION_MAX } from '../domain/flashcard-fields';
import { RATINGS } from '../domain/fsrs';

export const idParam = z.object({ id: z.coerce.number().int().positive() });

const tags = z
  .union([z.array(z.string().max(200)).max(100), z.string().max(5000), z.null()])
  .optional()
  .transform((value) => normaliseCardTags(value));

export const flashcardBody = z.object({
  question: z.string().trim().min(1, 'La question est obligatoire.').max(QUESTION_MAX),
  answer: z.string().trim().min(1, 'La réponse est obligatoire.').max(ANSWER_MAX),
  tags,
});

export const dueQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(50)
    .transform((n) => Math.min(n, 200)),
});

/** Ratings are the integers 1–4 (Again, Hard, Good, Easy); '3', 2.5 or 5 are refused. */
export const reviewBody = z.object({
  rating: z
    .number({ invalid_type_error: 'La note doit être un entier de 1 à 4.' })
    .int('La note doit être un entier de 1 à 4.')
    .refine((n): n is (typeof RATINGS)[number] => (RATINGS as readonly number[]).includes(n), 'La note doit être un entier de 1 à 4.'),
  duration_ms: z.number().int().min(0).max(86_400_000).nullish(),
});
