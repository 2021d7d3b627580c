/**
 * Uploading from the editor (spec document 1 §7, §8): the 15 MB limit is checked before
 * sending, and the server's answer gives a same-origin address to insert.
 */
import { ApiRequestError } from '../api/client';
import { uploadsApi, type UploadResult } from '../api/uploads';

export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
export const ACCEPTED_IMAGES = 'image/jpeg,image/png,image/gif,image/webp';

export const UPLOAD_MESSAGES = {
  tooLarge: 'File is too large. Max size is 15MB.',
  imageUploading: 'Uploading image...',
  imageDone: 'Image uploaded!',
  imageFailed: 'Upload failed. Please try again.',
  fileUploading: 'Uploading file...',
  fileDone: 'File attached successfully!',
  fileFailed: 'File upload failed. Please try again.',
} as const;

export class FileTooLargeError extends Error {}

export async function uploadToServer(kind: 'image' | 'file', file: File): Promise<UploadResult> {
  if (file.size > MAX_UPLOAD_BYTES) throw new FileTooLargeError(UPLOAD_MESSAGES.tooLarge);
  try {
    return await uploadsApi.upload(kind, file);
  } catch (e) {
    if (e instanceof ApiRequestError && e.status === 413) throw new FileTooLargeError(UPLOAD_MESSAGES.tooLarge);
    throw e;
  }
}

/** Opens the system file picker and resolves with the chosen file (or null). */
export function pickFile(accept?: string): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    if (accept) input.accept = accept;
    input.setAttribute('data-editor-file-input', '');
    input.style.display = 'none';
    input.addEventListener('change', () => {
      resolve(input.files?.[0] ?? null);
      input.remove();
    });
    input.addEventListener('cancel', () => (resolve(null), input.remove()));
    document.body.appendChild(input);
    input.click();
  });
}
