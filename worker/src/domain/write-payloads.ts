/**
 * The write payloads services take (concepts, constellations, imported concepts and their
 * links), validated at the API boundary by these schemas: routes validate with them,
 * services accept their types, so services never reach into routes for a shape.
 */
import { z } from 'zod';
import { CONSTELLATION_MESSAGES, isValidConstellationColor, isValidConstellationIcon } from './constellation';
import { CONTENT_FORMATS, IMPORT_CONTENT_MAX_CHARS, IMPORT_MESSAGES, IMPORT_URL_MAX_CHARS } from './import-rules';
import { isRichDoc, RICH_DOC_TOO_LARGE, richContentWithinLimits, type RichDoc } from './richtext';
import { isSafeLinkHref } from './safe-url';
import { parseTagInput, TAG_NAME_MAX_LENGTH } from './tags';

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

/**
 * The id a device gives what it creates (a queued offline creation, an answer): 32 hex
 * digits, kept as the row's `uid`, so a retried request finds the row it already made.
 */
export const clientIdField = z.string().regex(/^[0-9a-f]{32}$/, 'Identifiant client invalide (32 chiffres hexadécimaux attendus).');

/** Creation: the write payload and, from a device that may retry, its client id (a retry answers the concept already made). */
export const conceptCreateBody = conceptWriteBody.extend({ client_id: clientIdField.optional() });

/** Constellation write payload; on PUT an omitted description, colour or icon keeps its value. */
export const constellationBody = z.object({
  name: z.string({ required_error: CONSTELLATION_MESSAGES.name }).trim().min(1, CONSTELLATION_MESSAGES.name).max(200),
  description: z.string().trim().max(5000).nullable().optional(),
  color: z.string().refine(isValidConstellationColor, CONSTELLATION_MESSAGES.color).nullable().optional(),
  icon: z.string().trim().max(100).refine(isValidConstellationIcon, CONSTELLATION_MESSAGES.icon).nullable().optional(),
});
export type ConstellationWrite = z.infer<typeof constellationBody>;

const conceptId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Pasted text or Markdown, or the document an URL's article became. */
export const importContent = z.union([
  z.string().max(IMPORT_CONTENT_MAX_CHARS, `Le contenu dépasse ${IMPORT_CONTENT_MAX_CHARS} caractères.`),
  z.custom<RichDoc>(isRichDoc, 'Le contenu doit être un texte ou un document ({"type": "doc", "content": [...]}).'),
]);
export const contentFormat = z.enum(CONTENT_FORMATS).default('text');

/** The spec's creation payload, plus the existing concepts to link the new one to, in the same write. */
export const importConceptBody = z.object({
  title: z.string({ required_error: IMPORT_MESSAGES.titleRequired }).trim().min(1, IMPORT_MESSAGES.titleRequired).max(500),
  content: importContent.default(''),
  format: contentFormat,
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

export const linkItem = z
  .object({
    concept_id: conceptId,
    target_concept_id: conceptId,
    link_type: z.literal('related_to').default('related_to'),
    description: z.string().trim().max(1000).nullable().optional(),
  })
  .refine((l) => l.concept_id !== l.target_concept_id, { message: SELF_LINK, path: ['target_concept_id'] });

export const batchLinksBody = z.array(linkItem).min(1, 'Aucun lien à créer.').max(500);
export type BatchLinkItem = z.infer<typeof linkItem>;
