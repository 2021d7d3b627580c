import { z } from 'zod';
import { isRichDoc, RICH_DOC_TOO_LARGE, richContentWithinLimits, type RichDoc } from '../domain/richtext';
import { TAG_NAME_MAX_LENGTH } from '../domain/tags';

export const TITLE_REQUIRED = 'Le titre est obligatoire.';
const ids = z.array(z.number().int().positive()).max(1000);

/** Rich content: a document object, a string (JSON of one, or text), or null. */
const richContent = z
  .union([
    z.string().max(1_000_000),
    z.null(),
    z.custom<RichDoc>(isRichDoc, 'Le contenu doit être un document ({"type": "doc", "content": [...]}), un texte ou null.'),
  ])
  .refine(richContentWithinLimits, RICH_DOC_TOO_LARGE);

/** The concept write payload (spec document 1 §3). On PUT, an omitted field keeps its value. */
export const conceptWriteBody = z.object({
  title: z.string({ required_error: TITLE_REQUIRED }).trim().min(1, TITLE_REQUIRED).max(500),
  content: richContent.optional(),
  notes: richContent.optional(),
  tag_names: z.array(z.string().max(TAG_NAME_MAX_LENGTH)).max(200).optional(),
  parent_ids: ids.optional(),
  child_ids: ids.optional(),
  constellation_ids: ids.optional(),
  category: z.string().trim().max(200).nullable().optional(),
  source: z.enum(['MANUAL', 'WEB']).optional(),
  source_url: z.string().trim().max(2048).nullable().optional(),
  /** The content_version the content was read at: required with `content` on PUT (or as If-Match). */
  content_version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type ConceptWrite = z.infer<typeof conceptWriteBody>;

export const SORT_FIELDS = ['title', 'created_at', 'updated_at', 'mastery_level'] as const;

/** Sort and page of any concept list. */
export const conceptPageQuery = z.object({
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  sort_by: z.enum(SORT_FIELDS).default('updated_at'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
});

export const conceptListQuery = conceptPageQuery.extend({
  search: z.string().max(500).optional(),
  content_search: z.string().max(500).optional(),
  tag_name: z.string().max(TAG_NAME_MAX_LENGTH).optional(),
  constellation_id: z.coerce.number().int().positive().optional(),
});
export type ConceptListQuery = z.infer<typeof conceptListQuery>;

export const titleSearchQuery = z.object({
  q: z.string().max(500).default(''),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const limitQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const suggestedQuery = limitQuery.extend({
  exclude_constellation_id: z.coerce.number().int().positive().optional(),
});

export const idParam = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** The version a content write was based on: the body's `content_version`, else an If-Match of `"N"` (or `W/"N"`, or `N`). */
export function contentBaseVersion(body: { content_version?: number }, ifMatch: string | undefined): number | undefined {
  if (body.content_version !== undefined) return body.content_version;
  const match = /^\s*(?:W\/)?"?(\d{1,15})"?\s*$/.exec(ifMatch ?? '');
  return match ? Number(match[1]) : undefined;
}
