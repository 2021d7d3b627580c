/**
 * Uploads (spec document 1 §7): an image for a figure, a sound for a flashcard or any file for an attachment,
 * sent as multipart form data; the answer gives a same-origin address to insert.
 */
import type { InferResponseType } from 'hono/client';
import { api, call } from './client';

const v1 = api.api.v1;

export type UploadResult = InferResponseType<typeof v1.media.upload.$post, 201>;

export const uploadsApi = {
  upload: (kind: 'image' | 'audio' | 'file', file: File) => {
    const body = new FormData();
    body.append('file', file);
    const target = kind === 'image' ? v1.media.upload : kind === 'audio' ? v1.audio.upload : v1.files.upload;
    // The route reads the multipart body itself (no validator), so it goes in as the request body.
    return call(target.$post({}, { init: { body } }));
  },
};
