/**
 * Import content (spec document 3 §7): read a web page's article, analyse content for
 * existing and new concepts, create the imported concept with its links. Types come from
 * the Worker's routes (hc<AppType>).
 */
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, call } from './client';

const routes = api.api.import;

export type ExtractedContent = InferResponseType<(typeof routes)['extract-content']['$post'], 200>;
export type ExtractionResult = InferResponseType<(typeof routes)['extract-concepts']['$post'], 200>;
export type FoundConcept = ExtractionResult['found_concepts'][number];
export type ImportConceptPayload = InferRequestType<typeof routes.concepts.$post>['json'];
export type ImportedConcept = InferResponseType<typeof routes.concepts.$post, 201>;
type ExtractConceptsPayload = InferRequestType<(typeof routes)['extract-concepts']['$post']>['json'];

export const importApi = {
  extractContent: (url: string) => call(routes['extract-content'].$post({ json: { url } })),
  extractConcepts: (json: ExtractConceptsPayload) => call(routes['extract-concepts'].$post({ json })),
  createConcept: (json: ImportConceptPayload) => call(routes.concepts.$post({ json })),
};
