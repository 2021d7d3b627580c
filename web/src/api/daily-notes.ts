/** Daily-note calls (spec document 3 §7; document 1 §9 for a concept's mentions). Types come from the Worker's routes. */
import type { InferResponseType } from 'hono/client';
import { api, authFetch, call, callEmpty, readJson, withSignal } from './client';

const notes = api.api.notes;
const mentions = notes.concepts[':id{[0-9]+}'].mentions;
const block = notes.blocks[':id{[0-9]+}'];
const promote = api.api.blocks[':id{[0-9]+}'].promote;

export type NoteMention = InferResponseType<typeof mentions.$get, 200>[number];
export type DailyNote = InferResponseType<typeof notes.$get, 200>;
export type NoteBlock = DailyNote['blocks'][number];
export type NoteConceptMention = DailyNote['mentions'][number];
export type RecentNote = InferResponseType<typeof notes.recent.$get, 200>[number];
export type PromoteAnswer = InferResponseType<typeof promote.$post, 201>;
export type HighlightImport = { date: string; imported: number; skipped: number };

async function upload(path: string, file: File, noteDate: string) {
  const form = new FormData();
  form.set('file', file);
  form.set('note_date', noteDate);
  return readJson<unknown>(await authFetch(path, { method: 'POST', body: form }));
}

export const notesApi = {
  mentions: (conceptId: number, signal?: AbortSignal) => call(mentions.$get({ param: { id: String(conceptId) } }, withSignal(signal))),
  byDate: (noteDate: string, signal?: AbortSignal) => call(notes.$get({ query: { note_date: noteDate } }, withSignal(signal))),
  create: (date: string) => call(notes.$post({ json: { date } })),
  recent: (limit: number, signal?: AbortSignal) => call(notes.recent.$get({ query: { limit } }, withSignal(signal))),
  /** With a client id (a creation queued offline), a retry answers the block already made. */
  addBlock: (noteId: number, text: string, orderIdx: number, clientId?: string) =>
    call(notes[':noteId{[0-9]+}'].blocks.$post({ param: { noteId: String(noteId) }, json: { note_id: noteId, text, order_idx: orderIdx, ...(clientId ? { client_id: clientId } : {}) } })),
  /** `keepalive` lets the write finish while the page is being left. */
  saveBlock: (id: number, text: string, version?: number, keepalive = false) =>
    call(block.$patch({ param: { id: String(id) }, json: { text, version } }, { init: { keepalive } })),
  deleteBlock: (id: number) => callEmpty(block.$delete({ param: { id: String(id) } })),
  promote: (id: number, body: { title: string; tags: string; concept_content_json?: unknown }) =>
    call(promote.$post({ param: { id: String(id) }, json: body as { title: string; tags: string } })),
  /** The file's bytes and the name the server gave it. */
  exportNote: async (noteDate: string, format: 'md' | 'json') => {
    const res = await authFetch(`/api/notes/export?${new URLSearchParams({ note_date: noteDate, format })}`);
    if (!res.ok) await readJson(res);
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `note-${noteDate}.${format}`;
    return { blob: await res.blob(), name };
  },
  importNote: (file: File, noteDate: string) => upload('/api/notes/import', file, noteDate),
  importHighlights: (file: File, noteDate: string) => upload('/api/notes/import/highlight', file, noteDate) as Promise<HighlightImport>,
};
