import { z } from 'zod';
import { reviewBody } from './flashcards.schema';
import { COMPOSITE_MAX_STEPS, COMPOSITE_MIN_STEPS, COMPOSITE_STEPS } from '../domain/composite-steps';

export const METHOD_TYPES = ['FLASHCARDS', 'BLURTING', 'FEYNMAN', 'CORNELL', 'COMPOSITE'] as const;

export const sessionParam = z.object({ id: z.coerce.number().int().positive() });
export const sessionCardParam = z.object({ id: z.coerce.number().int().positive(), cardId: z.coerce.number().int().positive() });

const STEP_NAMES = COMPOSITE_STEPS.join(', ');

/** A Composite session's steps, in order: known methods, each once, two to four of them. */
const compositeSteps = z
  .array(z.enum(COMPOSITE_STEPS, { errorMap: () => ({ message: `Étape inconnue : choisissez parmi ${STEP_NAMES}.` }) }), {
    invalid_type_error: 'Les étapes doivent être une liste de méthodes.',
  })
  .min(COMPOSITE_MIN_STEPS, `Choisissez au moins ${COMPOSITE_MIN_STEPS} étapes pour une session Composite.`)
  .max(COMPOSITE_MAX_STEPS, `Une session Composite compte au plus ${COMPOSITE_MAX_STEPS} étapes.`)
  .refine((steps) => new Set(steps).size === steps.length, "Chaque méthode ne peut figurer qu'une fois dans les étapes.");

export const createSessionBody = z
  .object({
    method_type: z.enum(METHOD_TYPES),
    concept_ids: z.array(z.number().int().positive()).max(5000).nullish(),
    constellation_id: z.number().int().positive().nullish(),
    due_only: z.boolean().nullish(),
    /** 'Réviser en avance': also take the selection's cards that are not due yet. */
    review_ahead: z.boolean().nullish(),
    /** Composite only: the methods chained on each concept, in order. */
    steps: compositeSteps.nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.method_type === 'COMPOSITE' && !body.steps)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['steps'], message: 'Choisissez les étapes de la session Composite.' });
    if (body.method_type !== 'COMPOSITE' && body.steps)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['steps'], message: 'Seule une session Composite enchaîne des étapes.' });
  });

export const sessionReviewBody = reviewBody;
