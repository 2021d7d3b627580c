import { z } from 'zod';
import { TAG_NAME_MAX_LENGTH } from '../domain/tags';

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
