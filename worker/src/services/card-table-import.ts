/**
 * Cards from a table (CSV, TSV, an Anki text export, a Quizlet export): the preview that
 * shows the first rows and proposes which column is which, and the import that writes the
 * mapped rows as new cards into the chosen concept (or a new one), or into the concepts a
 * concept column names. The import reads what the concepts hold first, so a card already
 * there (same front and back) is skipped, and writes everything in one batch: it lands
 * whole or not at all.
 */
import {
  CARD_TABLE_LIMITS,
  CardTableError,
  cardKey,
  readCardTable,
  suggestMapping,
  tableCards,
  type ColumnMapping,
  type TableCard,
  type TableOptions,
} from '../domain/card-table';
import { newCard } from '../domain/fsrs';
import { titleKey } from '../domain/wiki-links';
import * as sql from '../db/queries/card-import';
import { insertConcept, linkMentionsOf } from '../db/queries/concept-writes';
import { linkBlocksNaming } from '../db/queries/daily-notes';
import { idByUid, newUid } from '../db/queries/new-row';
import { allRows, firstRow, runBatch } from '../db/rows';
import { ApiError, notFound } from '../lib/errors';

/** The table's refusals as the API's 422s. */
function reading<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof CardTableError) throw new ApiError(422, error.code, error.message);
    throw error;
  }
}

export function previewCardTable(text: string, options: TableOptions) {
  const table = reading(() => readCardTable(text, options));
  return {
    delimiter: table.delimiter,
    has_header: table.has_header,
    header: table.header,
    columns: table.columns,
    total_rows: table.rows.length,
    rows: table.rows.slice(0, CARD_TABLE_LIMITS.previewRows),
    mapping: suggestMapping(table),
  };
}

/** Where the cards go when no concept column names one: an existing concept, or one to create (or find) by title. */
export type CardTarget = { concept_id: number } | { new_concept_title: string };

interface ImportProps {
  d1: D1Database;
  userId: number;
  text: string;
  options: TableOptions;
  mapping: ColumnMapping;
  target: CardTarget;
}

export interface CardTableResult {
  message: string;
  flashcards: number;
  concepts_created: number;
  duplicates_skipped: number;
  incomplete_skipped: number;
  /** The concept the cards without a concept column went to. */
  concept_id: number;
}

/** A concept the cards go to: one the person has (id, uid), or one this import creates. */
interface Destination {
  uid: string;
  id: number | null;
  title: string;
}

/** The concepts named (by the target and the concept column), found by title or to create. */
async function destinations(d1: D1Database, userId: number, target: CardTarget, cards: TableCard[]) {
  const titled = new Map<string, string>();
  if ('new_concept_title' in target) titled.set(titleKey(target.new_concept_title), target.new_concept_title);
  for (const card of cards) if (card.concept && !titled.has(titleKey(card.concept))) titled.set(titleKey(card.concept), card.concept);
  const [chosen, found] = await Promise.all([
    'concept_id' in target ? firstRow(sql.conceptRefById(d1, userId, target.concept_id)) : null,
    titled.size ? allRows(sql.conceptRefsByTitleKeys(d1, userId, [...titled.keys()])) : [],
  ]);
  if ('concept_id' in target && !chosen) throw notFound('Concept');
  const byKey = new Map<string, Destination>();
  for (const row of found) if (!byKey.has(row.title_key)) byKey.set(row.title_key, { uid: row.uid!, id: row.id, title: '' });
  for (const [key, title] of titled) if (!byKey.has(key)) byKey.set(key, { uid: newUid(), id: null, title });
  const fallback = chosen ? { uid: chosen.uid!, id: chosen.id, title: '' } : byKey.get(titleKey((target as { new_concept_title: string }).new_concept_title))!;
  return { fallback, byKey };
}

const CHUNK_BYTES = 512 * 1024;

/** Cards grouped into chunks of at most ~512 KB of JSON (D1 binds one value up to 2 MB). */
function chunks(cards: sql.ChunkCard[]): sql.ChunkCard[][] {
  const out: sql.ChunkCard[][] = [];
  let current: sql.ChunkCard[] = [];
  let size = 0;
  for (const card of cards) {
    const bytes = (card.q.length + card.a.length + card.t.length) * 3 + 80;
    if (current.length && size + bytes > CHUNK_BYTES) (out.push(current), (current = []), (size = 0));
    current.push(card);
    size += bytes;
  }
  if (current.length) out.push(current);
  return out;
}

export async function importCardTable(props: ImportProps, now: number): Promise<CardTableResult> {
  const { d1, userId } = props;
  const { cards, incomplete } = reading(() => tableCards(readCardTable(props.text, props.options), props.mapping));
  if (!cards.length) throw new ApiError(422, 'table_empty', 'Aucune ligne ne donne de carte : vérifiez les colonnes choisies pour le recto et le verso.');
  const { fallback, byKey } = await destinations(d1, userId, props.target, cards);
  const existingIds = [...new Set([fallback, ...byKey.values()].map((d) => d.id).filter((id): id is number => id !== null))];
  const held = existingIds.length ? await allRows(sql.cardPairsOfConcepts(d1, userId, existingIds)) : [];
  const idToUid = new Map([fallback, ...byKey.values()].filter((d) => d.id !== null).map((d) => [d.id!, d.uid]));
  const seen = new Set(held.map((row) => cardKey(idToUid.get(row.concept_id)!, row.question, row.answer)));

  const fresh: sql.ChunkCard[] = [];
  const added = new Map<string, number>();
  for (const card of cards) {
    const to = card.concept ? byKey.get(titleKey(card.concept))! : fallback;
    const key = cardKey(to.uid, card.question, card.answer);
    if (seen.has(key)) continue;
    seen.add(key);
    fresh.push({ c: to.uid, q: card.question, a: card.answer, t: JSON.stringify(card.tags) });
    added.set(to.uid, (added.get(to.uid) ?? 0) + 1);
  }
  // A concept is created only when a card goes to it, or when it is the chosen new one.
  const created = [...new Map([fallback, ...byKey.values()].map((d) => [d.uid, d])).values()].filter((d) => d.id === null && (added.has(d.uid) || d === fallback));
  const inserts = new Map(created.map((d) => [d, insertConcept(d1, userId, d.uid, { title: d.title }, undefined, null, now)]));
  const statements: D1PreparedStatement[] = created.flatMap((d) => {
    const cid = idByUid('concepts', userId, d.uid);
    return [inserts.get(d)!, linkMentionsOf(d1, userId, cid, d.title, now), linkBlocksNaming(d1, userId, cid, d.title)];
  });
  const card = newCard(now);
  statements.push(...chunks(fresh).map((chunk) => sql.insertCardChunk(d1, userId, chunk, card, now)));
  if (added.size) statements.push(sql.conceptsAfterNewCards(d1, userId, [...added]));
  let conceptId = fallback.id;
  if (statements.length) {
    const read = await runBatch(d1, statements);
    const insertedFallback = inserts.get(fallback);
    if (insertedFallback) conceptId = read(insertedFallback)[0]!.id;
  }
  return {
    message: `${fresh.length} flashcard(s) imported`,
    flashcards: fresh.length,
    concepts_created: created.length,
    duplicates_skipped: cards.length - fresh.length,
    incomplete_skipped: incomplete,
    concept_id: conceptId!,
  };
}
