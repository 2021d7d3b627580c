/**
 * SQL of the person's whole data: counts for the export preview, one page of each backup
 * section (keyset-paged by id or rowid, references written as uids), and the statements
 * that delete every row a person owns (delete-all, and the first half of a replace import).
 */
import type { SectionName } from '../../domain/data-format';
import { allRows, firstRow, query, readBatch, type SqlColumns } from '../rows';
import type { userPreferences, users } from '../schema';

/**
 * One backup section read page by page: `?1` user, `?2` last key read, `?3` page size.
 * SQLite writes each row's JSON itself (json_object), so the Worker only joins strings —
 * a 300,000-review account never becomes 300,000 JavaScript objects.
 */
interface ExportQuery {
  /** FROM … WHERE (scoped by ?1), without paging. */
  from: string;
  key: string;
  /**
   * A column that, with `key`, follows an index of the person's rows (reviews: their
   * time, index review_logs_user_time): pages go by (time, key) through that index.
   */
  orderedBy?: string;
  /** The section's own table alone (FROM … WHERE), where an index holding its ids picks a page's keys. */
  keysFrom?: string;
  fields: [name: string, expression: string][];
}

/** A column holding JSON text, embedded as JSON (text that is not JSON stays a string). */
const jsonValue = (column: string) => `json(CASE WHEN json_valid(${column}) THEN ${column} ELSE json_quote(${column}) END)`;
const tagNames = (conceptId: string) =>
  `json((SELECT json_group_array(name) FROM (SELECT t.name FROM concept_tags ct JOIN tags t ON t.id = ct.tag_id
     WHERE ct.concept_id = ${conceptId} ORDER BY t.name_key)))`;
const plain = (alias: string, ...columns: string[]) => columns.map((c): [string, string] => [c, `${alias}.${c}`]);
const CARD = ['due', 'stability', 'difficulty', 'elapsed_days', 'scheduled_days', 'learning_steps', 'state'];

export const EXPORT_QUERIES: Record<SectionName, ExportQuery> = {
  tags: { from: 'FROM tags t WHERE t.user_id = ?1', key: 't.id', fields: plain('t', 'name') },
  concepts: {
    from: 'FROM concepts c WHERE c.user_id = ?1',
    key: 'c.id',
    fields: [
      ...plain('c', 'uid', 'title'),
      ['content', jsonValue('c.content')],
      ...plain('c', 'content_text', 'notes', 'source', 'source_url', 'category', 'mastery_level', 'next_review_at'),
      ['tags', tagNames('c.id')],
      ...plain('c', 'created_at', 'updated_at'),
    ],
  },
  concept_relations: {
    from: `FROM concept_relations r JOIN concepts p ON p.id = r.parent_id JOIN concepts ch ON ch.id = r.child_id WHERE r.user_id = ?1`,
    key: 'r.rowid',
    fields: [['parent_uid', 'p.uid'], ['child_uid', 'ch.uid']],
  },
  concept_links: {
    from: `FROM concept_links l JOIN concepts c ON c.id = l.concept_id JOIN concepts t ON t.id = l.target_concept_id WHERE l.user_id = ?1`,
    key: 'l.id',
    fields: [['uid', 'l.uid'], ['concept_uid', 'c.uid'], ['target_concept_uid', 't.uid'], ...plain('l', 'link_type', 'description', 'created_at')],
  },
  constellations: {
    from: 'FROM constellations s WHERE s.user_id = ?1',
    key: 's.id',
    fields: plain('s', 'uid', 'name', 'description', 'color', 'icon', 'created_at', 'updated_at'),
  },
  constellation_concepts: {
    from: `FROM constellation_concepts m JOIN constellations s ON s.id = m.constellation_id JOIN concepts c ON c.id = m.concept_id WHERE s.user_id = ?1`,
    key: 'm.rowid',
    fields: [['constellation_uid', 's.uid'], ['concept_uid', 'c.uid'], ['added_at', 'm.added_at']],
  },
  flashcards: {
    from: 'FROM flashcards f JOIN concepts c ON c.id = f.concept_id WHERE f.user_id = ?1',
    key: 'f.id',
    keysFrom: 'FROM flashcards f WHERE f.user_id = ?1',
    fields: [
      ['uid', 'f.uid'],
      ['concept_uid', 'c.uid'],
      ...plain('f', 'question', 'answer', 'question_lang', 'answer_lang'),
      ['tags', jsonValue('f.tags')],
      ...plain('f', ...CARD, 'reps', 'lapses', 'last_review', 'suspended', 'buried_until', 'type_answer', 'created_at', 'updated_at'),
      ['anki_note', jsonValue('f.anki_note')],
      ['occlusion', jsonValue('f.occlusion')],
    ],
  },
  study_sessions: {
    from: 'FROM study_sessions s WHERE s.user_id = ?1',
    key: 's.id',
    fields: [...plain('s', 'uid', 'method_type', 'scope', 'total_cards', 'cards_reviewed', 'rating_sum', 'started_at', 'ended_at'), ['steps', jsonValue('s.steps')]],
  },
  study_session_cards: {
    from: `FROM study_session_cards sc JOIN study_sessions s ON s.id = sc.session_id JOIN flashcards f ON f.id = sc.flashcard_id WHERE s.user_id = ?1`,
    key: 'sc.rowid',
    fields: [['session_uid', 's.uid'], ['flashcard_uid', 'f.uid'], ...plain('sc', 'position', 'rating', 'answered_at')],
  },
  reviews: {
    from: `FROM review_logs l JOIN flashcards f ON f.id = l.flashcard_id LEFT JOIN study_sessions s ON s.id = l.session_id WHERE l.user_id = ?1`,
    key: 'l.id',
    orderedBy: 'l.reviewed_at',
    fields: [
      ['uid', 'l.uid'],
      ['flashcard_uid', 'f.uid'],
      ['session_uid', 's.uid'],
      ...plain('l', 'rating', ...CARD, 'last_elapsed_days', 'reviewed_at', 'duration_ms'),
      ['card_before', jsonValue('l.card_before')],
    ],
  },
  daily_notes: { from: 'FROM daily_notes n WHERE n.user_id = ?1', key: 'n.id', fields: plain('n', 'date', 'title', 'created_at', 'updated_at') },
  note_blocks: {
    from: 'FROM note_blocks b JOIN daily_notes n ON n.id = b.note_id WHERE b.user_id = ?1',
    key: 'b.id',
    keysFrom: 'FROM note_blocks b WHERE b.user_id = ?1',
    fields: [['uid', 'b.uid'], ['note_date', 'n.date'], ...plain('b', 'text', 'plain_text', 'order_idx', 'created_at', 'updated_at')],
  },
  block_mentions: {
    from: `FROM block_mentions m JOIN note_blocks b ON b.id = m.block_id JOIN concepts c ON c.id = m.concept_id WHERE m.user_id = ?1`,
    key: 'm.rowid',
    fields: [['block_uid', 'b.uid'], ['concept_uid', 'c.uid']],
  },
  files: { from: 'FROM files x WHERE x.user_id = ?1', key: 'x.id', fields: plain('x', 'key', 'file_name', 'mime_type', 'size', 'kind', 'created_at') },
  cornell_sheets: {
    from: 'FROM cornell_sheets cs JOIN concepts c ON c.id = cs.concept_id WHERE cs.user_id = ?1',
    key: 'cs.id',
    keysFrom: 'FROM cornell_sheets cs WHERE cs.user_id = ?1',
    fields: [['concept_uid', 'c.uid'], ...plain('cs', 'rows', 'summary', 'version', 'created_at', 'updated_at')],
  },
  study_method_results: {
    from: `FROM study_method_results mr JOIN study_sessions s ON s.id = mr.session_id JOIN concepts c ON c.id = mr.concept_id WHERE mr.user_id = ?1`,
    key: 'mr.id',
    fields: [['session_uid', 's.uid'], ['concept_uid', 'c.uid'], ...plain('mr', 'method_type', 'recall_score', 'details', 'cards_created', 'duration_ms', 'created_at', 'updated_at')],
  },
};

/**
 * One page's SQL. When no index of a person's rows is ordered by id, `ORDER BY id LIMIT n`
 * alone builds every remaining row's JSON and sorts them all, on every page (the export
 * grew with the square of the rows). So a big section's page keys are chosen first from
 * its own table's index — sorting ids only — and only those rows are built; reviews, the
 * biggest section, go by (time, id) along their own index and sort nothing. Up to ?3 rows
 * (?1 the user, ?2 the last key, ?4 its time).
 */
const orderedPageSql = ({ from, key, orderedBy, keysFrom, fields }: ExportQuery) => {
  const json = `json_object(${fields.map(([name, expr]) => `'${name}', ${expr}`).join(', ')})`;
  if (orderedBy) {
    return `SELECT ${key} AS k, ${orderedBy} AS k2, ${json} AS j
      ${from} AND (${orderedBy}, ${key}) > (?4, ?2) ORDER BY ${orderedBy}, ${key} LIMIT ?3`;
  }
  if (keysFrom) {
    return `SELECT ${key} AS k, NULL AS k2, ${json} AS j
      FROM (SELECT ${key} AS pk ${keysFrom} AND ${key} > ?2 ORDER BY ${key} LIMIT ?3) AS page
      CROSS JOIN ${from.replace(/^FROM /, '')} AND ${key} = page.pk ORDER BY page.pk`;
  }
  return `SELECT ${key} AS k, NULL AS k2, ${json} AS j ${from} AND ${key} > ?2 ORDER BY ${key} LIMIT ?3`;
};

/**
 * A page cut at ?5 characters of JSON as well: the rows before the one that reaches the
 * budget, and always the first, so a page of large concepts stays a few megabytes however
 * many rows the limit allows. The running total follows the page's own order (it sorts the
 * page's rows, never the section's).
 */
const pageSql = (query: ExportQuery) => `SELECT k, k2, j FROM (
    SELECT k, k2, j, sum(length(j)) OVER (ORDER BY ${query.orderedBy ? 'k2, ' : ''}k ROWS UNBOUNDED PRECEDING) - length(j) AS before
    FROM (${orderedPageSql(query)}))
  WHERE before < ?5 ORDER BY ${query.orderedBy ? 'k2, ' : ''}k`;

/** Where a section's paging stands: the last key read, and its time for a section paged by time. */
export interface ExportCursor {
  key: number;
  time: number;
}
export const EXPORT_START: ExportCursor = { key: 0, time: Number.MIN_SAFE_INTEGER };

/** Characters of JSON one export page holds at most (its first row aside). */
export const EXPORT_PAGE_CHARS = 4_000_000;

/**
 * One page of a section: each row's JSON text, the cursor to continue after, its characters,
 * and whether more rows may follow (the page was full, by rows or by characters).
 */
export async function readExportPage(d1: D1Database, userId: number, section: SectionName, after: ExportCursor, limit: number, maxChars = EXPORT_PAGE_CHARS) {
  // k: the row's key, k2: its time (reviews), j: its JSON text.
  const results = await allRows(query<{ k: number; k2: number | null; j: string }>(d1.prepare(pageSql(EXPORT_QUERIES[section])).bind(userId, after.key, limit, after.time, maxChars)));
  const last = results.at(-1);
  const rows = results.map((row) => row.j);
  const chars = rows.reduce((total, row) => total + row.length, 0);
  return { rows, chars, more: rows.length === limit || chars >= maxChars, next: last ? { key: Number(last.k), time: Number(last.k2 ?? 0) } : after };
}

export async function readAccountHeader(d1: D1Database, userId: number) {
  const [[user], [prefs]] = await readBatch(d1, [
    query<SqlColumns<typeof users, 'time_zone'>>(d1.prepare('SELECT time_zone FROM users WHERE id = ?').bind(userId)),
    query<SqlColumns<typeof userPreferences, 'data'>>(d1.prepare('SELECT data FROM user_preferences WHERE user_id = ?').bind(userId)),
  ]);
  const data = prefs?.data;
  let preferences: unknown = null;
  try {
    preferences = data ? JSON.parse(data) : null;
  } catch {
    preferences = null;
  }
  return { account: { time_zone: user?.time_zone ?? null }, preferences };
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
  const row = await firstRow(
    query<DataCounts>(
      d1
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
        .bind(userId),
    ),
  );
  return row!;
}

/**
 * Every row the person owns, children before parents (no reliance on cascades), `?1` the
 * user. The summary tables (flashcard_stats, review_activity) follow by their triggers.
 */
export const DELETE_USER_ROWS = [
  'DELETE FROM review_logs WHERE user_id = ?1',
  'DELETE FROM study_session_cards WHERE session_id IN (SELECT id FROM study_sessions WHERE user_id = ?1)',
  'DELETE FROM study_method_results WHERE user_id = ?1',
  'DELETE FROM cornell_sheets WHERE user_id = ?1',
  'DELETE FROM study_session_concepts WHERE session_id IN (SELECT id FROM study_sessions WHERE user_id = ?1)',
  'DELETE FROM study_sessions WHERE user_id = ?1',
  'DELETE FROM flashcards WHERE user_id = ?1',
  'DELETE FROM anki_note_types WHERE user_id = ?1',
  'DELETE FROM block_mentions WHERE user_id = ?1',
  'DELETE FROM note_docs WHERE user_id = ?1',
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

/** Rows that only summarise or accompany the data (kept by triggers or by devices): delete-all removes them too. */
const ACCOUNT_EXTRAS = [
  'DELETE FROM flashcard_stats WHERE user_id = ?1',
  'DELETE FROM review_activity WHERE user_id = ?1',
  'DELETE FROM push_tokens WHERE user_id = ?1',
  'DELETE FROM notifications WHERE user_id = ?1',
  'DELETE FROM import_jobs WHERE user_id = ?1',
  'DELETE FROM note_highlights WHERE user_id = ?1',
];

export const deleteAccountExtrasStatements = (d1: D1Database, userId: number) => ACCOUNT_EXTRAS.map((sql) => d1.prepare(sql).bind(userId));
