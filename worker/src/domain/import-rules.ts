/**
 * What the import screen and the import API agree on (spec document 3 §2.6, §5, §8): the
 * source modes, the content formats, the messages and the size limits. Kept apart from
 * the conversions so the screen does not load the Markdown parser.
 */

export const IMPORT_MODES = ['text', 'markdown', 'url'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** The format of a `content` field: pasted text, Markdown, or a document (from a URL's article). */
export const CONTENT_FORMATS = ['text', 'markdown', 'doc'] as const;
export type ContentFormat = (typeof CONTENT_FORMATS)[number];

export const IMPORT_MESSAGES = {
  titleRequired: 'Le titre est requis',
  urlRequired: "L'URL est requise",
  contentRequired: 'Le contenu est requis',
  importFailed: "Erreur lors de l'importation. Veuillez réessayer.",
  createFailed: 'Erreur lors de la création du concept. Veuillez réessayer.',
} as const;

/** Characters of pasted text or Markdown (the request body itself is capped at 1 MB). */
export const IMPORT_CONTENT_MAX_CHARS = 900_000;
export const IMPORT_URL_MAX_CHARS = 2048;

export interface ImportFormValues {
  mode: ImportMode;
  title: string;
  url: string;
  content: string;
}

/** The first missing field's message (spec §5), or null when the form can be analysed. */
export function importFormError(values: ImportFormValues): string | null {
  if (!values.title.trim()) return IMPORT_MESSAGES.titleRequired;
  if (values.mode === 'url') return values.url.trim() ? null : IMPORT_MESSAGES.urlRequired;
  return values.content.trim() ? null : IMPORT_MESSAGES.contentRequired;
}
