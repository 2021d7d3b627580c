/** Flashcard calls of spec document 2 §7, typed by the shared API contract. */
import { apiJson, ApiRequestError, authFetch, detailText, readJson } from '../../api/client';

export type FsrsState = 'New' | 'Learning' | 'Review' | 'Relearning';

export interface Flashcard {
  id: number;
  concept_id: number;
  concept_title?: string | null;
  question: string;
  answer: string;
  tags: string[];
  due: string;
  state: FsrsState;
  reps: number;
  lapses: number;
  last_review: string | null;
}

export interface GeneratedFlashcard {
  recto: string;
  verso: string;
}

export type Rating = 1 | 2 | 3 | 4;

export interface FlashcardInput {
  question: string;
  answer: string;
  tags: string[];
}

const json = (method: string, body: unknown): RequestInit => ({ method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** A call whose success has no body (204). */
async function send(path: string, init: RequestInit): Promise<void> {
  let res: Response;
  try {
    res = await authFetch(path, init);
  } catch {
    throw new ApiRequestError(0, null);
  }
  if (!res.ok) await readJson(res);
}

export const flashcardsApi = {
  ofConcept: (conceptId: number) => apiJson<Flashcard[]>(`/api/concepts/${conceptId}/flashcards`),
  all: () => apiJson<Flashcard[]>('/api/flashcards'),
  due: (limit: number) => apiJson<Flashcard[]>(`/api/flashcards/due?limit=${limit}`),
  create: (conceptId: number, input: FlashcardInput) => apiJson<Flashcard>(`/api/concepts/${conceptId}/flashcards`, json('POST', input)),
  update: (id: number, input: FlashcardInput) => apiJson<Flashcard>(`/api/flashcards/${id}`, json('PUT', input)),
  remove: (id: number) => send(`/api/flashcards/${id}`, { method: 'DELETE' }),
  review: (id: number, rating: Rating, durationMs?: number) =>
    apiJson<{ flashcard: Flashcard; review_id: number }>(`/api/flashcards/${id}/review`, json('POST', { rating, duration_ms: durationMs })),
  undoReview: (id: number) => apiJson<{ flashcard: Flashcard }>(`/api/flashcards/${id}/review/undo`, { method: 'POST' }),
  generate: (conceptId: number, numberOfCards: number, sourceText?: string) =>
    apiJson<{ generated_flashcards: GeneratedFlashcard[]; error_message: string | null }>(
      '/api/ai/generate-flashcards',
      json('POST', { concept_id: conceptId, number_of_cards: numberOfCards, ...(sourceText ? { source_text: sourceText } : {}) }),
    ),
};

/** Tags typed as 'a, b,,c ' → ['a', 'b', 'c'] (spec document 2 §5). */
export function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/** The server's detail as text, else the error's message, else `fallback`. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiRequestError) return detailText(err.detail, '; ') ?? (err.status ? err.message : fallback);
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
