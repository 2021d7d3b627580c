import type { GeneratedCard } from '../../domain/flashcard-generator';
import type { Env } from '../../env';
import { notFound } from '../../lib/errors';
import { offlineProvider } from './offline-provider';
import { openAiCompatibleProvider } from './openai-compatible-provider';
import { ProviderError, type FlashcardProvider } from './provider';

/** AI_BASE_URL set → the OpenAI-compatible provider (AI_MODEL, AI_API_KEY); otherwise offline. */
export function chooseProvider(env: Pick<Env, 'AI_BASE_URL' | 'AI_MODEL' | 'AI_API_KEY'>): FlashcardProvider {
  const baseUrl = env.AI_BASE_URL?.trim();
  if (!baseUrl) return offlineProvider;
  return openAiCompatibleProvider({ baseUrl, model: env.AI_MODEL?.trim() || 'gpt-4o-mini', apiKey: env.AI_API_KEY });
}

export interface GenerateProps {
  userId: number;
  conceptId: number;
  count: number;
  sourceText?: string | null;
}

/**
 * Candidate flashcards for one of the person's concepts. Nothing is saved: the person
 * picks and edits candidates, then creates them one by one. A provider failure is an
 * answer with an empty list and a readable `error_message`, never a 500.
 */
export async function generateFlashcards(d1: D1Database, provider: FlashcardProvider, props: GenerateProps) {
  const concept = await d1
    .prepare('SELECT title, content, content_text FROM concepts WHERE id = ? AND user_id = ?')
    .bind(props.conceptId, props.userId)
    .first<{ title: string; content: string | null; content_text: string }>();
  if (!concept) throw notFound('Concept');
  let cards: GeneratedCard[];
  try {
    cards = await provider.generate({ title: concept.title, content: concept.content ?? concept.content_text, contentText: concept.content_text, sourceText: props.sourceText, count: props.count });
  } catch (err) {
    if (!(err instanceof ProviderError)) console.error(JSON.stringify({ level: 'error', message: 'flashcard generation failed', error: String(err) }));
    return { generated_flashcards: [] as GeneratedCard[], error_message: err instanceof ProviderError ? err.message : 'La génération a échoué.' };
  }
  return { generated_flashcards: cards.slice(0, props.count), error_message: null };
}
