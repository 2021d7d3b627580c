/** Flashcard calls (spec document 2 §7); types come from the Worker's routes. */
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, call, callEmpty } from './client';

const flashcards = api.api.flashcards;
const flashcard = flashcards[':id{[0-9]+}'];
const ofConcept = api.api.concepts[':id{[0-9]+}'].flashcards;

export type Flashcard = InferResponseType<typeof flashcard.$get, 200>;
export type FsrsState = Flashcard['state'];
export type FlashcardInput = InferRequestType<typeof flashcard.$put>['json'];
export type Rating = InferRequestType<typeof flashcard.review.$post>['json']['rating'];
export type UploadedReview = NonNullable<InferRequestType<typeof flashcards.reviews.$post>['json']['reviews']>[number];
/** A card suspended or buried offline, uploaded with the answers. */
export type UploadedAction = NonNullable<InferRequestType<typeof flashcards.reviews.$post>['json']['actions']>[number];
export type CardHistory = InferResponseType<typeof flashcard.history.$get, 200>;
export type OcclusionInput = InferRequestType<(typeof ofConcept)['occlusion']['$post']>['json'];
export type OcclusionEditInput = InferRequestType<(typeof flashcard)['occlusion']['$put']>['json'];
export type CardAction = 'suspend' | 'unsuspend' | 'bury' | 'unbury' | 'forget';

const param = (id: number) => ({ param: { id: String(id) } });

export const flashcardsApi = {
  ofConcept: (conceptId: number) => call(ofConcept.$get(param(conceptId))),
  all: () => call(flashcards.$get()),
  due: (limit: number) => call(flashcards.due.$get({ query: { limit } })),
  create: (conceptId: number, input: FlashcardInput) => call(ofConcept.$post({ ...param(conceptId), json: input })),
  /** One image-occlusion card per shape drawn over an uploaded image. */
  createOcclusion: (conceptId: number, input: OcclusionInput) => call(ofConcept.occlusion.$post({ ...param(conceptId), json: input })),
  /** The zones of an image-occlusion card's image, edited from the version the editor opened (409 over a newer one). */
  editOcclusion: (id: number, input: OcclusionEditInput) => call(flashcard.occlusion.$put({ ...param(id), json: input })),
  update: (id: number, input: FlashcardInput) => call(flashcard.$put({ ...param(id), json: input })),
  remove: (id: number) => callEmpty(flashcard.$delete(param(id))),
  /** With the answer's client id, a retry whose reply was lost answers the review already logged. */
  review: (id: number, rating: Rating, durationMs?: number, clientId?: string) => call(flashcard.review.$post({ ...param(id), json: { rating, duration_ms: durationMs, client_id: clientId } })),
  undoReview: (id: number) => call(flashcard.review.undo.$post(param(id))),
  /** Answers given offline, replayed by the server at their own times. */
  uploadReviews: (reviews: UploadedReview[], actions: UploadedAction[] = []) => call(flashcards.reviews.$post({ json: { reviews, actions } })),
  /** Suspend, unsuspend, bury, unbury or forget ('Oublier') a card by hand. */
  act: (id: number, action: CardAction) => call(flashcard[':action{suspend|unsuspend|bury|unbury|forget}'].$post({ param: { id: String(id), action } })),
  reschedule: (id: number, days: number) => call(flashcard.reschedule.$post({ ...param(id), json: { days } })),
  undoAction: (id: number) => call(flashcard.actions.undo.$post(param(id))),
  leeches: () => call(flashcards.leeches.$get()),
  /** Every answer with what it left the card with, and the forgetting curve ('Historique'). */
  history: (id: number) => call(flashcard.history.$get(param(id))),
};
