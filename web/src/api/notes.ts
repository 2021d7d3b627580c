/** Daily-note calls; for now the mentions of a concept (spec document 1 §9). Types come from the Worker's routes. */
import type { InferResponseType } from 'hono/client';
import { api, call, withSignal } from './client';

const mentions = api.api.notes.concepts[':id{[0-9]+}'].mentions;

export type NoteMention = InferResponseType<typeof mentions.$get, 200>[number];

export const notesApi = {
  mentions: (conceptId: number, signal?: AbortSignal) => call(mentions.$get({ param: { id: String(conceptId) } }, withSignal(signal))),
};
