import { conceptText } from '../../db/queries/concepts';
import { questionsOfConcept } from '../../db/queries/flashcards';
import { readBatch } from '../../db/rows';
import type { GeneratedCard } from '../../domain/flashcard-generator';
import type { Env } from '../../env';
import { notFound } from '../../lib/errors';
import { offlineProvider } from './offline-provider';
import { openAiCompatibleProvider, type OpenAiCompatibleConfig } from './openai-compatible-provider';
import { ProviderError, type FlashcardProvider } from './provider';

/** The OpenAI-compatible provider's settings when AI_BASE_URL is set (AI_MODEL, AI_API_KEY); null otherwise. */
export function aiConfig(env: Pick<Env, 'AI_BASE_URL' | 'AI_MODEL' | 'AI_API_KEY'>): OpenAiCompatibleConfig | null {
  const baseUrl = env.AI_BASE_URL?.trim();
  return baseUrl ? { baseUrl, model: env.AI_MODEL?.trim() || 'gpt-4o-mini', apiKey: env.AI_API_KEY } : null;
}

/** AI_BASE_URL set → the OpenAI-compatible provider; otherwise offline. */
export function chooseProvider(env: Pick<Env, 'AI_BASE_URL' | 'AI_MODEL' | 'AI_API_KEY'>): FlashcardProvider {
  const config = aiConfig(env);
  return config ? openAiCompatibleProvider(config) : offlineProvider;
}

export interface GenerateProps {
  userId: number;
  conceptId: number;
  count: number;
  sourceText?: string | null;
}

/**
 * Candidate flashcards for one of the person's concepts, none asking a question one of its
 * cards already asks. Nothing is saved: the person
 * picks and edits candidates, then creates them one by one. A provider failure is an
 * answer with an empty list and a readable `error_message`, never a 500.
 */
export async function generateFlashcards(d1: D1Database, provider: FlashcardProvider, props: GenerateProps) {
  const [[concept], existing] = await readBatch(d1, [conceptText(d1, props.userId, props.conceptId), questionsOfConcept(d1, props.userId, props.conceptId)]);
  if (!concept) throw notFound('Concept');
  const existingQuestions = existing.map((r) => r.question);
  const asked = new Set(existingQuestions.map((q) => q.trim().toLowerCase()));
  let cards: GeneratedCard[];
  try {
    cards = await provider.generate({
      title: concept.title,
      content: concept.content ?? concept.content_text,
      contentText: concept.content_text,
      sourceText: props.sourceText,
      count: props.count,
      existingQuestions,
    });
    // Whatever the provider, never a card that duplicates one the concept already has.
    cards = cards.filter((c) => !asked.has(c.recto.trim().toLowerCase()));
  } catch (err) {
    if (!(err instanceof ProviderError)) console.error(JSON.stringify({ level: 'error', message: 'flashcard generation failed', error: String(err) }));
    return { generated_flashcards: [] as GeneratedCard[], error_message: err instanceof ProviderError ? err.message : 'La génération a échoué.' };
  }
  return { generated_flashcards: cards.slice(0, props.count), error_message: null };
}
