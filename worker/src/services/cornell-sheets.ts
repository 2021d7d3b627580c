/**
 * Cornell sheets: read, save with optimistic versioning, and turn question cues
 * into flashcards. A save names the version it was made from; when another save came in
 * between, nothing is written and the 409 carries the stored sheet, so the page can put
 * both together (domain/cornell.ts mergeCornellSheets) and nothing anyone wrote is lost.
 */
import { cornellCards, type CornellRow } from '../domain/cornell';
import { newCard } from '../domain/fsrs';
import { conceptSheetStatement, findSheetStatement, insertSheetStatement, updateSheetStatement, type CornellSheetRow } from '../db/queries/cornell-sheets';
import { insertNewCardsStatement } from '../db/queries/study-method-results';
import { firstRow, readBatch, rowsRead } from '../db/rows';
import { ApiError, notFound } from '../lib/errors';
import { presentCornellSheet } from '../presenters/cornell-sheet';
import { masteryWithObservation } from './study-method-results';

export const STALE_SHEET = 'Cette fiche Cornell a été modifiée ailleurs depuis votre lecture : vos changements sont gardés, rechargez-la pour les réunir.';

/** The concept's sheet (null before its first save), or 404 when the concept is not the person's. */
export async function readSheet(d1: D1Database, userId: number, conceptId: number) {
  const row = await firstRow(conceptSheetStatement(d1, userId, conceptId));
  if (!row) throw notFound('Concept');
  const sheet: CornellSheetRow | null =
    row.sheet_id === null
      ? null
      : { id: row.sheet_id, concept_id: conceptId, rows: row.sheet_rows!, summary: row.sheet_summary!, version: row.sheet_version!, created_at: row.sheet_created_at!, updated_at: row.sheet_updated_at! };
  return { sheet, questions: JSON.parse(row.questions) as string[] };
}

/** Saves the whole sheet made from `version`: the first save when 0, else only over that very version. */
export async function saveSheet(d1: D1Database, props: { userId: number; conceptId: number; version: number; rows: CornellRow[]; summary: string; now: number }) {
  const { userId, conceptId, version, now } = props;
  const rows = JSON.stringify(props.rows);
  const write = version === 0 ? insertSheetStatement(d1, userId, conceptId, rows, props.summary, now) : updateSheetStatement(d1, userId, conceptId, version, rows, props.summary, now);
  const readBack = findSheetStatement(d1, userId, conceptId);
  const [result, after] = await d1.batch([write, readBack]);
  const stored = rowsRead(readBack, after!)[0] ?? null;
  if (result!.meta.changes === 1) return stored!;
  // Nothing written: another person's (or no) concept, or a version that is not the stored one.
  if (!stored) await readSheet(d1, userId, conceptId); // 404 when the concept is not theirs
  throw new ApiError(409, 'stale_sheet', STALE_SHEET, { sheet: presentCornellSheet(conceptId, stored) });
}

/**
 * 'Créer des cartes à partir des questions': a card per question cue of the stored sheet
 * with notes beside it (question = cue, answer = the notes), none the concept already has.
 */
export async function createCueCards(d1: D1Database, props: { userId: number; conceptId: number; now: number }) {
  const { userId, conceptId, now } = props;
  const { sheet, questions } = await readSheet(d1, userId, conceptId);
  if (!sheet) throw notFound('Fiche Cornell');
  const cards = cornellCards(JSON.parse(sheet.rows) as CornellRow[], questions);
  if (!cards.length) return [];
  const mastery = await masteryWithObservation(d1, userId, conceptId, null, now, cards.length);
  const [inserted] = await readBatch(d1, [insertNewCardsStatement(d1, userId, conceptId, cards, newCard(now), now), mastery]);
  return inserted;
}
