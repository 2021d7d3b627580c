/**
 * A provider for any OpenAI-compatible chat-completions API: OpenAI itself, Workers AI's
 * OpenAI-compatible endpoint (https://api.cloudflare.com/client/v4/accounts/<id>/ai/v1),
 * or a local Ollama (http://127.0.0.1:11434/v1). One POST {base}/chat/completions with a
 * timeout; the reply's JSON is read by parseGeneratedCards, which tolerates code fences.
 */
import { parseGeneratedCards } from '../../domain/flashcard-generator';
import { ProviderError, type FlashcardProvider, type GenerationRequest } from './provider';

export interface OpenAiCompatibleConfig {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const MAX_SOURCE_CHARS = 8000;
export const DEFAULT_TIMEOUT_MS = 10_000;

function messages(request: GenerationRequest) {
  const text = (request.sourceText?.trim() || request.contentText).slice(0, MAX_SOURCE_CHARS);
  return [
    {
      role: 'system',
      content:
        'Tu crées des flashcards de révision en français. Réponds uniquement avec du JSON de la forme ' +
        '{"flashcards":[{"recto":"question","verso":"réponse"}]}, sans autre texte. Questions courtes et précises, ' +
        'réponses fidèles au texte fourni.',
    },
    { role: 'user', content: `Crée ${request.count} flashcards sur le concept « ${request.title} » à partir de ce texte :\n\n${text}` },
  ];
}

async function failureDetail(res: Response) {
  try {
    const body = (await res.json()) as { error?: { message?: unknown } | string };
    const message = typeof body.error === 'string' ? body.error : body.error?.message;
    return typeof message === 'string' ? ` : ${message.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}

/**
 * One chat completion: the reply's text (null when the reply holds none). Every failure —
 * unreachable, too slow, an error status, an unreadable body — is a ProviderError fit for the person.
 */
export async function chatCompletion(config: OpenAiCompatibleConfig, messages: { role: string; content: string }[], temperature: number): Promise<string | null> {
  const endpoint = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const doFetch = config.fetch ?? fetch;
  const tooSlow = () => new ProviderError(`Le service d’IA n’a pas répondu à temps (${Math.round(timeoutMs / 1000)} s).`);
  const isTimeout = (err: unknown) => ['TimeoutError', 'AbortError'].includes((err as { name?: string })?.name ?? '');
  let res: Response;
  try {
    res = await doFetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
      body: JSON.stringify({ model: config.model, messages, temperature }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw isTimeout(err) ? tooSlow() : new ProviderError('Le service d’IA est injoignable.');
  }
  if (!res.ok) throw new ProviderError(`Le service d’IA a répondu ${res.status}${await failureDetail(res)}`);
  try {
    const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
    const content = body.choices?.[0]?.message?.content;
    return typeof content === 'string' ? content : null;
  } catch (err) {
    throw isTimeout(err) ? tooSlow() : new ProviderError('Réponse du service d’IA illisible.');
  }
}

export function openAiCompatibleProvider(config: OpenAiCompatibleConfig): FlashcardProvider {
  return {
    name: 'openai-compatible',
    async generate(request) {
      const content = await chatCompletion(config, messages(request), 0.3);
      const cards = content === null ? null : parseGeneratedCards(content, request.count);
      if (!cards) throw new ProviderError('Réponse du service d’IA illisible : aucune flashcard trouvée.');
      return cards;
    },
  };
}
