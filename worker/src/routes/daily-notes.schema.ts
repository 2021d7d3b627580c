import { z } from 'zod';
import { INVALID_DATE, isNoteDate } from '../domain/daily-dates';
import { blockTextProblem, NOTE_TITLE_MAX_CHARS } from '../domain/daily-blocks';
import { clientIdField } from '../domain/write-payloads';
import { isRichDoc, RICH_DOC_TOO_LARGE, richContentWithinLimits, type RichDoc } from '../domain/richtext';

export const PROMOTE_TITLE_REQUIRED = 'Title cannot be empty.';

export const noteDate = z.string().refine(isNoteDate, INVALID_DATE);

export const noteDateQuery = z.object({ note_date: noteDate });

export const createNoteBody = z.object({ date: noteDate, title: z.string().trim().max(NOTE_TITLE_MAX_CHARS).nullable().optional() });

export const recentNotesQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(5) });

/** A block's text: HTML or a JSON document as the editor wrote it, at most 100,000 characters of writing. */
const blockText = z.string().superRefine((text, ctx) => {
  const problem = blockTextProblem(text);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const noteIdParam = z.object({ noteId: z.coerce.number().int().positive() });

export const addBlockBody = z.object({
  note_id: z.number().int().positive().optional(),
  text: blockText,
  order_idx: z.number().int().min(0).max(1_000_000).optional(),
  /** The device's id for the block (a queued offline creation): a retry answers the block already made. */
  client_id: clientIdField.optional(),
});

export const patchBlockBody = z.object({
  text: blockText,
  /** The block's version when it was read; a stale write is refused with 409. */
  version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});

export const promoteBody = z.object({
  title: z.string({ required_error: PROMOTE_TITLE_REQUIRED }).trim().min(1, PROMOTE_TITLE_REQUIRED).max(500),
  tags: z.string().max(10_000).default(''),
  concept_content_json: z
    .union([z.string().max(2_000_000), z.null(), z.custom<RichDoc>(isRichDoc, 'Le contenu doit être un document.')])
    .refine(richContentWithinLimits, RICH_DOC_TOO_LARGE)
    .optional(),
});

export const exportQuery = z.object({ note_date: noteDate, format: z.enum(['md', 'json']).default('json') });
