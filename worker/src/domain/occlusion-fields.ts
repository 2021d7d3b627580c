/**
 * The rules an image occlusion's zones must meet wherever they come from — the REST
 * routes (routes/flashcards.schema.ts) and a Markdown vault's occlusion blocks
 * (vault-occlusion.ts) — with their French messages: written once so both refuse the same.
 */
import { z } from 'zod';
import { QUESTION_MAX } from './flashcard-fields';
import { OCCLUSION_KINDS, OCCLUSION_LABEL_MAX, OCCLUSION_MODES, OCCLUSION_ORDINAL_MAX, OCCLUSION_SHAPES_MAX, shapeProblem } from './image-occlusion';

const FRACTION_MESSAGE = 'Chaque coordonnée doit être un nombre de 0 à 1 (une fraction de l’image).';
const fraction = z.number({ invalid_type_error: FRACTION_MESSAGE, required_error: FRACTION_MESSAGE });

/** One shape drawn over the image, in fractions of its width and height. */
export const occlusionShape = z
  .object({
    kind: z.enum(OCCLUSION_KINDS, { errorMap: () => ({ message: 'Une zone est un rectangle (rect) ou une ellipse (ellipse).' }) }).default('rect'),
    left: fraction,
    top: fraction,
    width: fraction,
    height: fraction,
    label: z.string().trim().max(OCCLUSION_LABEL_MAX, `Le texte d’une zone fait au plus ${OCCLUSION_LABEL_MAX} caractères.`).default(''),
  })
  .superRefine((shape, ctx) => {
    const problem = shapeProblem(shape);
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
  });

/** A shape that may name its cloze number (`ordinal`), so that it keeps its card (an edit) or its Anki card (a vault). */
export const numberedOcclusionShape = occlusionShape.and(z.object({ ordinal: z.number().int().min(1).max(OCCLUSION_ORDINAL_MAX).optional() }));

/** An image's shapes: at least one (`emptyMessage` says what to do), at most OCCLUSION_SHAPES_MAX. */
export const occlusionShapes = <T extends z.ZodTypeAny>(shape: T, emptyMessage: string) =>
  z.array(shape).min(1, emptyMessage).max(OCCLUSION_SHAPES_MAX, `Au plus ${OCCLUSION_SHAPES_MAX} zones par image.`);

export const occlusionMode = z
  .enum(OCCLUSION_MODES, { errorMap: () => ({ message: 'Le mode doit être hide_one (masquer une zone) ou hide_all (masquer toutes les zones).' }) })
  .default('hide_one');

/** The question every card of the image asks; empty: a default question. */
export const occlusionHeader = z.string().trim().max(QUESTION_MAX, `La question fait au plus ${QUESTION_MAX} caractères.`).default('');
