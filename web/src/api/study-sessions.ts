/** Study-session calls (spec document 2 §7 'Study sessions'); types come from the Worker's routes. */
import type { InferRequestType, InferResponseType } from 'hono/client';
import type { Rating } from './flashcards';
import { api, call } from './client';

const sessions = api.api['study-sessions'];
const session = sessions[':id{[0-9]+}'];
const sessionCard = session.flashcards[':cardId{[0-9]+}'];

export type StudySession = InferResponseType<typeof session.$get, 200>;
/** What the session screen follows; the session itself and each answer carry it. */
export type SessionProgress = Pick<StudySession, 'total_cards' | 'cards_reviewed' | 'average_rating'>;
/** The progress a session answer returns (with the card it scheduled). */
export type SessionAnswer = InferResponseType<typeof sessionCard.review.$post, 200>;
type CreateBody = InferRequestType<typeof sessions.$post>['json'];
export type MethodType = CreateBody['method_type'];
export type SessionSelection = (Pick<CreateBody, 'concept_ids'> | Pick<CreateBody, 'constellation_id'> | { due_only: true }) & { review_ahead?: boolean; steps?: CreateBody['steps'] };
/** A card as the session serves it, with each rating's interval preview ('10 min', '3 j'…). */
export type SessionCard = InferResponseType<typeof session['next-flashcard']['$get'], 200>;
export type IntervalPreviews = SessionCard['previews'];

const param = (id: number) => ({ param: { id: String(id) } });
const cardParam = (id: number, cardId: number) => ({ param: { id: String(id), cardId: String(cardId) } });

export const studySessionsApi = {
  create: (selection: SessionSelection, methodType: MethodType = 'FLASHCARDS') => call(sessions.$post({ json: { method_type: methodType, ...selection } })),
  get: (id: number) => call(session.$get(param(id))),
  /** The next card; 404 once every card is answered or the session has ended. */
  next: (id: number) => call(session['next-flashcard'].$get(param(id))),
  /** With the answer's client id, a retry whose reply was lost answers the review already logged. */
  review: (id: number, cardId: number, rating: Rating, durationMs?: number, clientId?: string) =>
    call(sessionCard.review.$post({ ...cardParam(id, cardId), json: { rating, duration_ms: durationMs, client_id: clientId } })),
  undo: (id: number, cardId: number) => call(sessionCard.review.undo.$post(cardParam(id, cardId))),
  end: (id: number) => call(session.end.$put(param(id))),
};
