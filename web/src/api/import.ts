/**
 * Import content (spec document 3 §7): read a web page's article, analyse content for
 * existing and new concepts, create the imported concept with its links. Types come from
 * the Worker's routes (hc<AppType>).
 */
import type { InferRequestType, InferResponseType } from 'hono/client';
import { api, ApiRequestError, readJson } from './client';

const routes = api.api.import;

export type ExtractedContent = InferResponseType<(typeof routes)['extract-content']['$post'], 200>;
export type ExtractionResult = InferResponseType<(typeof routes)['extract-concepts']['$post'], 200>;
export type FoundConcept = ExtractionResult['found_concepts'][number];
export type ImportConceptPayload = InferRequestType<typeof routes.concepts.$post>['json'];
export type ImportedConcept = InferResponseType<typeof routes.concepts.$post, 201>;
type ExtractConceptsPayload = InferRequestType<(typeof routes)['extract-concepts']['$post']>['json'];

/** A call that got no answer becomes ApiRequestError(0), like every other API module's. */
async function send<T>(request: () => Promise<Parameters<typeof readJson>[0]>): Promise<T> {
  let res;
  try {
    res = await request();
  } catch {
    throw new ApiRequestError(0, null);
  }
  return readJson<T>(res);
}

export const importApi = {
  extractContent: (url: string) => send<ExtractedContent>(() => routes['extract-content'].$post({ json: { url } })),
  extractConcepts: (json: ExtractConceptsPayload) => send<ExtractionResult>(() => routes['extract-concepts'].$post({ json })),
  createConcept: (json: ImportConceptPayload) => send<ImportedConcept>(() => routes.concepts.$post({ json })),
};
