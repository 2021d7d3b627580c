/**
 * A Composite study session chains methods on each concept in the order the person chose,
 * e.g. Blurting → Flashcards (the concept's cards, with those just made from what was
 * missed) → Feynman. The create route and the preparation page agree on these.
 */
export const COMPOSITE_STEPS = ['BLURTING', 'FLASHCARDS', 'FEYNMAN', 'CORNELL'] as const;
export type CompositeStep = (typeof COMPOSITE_STEPS)[number];

/** Each step at most once per session (a step's result is kept once per concept), at least two. */
export const COMPOSITE_MIN_STEPS = 2;
export const COMPOSITE_MAX_STEPS = COMPOSITE_STEPS.length;

/** The order the preparation page proposes first. */
export const DEFAULT_COMPOSITE_STEPS: readonly CompositeStep[] = ['BLURTING', 'FLASHCARDS', 'FEYNMAN'];

/** Where a Composite session resumes: the first concept and step without a result (the last step of the last concept when all have one). */
export function firstOpenStep(conceptIds: readonly number[], steps: readonly string[], done: (conceptId: number, step: string) => boolean): { concept: number; step: number } {
  for (let c = 0; c < conceptIds.length; c++) for (let s = 0; s < steps.length; s++) if (!done(conceptIds[c]!, steps[s]!)) return { concept: c, step: s };
  return { concept: Math.max(0, conceptIds.length - 1), step: Math.max(0, steps.length - 1) };
}
