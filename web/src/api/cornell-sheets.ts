/** A concept's Cornell sheet; types come from the Worker's routes. */
import type { InferRequestType, InferResponseType } from 'hono/client';
import type { CornellRow, CornellSheetBody } from '@domain/cornell';
import { api, call, withSignal } from './client';

const sheet = api.api.concepts[':id{[0-9]+}']['cornell-sheet'];
const param = (id: number) => ({ param: { id: String(id) } });

export type { CornellRow };
/** The sheet as the Worker presents it, its rows read as the domain's (hc widens the documents to JSON values). */
export type CornellSheet = Omit<InferResponseType<typeof sheet.$get, 200>, 'rows'> & { rows: CornellRow[] };
type SheetWrite = InferRequestType<typeof sheet.$put>['json'];

export const cornellSheetsApi = {
  get: (conceptId: number, signal?: AbortSignal): Promise<CornellSheet> => call(sheet.$get(param(conceptId), withSignal(signal))) as Promise<CornellSheet>,
  save: (conceptId: number, json: CornellSheetBody & { version: number }): Promise<CornellSheet> =>
    call(sheet.$put({ ...param(conceptId), json: json as SheetWrite })) as Promise<CornellSheet>,
  createCards: (conceptId: number) => call(sheet.cards.$post(param(conceptId))),
};
