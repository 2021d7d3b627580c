import { z } from 'zod';
import { CONTENT_FORMATS, IMPORT_CONTENT_MAX_CHARS, IMPORT_MESSAGES, IMPORT_URL_MAX_CHARS } from '../domain/import-rules';
import { isRichDoc, type RichDoc } from '../domain/richtext';
import { isSafeLinkHref } from '../domain/safe-url';
import { parseTagInput, TAG_NAME_MAX_LENGTH } from '../domain/tags';

const conceptId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Pasted text or Markdown, or the document an URL's article became. */
const content = z.union([
  z.string().max(IMPORT_CONTENT_MAX_CHARS, `Le contenu dépasse ${IMPORT_CONTENT_MAX_CHARS} caractères.`),
  z.custom<RichDoc>(isRichDoc, 'Le contenu doit être un texte ou un document ({"type": "doc", "content": [...]}).'),
]);
const format = z.enum(CONTENT_FORMATS).default('text');

export const extractContentBody = z.object({
  url: z.string({ required_error: IMPORT_MESSAGES.urlRequired }).trim().min(1, IMPORT_MESSAGES.urlRequired).max(IMPORT_URL_MAX_CHARS),
});

export const extractConceptsBody = z.object({
  content: content.refine((c) => typeof c !== 'string' || c.trim() !== '', IMPORT_MESSAGES.contentRequired),
  format,
});

/** The spec's creation payload, plus the existing concepts to link the new one to, in the same write. */
export const importConceptBody = z.object({
  title: z.string({ required_error: IMPORT_MESSAGES.titleRequired }).trim().min(1, IMPORT_MESSAGES.titleRequired).max(500),
  content: content.default(''),
  format,
  category: z.string().trim().max(200).nullable().optional(),
  tags: z
    .string()
    .max(5000)
    .default('')
    .refine((t) => parseTagInput(t).every((name) => name.length <= TAG_NAME_MAX_LENGTH), `Un tag dépasse ${TAG_NAME_MAX_LENGTH} caractères.`),
  source: z.enum(['WEB', 'MANUAL']).default('MANUAL'),
  source_url: z
    .string()
    .trim()
    .max(IMPORT_URL_MAX_CHARS)
    .refine((u) => u === '' || (isSafeLinkHref(u) && /^https?:\/\//i.test(u)), "L'URL source doit être une adresse http(s).")
    .nullable()
    .optional(),
  related_concept_ids: z.array(conceptId).max(500).default([]),
});
export type ImportConceptBody = z.infer<typeof importConceptBody>;

export const SELF_LINK = 'Un concept ne peut pas être lié à lui-même.';

const linkItem = z
  .object({
    concept_id: conceptId,
    target_concept_id: conceptId,
    link_type: z.literal('related_to').default('related_to'),
    description: z.string().trim().max(1000).nullable().optional(),
  })
  .refine((l) => l.concept_id !== l.target_concept_id, { message: SELF_LINK, path: ['target_concept_id'] });

export const batchLinksBody = z.array(linkItem).min(1, 'Aucun lien à créer.').max(500);
export type BatchLinkItem = z.infer<typeof linkItem>;
