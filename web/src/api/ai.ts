/** AI calls (spec document 2 §5 'AI generation'): candidates only, saved by the flashcard calls. */
import type { InferResponseType } from 'hono/client';
import { api, call } from './client';

const generate = api.api.ai['generate-flashcards'];

export type GeneratedFlashcard = InferResponseType<typeof generate.$post, 200>['generated_flashcards'][number];

export const aiApi = {
  generateFlashcards: (conceptId: number, numberOfCards: number, sourceText?: string) =>
    call(generate.$post({ json: { concept_id: conceptId, number_of_cards: numberOfCards, ...(sourceText ? { source_text: sourceText } : {}) } })),
  /** The AI critique of a Feynman explanation; `available: false` when no provider is configured. */
  feynmanCritique: (conceptId: number, text: string) => call(api.api.ai['feynman-critique'].$post({ json: { concept_id: conceptId, text } })),
};
