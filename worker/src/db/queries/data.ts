/**
 * SQL of the person's whole data: counts for the export preview, one page of each backup
 * section (keyset-paged by id or rowid, references written as uids), and the statements
 * that delete every row a person owns (delete-all, and the first half of a replace import).
 */
import type { SectionName } from '../../domain/data-format';

/** One backup section read page by page: `?1` user, `?2` last key read, `?3` page size; selects `k` first. */
interface ExportQuery {
  sql: string;
  /** Columns holding JSON text that the backup carries as JSON values. */
  json?: string[];
}

const tagNames = (conceptId: string) =>
  `(SELECT json_group_array(name) FROM (SELECT t.name FROM concept_tags ct JOIN tags t ON t.id = ct.tag_id
     WHERE ct.concept_id = ${conceptId} ORDER BY t.name_key))`;

const page = (from: string, key: string) => `${from} AND ${key} > ?2 ORDER BY ${key} LIMIT ?3`;

export const EXPORT_QUERIES: Record<SectionName, ExportQuery> = {
  tags: { sql: page('SELECT id AS k, name FROM tags WHERE user_id = ?1', 'id') },
  concepts: {
    sql: page(
      `SELECT c.id AS k, c.uid, c.title, c.content, c.content_text, c.notes, c.source, c.source_url, c.category,
         c.mastery_level, c.next_review_at, ${tagNames('c.id')} AS tags, c.created_at, c.updated_at
       FROM concepts c WHERE c.user_id = ?1`,
      'c.id',
    ),
    json: ['content', 'tags'],
  },
  concept_relations: {
    sql: page(
      `SELECT r.rowid AS k, p.uid AS parent_uid, ch.uid AS child_uid FROM concept_relations r
       JOIN concepts p ON p.id = r.parent_id JOIN concepts ch ON ch.id = r.child_id WHERE r.user_id = ?1`,
      'r.rowid',
    ),
  },
  concept_links: {
    sql: page(
      `SELECT l.id AS k, l.uid, c.uid AS concept_uid, t.uid AS target_concept_uid, l.link_type, l.description, l.created_at
       FROM concept_links l JOIN concepts c ON c.id = l.concept_id JOIN concepts t ON t.id = l.target_concept_id
       WHERE l.user_id = ?1`,
      'l.id',
    ),
  },
  constellations: {
    sql: page(
      'SELECT id AS k, uid, name, description, color, icon, created_at, updated_at FROM constellations WHERE user_id = ?1',
      'id',
    ),
  },
  constellation_concepts: {
    sql: page(
      `SELECT m.rowid AS k, s.uid AS constellation_uid, c.uid AS concept_uid, m.added_at FROM constellation_concepts m
       JOIN constellations s ON s.id = m.constellation_id JOIN concepts c ON c.id = m.concept_id WHERE s.user_id = ?1`,
      'm.rowid',
    ),
  },
  flashcards: {
    sql: page(
      `SELECT f.id AS k, f.uid, c.uid AS concept_uid, f.question, f.answer, f.tags, f.due, f.stability, f.difficulty,
         f.elapsed_days, f.scheduled_days, f.learning_steps, f.state, f.reps, f.lapses, f.last_review, f.created_at, f.updated_at
       FROM flashcards f JOIN concepts c ON c.id = f.concept_id WHERE f.user_id = ?1`,
      'f.id',
    ),
    json: ['tags'],
  },
  study_sessions: {
    sql: page(
      `SELECT id AS k, uid, method_type, scope, total_cards, cards_reviewed, rating_sum, started_at, ended_at
       FROM study_sessions WHERE user_id = ?1`,
      'id',
    ),
  },
  study_session_cards: {
    sql: page(
      `SELECT sc.rowid AS k, s.uid AS session_uid, f.uid AS flashcard_uid, sc.position, sc.rating, sc.answered_at
       FROM study_session_cards sc JOIN study_sessions s ON s.id = sc.session_id JOIN flashcards f ON f.id = sc.flashcard_id
       WHERE s.user_id = ?1`,
      'sc.rowid',
    ),
  },
  reviews: {
    sql: page(
      `SELECT l.id AS k, l.uid, f.uid AS flashcard_uid, s.uid AS session_uid, l.rating, l.state, l.due, l.stability,
         l.difficulty, l.elapsed_days, l.last_elapsed_days, l.scheduled_days, l.learning_steps, l.reviewed_at,
         l.duration_ms, l.card_before
       FROM review_logs l JOIN flashcards f ON f.id = l.flashcard_id LEFT JOIN study_sessions s ON s.id = l.session_id
       WHERE l.user_id = ?1`,
      'l.id',
    ),
    json: ['card_before'],
  },
  daily_notes: {
    sql: page('SELECT id AS k, date, title, created_at, updated_at FROM daily_notes WHERE user_id = ?1', 'id'),
  },
  note_blocks: {
    sql: page(
      `SELECT b.id AS k, b.uid, n.date AS note_date, b.text, b.plain_text, b.order_idx, b.created_at, b.updated_at
       FROM note_blocks b JOIN daily_notes n ON n.id = b.note_id WHERE b.user_id = ?1`,
      'b.id',
    ),
  },
  block_mentions: {
    sql: page(
      `SELECT m.rowid AS k, b.uid AS block_uid, c.uid AS concept_uid FROM block_mentions m
       JOIN note_blocks b ON b.id = m.block_id JOIN concepts c ON c.id = m.concept_id WHERE b.user_id = ?1`,
      'm.rowid',
    ),
  },
  files: {
    sql: page('SELECT id AS k, key, file_name, mime_type, size, kind, created_at FROM files WHERE user_id = ?1', 'id'),
  },
};

/** Parses the JSON-text columns of an exported row; text that is not JSON stays a string. */
export function exportRow(row: Record<string, unknown>, jsonColumns: string[] = []): Record<string, unknown> {
  const { k: _key, ...out } = row;
  for (const column of jsonColumns) {
    const value = out[column];
    if (typeof value !== 'string') continue;
    try {
      out[column] = JSON.parse(value);
    } catch {
      // stored as plain text: exported as is
    }
  }
  return out;
}

export async function readExportPage(d1: D1Database, userId: number, section: SectionName, after: number, limit: number) {
  const query = EXPORT_QUERIES[section];
  const { results } = await d1.prepare(query.sql).bind(userId, after, limit).all<Record<string, unknown>>();
  return { rows: results.map((row) => exportRow(row, query.json)), lastKey: results.length ? Number(results.at(-1)!.k) : after };
}

export async function readAccountHeader(d1: D1Database, userId: number) {
  const [user, prefs] = await d1.batch<{ time_zone?: string | null; data?: string }>([
    d1.prepare('SELECT time_zone FROM users WHERE id = ?').bind(userId),
    d1.prepare('SELECT data FROM user_preferences WHERE user_id = ?').bind(userId),
  ]);
  const data = prefs!.results[0]?.data;
  let preferences: unknown = null;
  try {
    preferences = data ? JSON.parse(data) : null;
  } catch {
    preferences = null;
  }
  return { account: { time_zone: user!.results[0]?.time_zone ?? null }, preferences };
}

export interface DataCounts {
  concepts: number;
  flashcards: number;
  reviews: number;
  study_sessions: number;
  constellations: number;
  notes: number;
  blocks: number;
  links: number;
}

export async function countUserData(d1: D1Database, userId: number): Promise<DataCounts> {
  const row = await d1
    .prepare(
      `SELECT (SELECT COUNT(*) FROM concepts WHERE user_id = ?1) AS concepts,
         (SELECT COUNT(*) FROM flashcards WHERE user_id = ?1) AS flashcards,
         (SELECT COUNT(*) FROM review_logs WHERE user_id = ?1) AS reviews,
         (SELECT COUNT(*) FROM study_sessions WHERE user_id = ?1) AS study_sessions,
         (SELECT COUNT(*) FROM constellations WHERE user_id = ?1) AS constellations,
         (SELECT COUNT(*) FROM daily_notes WHERE user_id = ?1) AS notes,
         (SELECT COUNT(*) FROM note_blocks WHERE user_id = ?1) AS blocks,
         (SELECT COUNT(*) FROM concept_links WHERE user_id = ?1) AS links`,
    )
    .bind(userId)
    .first<DataCounts>();
  return row!;
}

/**
 * Every row the person owns, children before parents (no reliance on cascades), `?1` the
 * user. The summary tables (flashcard_stats, review_activity) follow by their triggers.
 */
export const DELETE_USER_ROWS = [
  'DELETE FROM review_logs WHERE user_id = ?1',
  'DELETE FROM study_session_cards WHERE session_id IN (SELECT id FROM study_sessions WHERE user_id = ?1)',
  'DELETE FROM study_sessions WHERE user_id = ?1',
  'DELETE FROM flashcards WHERE user_id = ?1',
  'DELETE FROM block_mentions WHERE block_id IN (SELECT id FROM note_blocks WHERE user_id = ?1)',
  'DELETE FROM note_blocks WHERE user_id = ?1',
  'DELETE FROM daily_notes WHERE user_id = ?1',
  'DELETE FROM constellation_concepts WHERE constellation_id IN (SELECT id FROM constellations WHERE user_id = ?1)',
  'DELETE FROM constellations WHERE user_id = ?1',
  'DELETE FROM concept_links WHERE user_id = ?1',
  'DELETE FROM concept_relations WHERE user_id = ?1',
  'DELETE FROM concept_tags WHERE concept_id IN (SELECT id FROM concepts WHERE user_id = ?1)',
  'DELETE FROM tags WHERE user_id = ?1',
  // Live-room states: rooms re-seed from whatever content exists next.
  'DELETE FROM concept_docs WHERE user_id = ?1',
  'DELETE FROM concepts WHERE user_id = ?1',
  'DELETE FROM files WHERE user_id = ?1',
  'DELETE FROM user_preferences WHERE user_id = ?1',
];

export const deleteUserRowsStatements = (d1: D1Database, userId: number) =>
  DELETE_USER_ROWS.map((sql) => d1.prepare(sql).bind(userId));
