/** Calls of the study methods other than flashcards; types come from the Worker's routes. */
import type { InferResponseType } from 'hono/client';
import { api, call, withSignal } from './client';

const session = api.api['study-sessions'][':id{[0-9]+}'];
const concept = api.api.concepts[':id{[0-9]+}'];

export type SessionConcept = InferResponseType<typeof session.concepts.$get, 200>[number];
export type MethodResult = InferResponseType<typeof session.results.$get, 200>[number];
export type MissedCards = InferResponseType<(typeof session.results)[':resultId{[0-9]+}']['missed-cards']['$post'], 200>;

const param = (id: number) => ({ param: { id: String(id) } });

export const studyMethodsApi = {
  concepts: (sessionId: number) => call(session.concepts.$get(param(sessionId))),
  results: (sessionId: number) => call(session.results.$get(param(sessionId))),
  saveFeynman: (sessionId: number, conceptId: number, text: string, gaps: string[], durationMs: number) =>
    call(session.results.feynman.$put({ ...param(sessionId), json: { concept_id: conceptId, text, gaps, duration_ms: durationMs } })),
  saveBlurting: (sessionId: number, conceptId: number, text: string, durationMs: number) =>
    call(session.results.blurting.$put({ ...param(sessionId), json: { concept_id: conceptId, text, duration_ms: durationMs } })),
  saveCornell: (sessionId: number, conceptId: number, ratings: { cue: string; rating: number }[], durationMs: number) =>
    call(session.results.cornell.$put({ ...param(sessionId), json: { concept_id: conceptId, ratings, duration_ms: durationMs } })),
  saveFlashcardsStep: (sessionId: number, conceptId: number) => call(session.results.flashcards.$put({ ...param(sessionId), json: { concept_id: conceptId } })),
  /** A Composite session's Flashcards step: the concept's cards in the session, with the rating given in it (null before any). */
  sessionCards: (sessionId: number, conceptId: number) =>
    call(session.concepts[':conceptId{[0-9]+}'].flashcards.$get({ param: { id: String(sessionId), conceptId: String(conceptId) } })),
  missedCards: (sessionId: number, resultId: number) =>
    call(session.results[':resultId{[0-9]+}']['missed-cards'].$post({ param: { id: String(sessionId), resultId: String(resultId) } })),
  conceptHistory: (conceptId: number, method?: 'BLURTING' | 'FEYNMAN' | 'CORNELL' | 'FLASHCARDS', signal?: AbortSignal) =>
    call(concept['method-results'].$get({ ...param(conceptId), query: method ? { method } : {} }, withSignal(signal))),
};

export type BlurtingDetails = Extract<MethodResult['details'], { items: unknown }>;
export type FeynmanDetails = Extract<MethodResult['details'], { gaps: unknown }>;
/** A result's details read as its method's (the server writes each method's own shape). */
export const blurtingDetails = (r: MethodResult): BlurtingDetails => (r.method_type === 'BLURTING' ? (r.details as BlurtingDetails) : { text: '', items: [] });
export const feynmanDetails = (r: MethodResult): FeynmanDetails => (r.method_type === 'FEYNMAN' ? (r.details as FeynmanDetails) : { text: '', gaps: [] });
export type CornellDetails = Extract<MethodResult['details'], { ratings: unknown }>;
export const cornellDetails = (r: MethodResult): CornellDetails => (r.method_type === 'CORNELL' ? (r.details as CornellDetails) : { ratings: [] });
export type FlashcardsDetails = Extract<MethodResult['details'], { cards: unknown }>;
export const flashcardsDetails = (r: MethodResult): FlashcardsDetails => (r.method_type === 'FLASHCARDS' ? (r.details as FlashcardsDetails) : { cards: 0, ratings: [] });
