import { generateFlashcardsOffline } from '../../domain/flashcard-generator';
import type { FlashcardProvider } from './provider';

/** The default provider: derives cards from the concept's own content, no network. */
export const offlineProvider: FlashcardProvider = {
  name: 'offline',
  async generate(request) {
    return generateFlashcardsOffline({ title: request.title, content: request.content ?? request.contentText, sourceText: request.sourceText, count: request.count, existingQuestions: request.existingQuestions });
  },
};
