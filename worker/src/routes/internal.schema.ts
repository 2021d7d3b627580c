import { z } from 'zod';
import { BLOCK_UID } from '../domain/note-ydoc';
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

export const noteRoomParams = z.object({
  userId: z.coerce.number().int().positive(),
  noteId: z.coerce.number().int().positive(),
});

const blockUid = z.string().regex(BLOCK_UID, 'uid must be 32 hex digits');
const version = z.number().int().nonnegative();

export const noteRoomSaveBody = z.object({
  state: roomSaveBody.shape.state,
  upserts: z.array(z.object({ uid: blockUid, text: z.string(), orderIdx: z.number().int().nonnegative(), baseVersion: version.nullable() })).max(5000),
  deletes: z.array(z.object({ uid: blockUid, baseVersion: version })).max(5000),
  kept: z.record(blockUid, version),
});
