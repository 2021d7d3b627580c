import { z } from 'zod';
import { IMPORT_LIMITS, SECTION_NAMES, backupHeader } from '../domain/data-format';
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
