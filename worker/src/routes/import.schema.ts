import { z } from 'zod';
import { IMPORT_MESSAGES, IMPORT_URL_MAX_CHARS } from '../domain/import-rules';
import { contentFormat, importContent } from '../domain/write-payloads';

export const extractContentBody = z.object({
  url: z.string({ required_error: IMPORT_MESSAGES.urlRequired }).trim().min(1, IMPORT_MESSAGES.urlRequired).max(IMPORT_URL_MAX_CHARS),
});

export const extractConceptsBody = z.object({
  content: importContent.refine((c) => typeof c !== 'string' || c.trim() !== '', IMPORT_MESSAGES.contentRequired),
  format: contentFormat,
});
