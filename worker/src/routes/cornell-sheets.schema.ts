import { z } from 'zod';
import { CORNELL_CUE_MAX, CORNELL_ROWS_MAX, CORNELL_SHEET_BYTES_MAX, CORNELL_SUMMARY_MAX, type CornellRow } from '../domain/cornell';
import { isRichDoc, RICH_DOC_TOO_LARGE, withinRichDocLimits, type RichDoc } from '../domain/richtext';

export const sheetParam = z.object({ id: z.coerce.number().int().positive() });

const row = z.object({
  cue: z.string().max(CORNELL_CUE_MAX, `Une question de la colonne de gauche ne doit pas dépasser ${CORNELL_CUE_MAX} caractères.`),
  notes: z
    .custom<RichDoc>(isRichDoc, "Les notes doivent être un document de l'éditeur.")
    .refine(withinRichDocLimits, RICH_DOC_TOO_LARGE)
    .nullable()
    .default(null),
});

/** A save of the whole sheet, made from `version` (0 for a sheet never saved). */
export const sheetBody = z.object({
  version: z.number({ required_error: 'La version de la fiche est obligatoire.' }).int().min(0),
  rows: z
    .array(row)
    .max(CORNELL_ROWS_MAX, `Une fiche Cornell compte au plus ${CORNELL_ROWS_MAX} lignes.`)
    .refine(
      (rows: CornellRow[]) => new TextEncoder().encode(JSON.stringify(rows)).length <= CORNELL_SHEET_BYTES_MAX,
      `Les notes de cette fiche dépassent ${CORNELL_SHEET_BYTES_MAX / 1024} Ko : répartissez-les sur plusieurs concepts.`,
    ),
  summary: z.string().max(CORNELL_SUMMARY_MAX, `Le résumé ne doit pas dépasser ${CORNELL_SUMMARY_MAX} caractères.`).default(''),
});
