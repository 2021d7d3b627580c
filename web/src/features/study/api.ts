/** Study-session, constellation and concept calls used by the study screens (spec document 2 §7). */
import { apiJson } from '../../api/client';
import type { Flashcard, Rating } from '../flashcards/api';

export type MethodType = 'FLASHCARDS' | 'BLURTING' | 'FEYNMAN' | 'CORNELL' | 'COMPOSITE';

export interface StudySession {
  id: number;
  method_type: MethodType;
  total_cards: number;
  cards_reviewed: number;
  average_rating: number | null;
  started_at: string | null;
  ended_at: string | null;
}

export interface SessionProgress {
  total_cards: number;
  cards_reviewed: number;
  average_rating: number | null;
}

export interface ConceptRef {
  id: number;
  title: string;
}

export interface Constellation {
  id: number;
  name: string;
  color: string;
  icon: string | null;
  conceptCount: number;
}

export type SessionSelection = { concept_ids: number[] } | { constellation_id: number } | { due_only: true };

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json' },
  body: body === undefined ? undefined : JSON.stringify(body),
});

export const studyApi = {
  create: (selection: SessionSelection) => apiJson<StudySession>('/api/study-sessions', json('POST', { method_type: 'FLASHCARDS', ...selection })),
  get: (id: number) => apiJson<StudySession>(`/api/study-sessions/${id}`),
  /** The next card, or null at the end (404 or an empty answer). */
  next: (id: number) => apiJson<Flashcard | null>(`/api/study-sessions/${id}/next-flashcard`),
  review: (id: number, cardId: number, rating: Rating, durationMs?: number) =>
    apiJson<SessionProgress>(`/api/study-sessions/${id}/flashcards/${cardId}/review`, json('POST', { rating, duration_ms: durationMs })),
  undo: (id: number, cardId: number) => apiJson<unknown>(`/api/study-sessions/${id}/flashcards/${cardId}/review/undo`, json('POST')),
  end: (id: number) => apiJson<StudySession>(`/api/study-sessions/${id}/end`, json('PUT')),
  constellations: () => apiJson<Constellation[]>('/api/constellations'),
  constellationConcepts: (id: number) => apiJson<ConceptRef[]>(`/api/constellations/${id}/concepts`),
  searchConcepts: (q: string, limit = 20) => apiJson<ConceptRef[]>(`/api/concepts/search?q=${encodeURIComponent(q)}&limit=${limit}`),
  allConcepts: () => apiJson<ConceptRef[]>('/api/concepts/minimal'),
};
