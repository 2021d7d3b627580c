/**
 * SQL of the Anki package export: which flashcards a package holds (all, one
 * constellation's, or a list of concepts'), their decks, and their review history —
 * read in pages of arrays (`raw()`), so 300,000 reviews never sit in memory as objects.
 */
import { allRows, firstRow, query, rawQuery, rawRows, type SqlColumns, type SqlValues } from '../rows';
import type { concepts, constellations, files, flashcards, reviewLogs } from '../schema';

/** Which of the person's flashcards go into a package: `?1` user, `?2` the scope's parameter. */
export type CardScope = { kind: 'all' } | { kind: 'constellation'; id: number } | { kind: 'concepts'; ids: number[] };

function scopeFilter(scope: CardScope): { sql: string; param: number | string } {
  if (scope.kind === 'constellation') {
    return { sql: 'AND f.concept_id IN (SELECT concept_id FROM constellation_concepts WHERE constellation_id = ?2)', param: scope.id };
  }
  if (scope.kind === 'concepts') return { sql: 'AND f.concept_id IN (SELECT value FROM json_each(?2))', param: JSON.stringify(scope.ids) };
  return { sql: 'AND ?2 IS NOT NULL', param: 0 };
}

export async function constellationName(d1: D1Database, userId: number, id: number): Promise<string | null> {
  const row = await firstRow(query<SqlColumns<typeof constellations, 'name'>>(d1.prepare('SELECT name FROM constellations WHERE id = ? AND user_id = ?').bind(id, userId)));
  return row?.name ?? null;
}

type Constellation = SqlColumns<typeof constellations, 'id' | 'name'>;

/** A concept whose cards are exported, with the first constellation it belongs to (null when none). */
export type DeckRow = SqlColumns<typeof concepts, 'id' | 'title'> & { constellation_id: Constellation['id'] | null; constellation_name: Constellation['name'] | null };

/** The concepts whose cards are exported, each with the first constellation it belongs to. */
export async function readDecks(d1: D1Database, userId: number, scope: CardScope): Promise<DeckRow[]> {
  const filter = scopeFilter(scope);
  return allRows(
    query<DeckRow>(
      d1
        .prepare(
          `SELECT c.id, c.title, s.id AS constellation_id, s.name AS constellation_name FROM concepts c
           LEFT JOIN constellations s ON s.id = (SELECT m.constellation_id FROM constellation_concepts m WHERE m.concept_id = c.id
             ${scope.kind === 'constellation' ? 'AND m.constellation_id = ?2' : ''} ORDER BY m.constellation_id LIMIT 1)
           WHERE c.user_id = ?1 AND c.id IN (SELECT f.concept_id FROM flashcards f WHERE f.user_id = ?1 ${filter.sql})
           ORDER BY c.id`,
        )
        .bind(userId, filter.param),
    ),
  );
}

/** Columns of a card page, in this order. */
export const CARD_COLUMNS = ['id', 'uid', 'concept_id', 'question', 'answer', 'tags', 'due', 'stability', 'difficulty', 'elapsed_days', 'scheduled_days', 'learning_steps', 'reps', 'lapses', 'state', 'last_review', 'created_at', 'updated_at', 'anki_note', 'occlusion'] as const;

export function readCardPage(d1: D1Database, userId: number, scope: CardScope, after: number, limit: number) {
  const filter = scopeFilter(scope);
  return rawRows(
    rawQuery<SqlValues<typeof flashcards, typeof CARD_COLUMNS>>(
      d1.prepare(`SELECT ${CARD_COLUMNS.map((c) => `f.${c}`).join(', ')} FROM flashcards f WHERE f.user_id = ?1 ${filter.sql} AND f.id > ?3 ORDER BY f.id LIMIT ?4`).bind(userId, filter.param, after, limit),
    ),
  );
}

const REVIEW_COLUMNS = ['id', 'flashcard_id', 'reviewed_at', 'rating', 'state', 'scheduled_days', 'duration_ms'] as const;

/**
 * Review history of the exported cards in answer order, (time, id) along the index of the
 * person's reviews, after the cursor (`after`: the last page's last time and id):
 * [id, flashcard_id, reviewed_at, rating, state, scheduled_days, duration_ms].
 */
export function readReviewPage(d1: D1Database, userId: number, scope: CardScope, after: { time: number; id: number }, limit: number) {
  const filter = scopeFilter(scope);
  return rawRows(
    rawQuery<SqlValues<typeof reviewLogs, typeof REVIEW_COLUMNS>>(
      d1
        .prepare(
          `SELECT ${REVIEW_COLUMNS.map((c) => `l.${c}`).join(', ')} FROM review_logs l
           WHERE l.user_id = ?1 AND l.flashcard_id IN (SELECT f.id FROM flashcards f WHERE f.user_id = ?1 ${filter.sql})
           AND (l.reviewed_at, l.id) > (?3, ?4) ORDER BY l.reviewed_at, l.id LIMIT ?5`,
        )
        .bind(userId, filter.param, after.time, after.id, limit),
    ),
  );
}

/**
 * The person's uploads: MIME type by uuid (the last part of the R2 key), and the uuid of
 * the latest upload of each file name (an imported Anki note names its media by file name).
 */
export async function readUploads(d1: D1Database, userId: number): Promise<{ types: Map<string, string>; byName: Map<string, string> }> {
  const results = await allRows(query<SqlColumns<typeof files, 'key' | 'file_name' | 'mime_type'>>(d1.prepare('SELECT key, file_name, mime_type FROM files WHERE user_id = ? ORDER BY id').bind(userId)));
  const types = new Map<string, string>();
  const byName = new Map<string, string>();
  for (const r of results) {
    const uuid = r.key.split('/').pop()!;
    types.set(uuid, r.mime_type);
    byName.set(r.file_name, uuid);
  }
  return { types, byName };
}
