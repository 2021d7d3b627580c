import { z } from 'zod';
import { isRichDoc, RICH_DOC_TOO_LARGE, withinRichDocLimits } from '../domain/richtext';

export const roomParams = z.object({
  userId: z.coerce.number().int().positive(),
  conceptId: z.coerce.number().int().positive(),
});

export const roomSaveBody = z.object({
  /** Base64 of the binary Yjs state. */
  state: z.string().min(1).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'state must be base64'),
  content: z.custom<import('../domain/richtext').RichDoc>(isRichDoc, 'content must be a ProseMirror document').refine(withinRichDocLimits, RICH_DOC_TOO_LARGE),
});
