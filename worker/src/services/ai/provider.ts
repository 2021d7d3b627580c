/**
 * Flashcard generation behind one interface, so the route does not care whether a
 * language model or the built-in generator answers. A provider throws ProviderError with
 * a message fit for the person; the route turns it into `error_message`.
 */
import type { GeneratedCard } from '../../domain/flashcard-generator';

export interface GenerationRequest {
  title: string;
  /** The concept content (document, JSON string or text). */
  content: unknown;
  /** Its plain text, for providers that want text. */
  contentText: string;
  sourceText?: string | null;
  count: number;
  /** Questions of the concept's existing cards, not to be asked again. */
  existingQuestions?: readonly string[];
}

export interface FlashcardProvider {
  readonly name: string;
  generate(request: GenerationRequest): Promise<GeneratedCard[]>;
}

export class ProviderError extends Error {}
