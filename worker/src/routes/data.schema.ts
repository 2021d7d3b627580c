import { z } from 'zod';
import { IMPORT_LIMITS, SECTION_NAMES, backupHeader } from '../domain/data-format';
import { CARD_TABLE_LIMITS } from '../domain/card-table';
import { DELETE_ALL_CONFIRMATION } from '../services/delete-all';

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** POST /import/json?merge=true|false — merge is the default (spec document 3 §9). */
export const importQuery = z.object({ merge: flag.default('true') });

/** POST /import/json/start: the backup's header and the mode, before its rows arrive in chunks. */
export const importStartBody = z.object({ merge: z.boolean().default(true), header: backupHeader });

export const importIdParam = z.object({ importId: z.string().uuid() });

/** POST /import/json/{importId}/rows: one chunk of one section (validated per row by the service). */
export const importRowsBody = z.object({
  section: z.enum(SECTION_NAMES as [string, ...string[]]),
  rows: z.array(z.unknown()).min(1).max(20_000),
  /** The index of the first row in its section: chunks sent side by side keep the file's order. */
  offset: z.number().int().min(0).max(IMPORT_LIMITS.maxRows).optional(),
});

/** DELETE /user-data?confirm=DELETE_ALL_MY_DATA — anything else is refused. */
export const deleteAllQuery = z.object({
  confirm: z.literal(DELETE_ALL_CONFIRMATION, { errorMap: () => ({ message: `Type ${DELETE_ALL_CONFIRMATION} to confirm` }) }),
});

/** POST /export/apkg: every card by default, or one constellation's, or a list of concepts'. */
export const apkgExportBody = z
  .object({
    constellation_id: z.number().int().positive().optional(),
    concept_ids: z.array(z.number().int().positive()).min(1).max(5000).optional(),
  })
  .refine((o) => !(o.constellation_id && o.concept_ids), { message: 'Choose a constellation or a list of concepts, not both' });

const columnIndex = z.number().int().min(0).max(CARD_TABLE_LIMITS.maxColumns - 1);
const separator = z.string().min(1).max(CARD_TABLE_LIMITS.maxSeparator);

/** POST /import/cards/preview: the pasted or read text and how to cut it ('auto' guesses). */
export const cardTablePreviewBody = z.object({
  text: z.string().max(CARD_TABLE_LIMITS.maxChars, `Le texte dépasse ${CARD_TABLE_LIMITS.maxChars.toLocaleString('fr-FR')} caractères : importez-le en plusieurs fois.`),
  delimiter: separator.default('auto'),
  row_separator: separator.default('newline'),
  has_header: z.boolean().nullable().default(null),
});

/** POST /import/cards: the same, the column of each part, and the concept the cards go to. */
export const cardTableImportBody = cardTablePreviewBody
  .extend({
    mapping: z.object({ front: columnIndex, back: columnIndex, tags: columnIndex.nullable().default(null), concept: columnIndex.nullable().default(null) }),
    concept_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    new_concept_title: z.string().trim().min(1, 'Le titre du nouveau concept est obligatoire.').max(500).optional(),
  })
  .refine((o) => (o.concept_id === undefined) !== (o.new_concept_title === undefined), {
    message: 'Choisissez un concept existant ou donnez le titre d’un nouveau concept (l’un des deux).',
    path: ['concept_id'],
  });
