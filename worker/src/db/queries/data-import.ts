/**
 * SQL of a staged import. Rows arrive in `import_rows` (JSON text, one statement per
 * chunk through json_each), are checked there (duplicate identities, references to
 * nothing), and are switched into the person's tables by INSERT … SELECT statements that
 * run in one D1 batch — one transaction, so the switch lands whole or not at all.
 * `?1` is the import id, `?2` the user id in every statement here.
 */
import type { SectionName } from '../../domain/data-format';
import type { concepts, importJobs, importRows } from '../schema';
import { query, type SqlColumns } from '../rows';

const j = (field: string) => `json_extract(r.row, '$.${field}')`;
const staged = (section: SectionName) => `FROM import_rows r WHERE r.import_id = ?1 AND r.section = '${section}'`;
/**
 * A staged row looked up by its uid from a correlated subquery goes through the uid index:
 * left to itself, SQLite's planner takes the primary key's (import, section) prefix instead
 * and scans the whole section once per outer row — quadratic in the import's size.
 */
const BY_UID = 'INDEXED BY import_rows_uid';
/** The person's object of `table` whose uid is the staged row's `field`. */
const byUid = (table: string, alias: string, field: string) => `JOIN ${table} ${alias} ON ${alias}.user_id = ?2 AND ${alias}.uid = ${j(field)}`;

/**
 * What identifies a staged row, so checks and joins go through an index. Reviews are
 * left out: nothing refers to one, and their many rows would only weigh on the index
 * (their uids are read from the row, and checked for duplicates there).
 */
export const STAGED_IDENTITY: Partial<Record<SectionName, string>> = {
  concepts: '$.uid',
  concept_links: '$.uid',
  constellations: '$.uid',
  flashcards: '$.uid',
  study_sessions: '$.uid',
  note_blocks: '$.uid',
  daily_notes: '$.date',
  files: '$.key',
};

/**
 * Stages a chunk of one section's rows (JSON text). `offset`: the index of the chunk's
 * first row in its section, so chunks sent side by side keep the file's order; without
 * it the chunk goes after what is already staged.
 */
export function stageRowsStatement(d1: D1Database, importId: string, section: SectionName, rowsJson: string, offset: number | null = null) {
  const identity = STAGED_IDENTITY[section];
  return d1
    .prepare(
      `INSERT INTO import_rows (import_id, section, seq, uid, row)
       SELECT ?1, ?2, COALESCE(?4, (SELECT COALESCE(MAX(seq) + 1, 0) FROM import_rows WHERE import_id = ?1 AND section = ?2)) + key,
         ${identity ? `json_extract(value, '${identity}')` : 'NULL'}, value FROM json_each(?3)`,
    )
    .bind(importId, section, rowsJson, offset);
}

/** A reference from a staged section's field to the identity of another section (and its table). */
interface Reference {
  section: SectionName;
  field: string;
  target: SectionName;
  table: string;
  column: string;
}

const REFERENCES: Reference[] = [
  { section: 'concept_relations', field: 'parent_uid', target: 'concepts', table: 'concepts', column: 'uid' },
  { section: 'concept_relations', field: 'child_uid', target: 'concepts', table: 'concepts', column: 'uid' },
  { section: 'concept_links', field: 'concept_uid', target: 'concepts', table: 'concepts', column: 'uid' },
  { section: 'concept_links', field: 'target_concept_uid', target: 'concepts', table: 'concepts', column: 'uid' },
  { section: 'constellation_concepts', field: 'constellation_uid', target: 'constellations', table: 'constellations', column: 'uid' },
  { section: 'constellation_concepts', field: 'concept_uid', target: 'concepts', table: 'concepts', column: 'uid' },
  { section: 'flashcards', field: 'concept_uid', target: 'concepts', table: 'concepts', column: 'uid' },
  { section: 'study_session_cards', field: 'session_uid', target: 'study_sessions', table: 'study_sessions', column: 'uid' },
  { section: 'study_session_cards', field: 'flashcard_uid', target: 'flashcards', table: 'flashcards', column: 'uid' },
  { section: 'reviews', field: 'flashcard_uid', target: 'flashcards', table: 'flashcards', column: 'uid' },
  { section: 'reviews', field: 'session_uid', target: 'study_sessions', table: 'study_sessions', column: 'uid' },
  { section: 'note_blocks', field: 'note_date', target: 'daily_notes', table: 'daily_notes', column: 'date' },
  { section: 'block_mentions', field: 'block_uid', target: 'note_blocks', table: 'note_blocks', column: 'uid' },
  { section: 'block_mentions', field: 'concept_uid', target: 'concepts', table: 'concepts', column: 'uid' },
  { section: 'cornell_sheets', field: 'concept_uid', target: 'concepts', table: 'concepts', column: 'uid' },
  { section: 'study_method_results', field: 'session_uid', target: 'study_sessions', table: 'study_sessions', column: 'uid' },
  { section: 'study_method_results', field: 'concept_uid', target: 'concepts', table: 'concepts', column: 'uid' },
];

/**
 * Statements finding problems in the staged rows, one row each at most: a section whose
 * identities repeat, or a reference that names nothing in the file (nor, when merging,
 * in the account). `?3` is merge.
 */
export function checkStagedStatements(d1: D1Database, importId: string, userId: number, merge: boolean) {
  const dangling = REFERENCES.map(
    (ref) => `SELECT '${ref.section}' AS section, '${ref.field}' AS field, ${j(ref.field)} AS value ${staged(ref.section)}
      AND ${j(ref.field)} IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM import_rows x ${BY_UID} WHERE x.import_id = ?1 AND x.section = '${ref.target}' AND x.uid = ${j(ref.field)})
      AND NOT (?3 AND EXISTS (SELECT 1 FROM ${ref.table} t WHERE t.user_id = ?2 AND t.${ref.column} = ${j(ref.field)})) LIMIT 1`,
  );
  const duplicates = `SELECT section, 'uid' AS field, uid AS value FROM import_rows WHERE import_id = ?1 AND uid IS NOT NULL
    AND ?2 AND ?3 IS NOT NULL GROUP BY section, uid HAVING COUNT(*) > 1 LIMIT 1`;
  const duplicateReviews = `SELECT 'reviews' AS section, 'uid' AS field, ${j('uid')} AS value ${staged('reviews')}
    AND ?2 AND ?3 IS NOT NULL GROUP BY value HAVING COUNT(*) > 1 LIMIT 1`;
  return [duplicates, duplicateReviews, ...dangling].map((sql) => query<StagedProblem>(d1.prepare(sql).bind(importId, userId, merge ? 1 : 0)));
}

/** A problem found in the staged rows: the section and field, and the value at fault. */
export interface StagedProblem {
  section: string;
  field: string;
  value: unknown;
}

export function countStagedStatement(d1: D1Database, importId: string) {
  return query<{ section: string; n: number }>(d1.prepare('SELECT section, COUNT(*) AS n FROM import_rows WHERE import_id = ?1 GROUP BY section').bind(importId));
}

/** `ON CONFLICT` tail that makes an insert of objects an update of the same uids when merging. */
const upsert = (merge: boolean, columns: string[]) =>
  merge ? `ON CONFLICT (user_id, uid) DO UPDATE SET ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}` : '';

const CONCEPT_COLUMNS = ['title', 'title_key', 'content', 'content_text', 'notes', 'source', 'source_url', 'category', 'mastery_level', 'next_review_at', 'created_at', 'updated_at'];
const CONSTELLATION_COLUMNS = ['name', 'description', 'color', 'icon', 'created_at', 'updated_at'];
const CARD_COLUMNS = ['question', 'answer', 'question_lang', 'answer_lang', 'tags', 'due', 'stability', 'difficulty', 'elapsed_days', 'scheduled_days', 'learning_steps', 'reps', 'lapses', 'state', 'last_review', 'suspended', 'buried_until', 'type_answer', 'created_at', 'updated_at', 'anki_note', 'occlusion'];
const SESSION_COLUMNS = ['method_type', 'scope', 'total_cards', 'cards_reviewed', 'rating_sum', 'started_at', 'ended_at', 'steps'];
const METHOD_RESULT_COLUMNS = ['recall_score', 'details', 'cards_created', 'duration_ms', 'created_at', 'updated_at'];
const BLOCK_COLUMNS = ['note_id', 'text', 'plain_text', 'order_idx', 'created_at', 'updated_at'];
const REVIEW_COLUMNS = ['rating', 'state', 'due', 'stability', 'difficulty', 'elapsed_days', 'last_elapsed_days', 'scheduled_days', 'learning_steps', 'reviewed_at', 'duration_ms'] as const;

/**
 * A card's answers staged inside its own row rather than as rows of `reviews`: each answer
 * an array of these fields, in this order (no names repeated, no card uid, no session).
 * An import of many answers (Anki's revlog) writes each answer once, into `review_logs`,
 * instead of a staged row of its own first; the switch reads them through json_each.
 */
export const PACKED_REVIEW_FIELDS = ['uid', ...REVIEW_COLUMNS, 'card_before'] as const;

/** The INSERT … SELECT statements that write staged rows into the person's tables, in reference order. */
export const switchInStatements = (d1: D1Database, importId: string, userId: number, merge: boolean) =>
  switchInSql(merge).map((sql) => d1.prepare(sql).bind(importId, userId));

function switchInSql(merge: boolean): string[] {
  const stagedConcepts = `SELECT c.id FROM concepts c JOIN import_rows r ON r.import_id = ?1 AND r.section = 'concepts' AND r.uid = c.uid WHERE c.user_id = ?2`;
  return [
    // A merged concept whose content changes drops its live-room state, so the room re-seeds from it.
    ...(merge
      ? [
          `DELETE FROM concept_docs WHERE user_id = ?2 AND concept_id IN (SELECT c.id FROM concepts c JOIN import_rows r
             ON r.import_id = ?1 AND r.section = 'concepts' AND r.uid = c.uid WHERE c.user_id = ?2 AND c.content IS NOT ${j('content')})`,
          `DELETE FROM concept_tags WHERE concept_id IN (${stagedConcepts})`,
        ]
      : []),
    `INSERT INTO tags (user_id, name, name_key)
     SELECT ?2, json_extract(t.value, '$.name'), json_extract(t.value, '$.key') FROM import_rows r, json_each(r.row, '$.tags') t
     WHERE r.import_id = ?1 AND r.section IN ('tags', 'concepts') ORDER BY r.section = 'concepts', r.seq, t.key
     ON CONFLICT (user_id, name_key) DO NOTHING`,
    `INSERT INTO concepts (user_id, uid, ${CONCEPT_COLUMNS.join(', ')})
     SELECT ?2, r.uid, ${CONCEPT_COLUMNS.map(j).join(', ')} ${staged('concepts')} ORDER BY r.seq ${upsert(merge, CONCEPT_COLUMNS)}`,
    relinkStatement('concepts', 'content', 'concepts'),
    `INSERT OR IGNORE INTO concept_tags (concept_id, tag_id)
     SELECT c.id, tg.id FROM import_rows r JOIN json_each(r.row, '$.tags') t ${byUid('concepts', 'c', 'uid')}
     JOIN tags tg ON tg.user_id = ?2 AND tg.name_key = json_extract(t.value, '$.key')
     WHERE r.import_id = ?1 AND r.section = 'concepts'`,
    `INSERT OR IGNORE INTO concept_relations (user_id, parent_id, child_id)
     SELECT ?2, p.id, ch.id FROM import_rows r ${byUid('concepts', 'p', 'parent_uid')} ${byUid('concepts', 'ch', 'child_uid')}
     WHERE r.import_id = ?1 AND r.section = 'concept_relations' ORDER BY r.seq`,
    `INSERT INTO concept_links (user_id, uid, concept_id, target_concept_id, link_type, description, created_at)
     SELECT ?2, r.uid, c.id, t.id, ${j('link_type')}, ${j('description')}, ${j('created_at')}
     FROM import_rows r ${byUid('concepts', 'c', 'concept_uid')} ${byUid('concepts', 't', 'target_concept_uid')}
     WHERE r.import_id = ?1 AND r.section = 'concept_links' ORDER BY r.seq ON CONFLICT DO NOTHING`,
    `INSERT INTO constellations (user_id, uid, ${CONSTELLATION_COLUMNS.join(', ')})
     SELECT ?2, r.uid, ${CONSTELLATION_COLUMNS.map(j).join(', ')} ${staged('constellations')} ORDER BY r.seq ${upsert(merge, CONSTELLATION_COLUMNS)}`,
    `INSERT OR IGNORE INTO constellation_concepts (constellation_id, concept_id, added_at)
     SELECT s.id, c.id, ${j('added_at')} FROM import_rows r ${byUid('constellations', 's', 'constellation_uid')} ${byUid('concepts', 'c', 'concept_uid')}
     WHERE r.import_id = ?1 AND r.section = 'constellation_concepts' ORDER BY r.seq`,
    `INSERT INTO flashcards (user_id, uid, concept_id, ${CARD_COLUMNS.join(', ')})
     SELECT ?2, r.uid, c.id, ${CARD_COLUMNS.map(j).join(', ')} FROM import_rows r ${byUid('concepts', 'c', 'concept_uid')}
     WHERE r.import_id = ?1 AND r.section = 'flashcards' ORDER BY r.seq ${upsert(merge, ['concept_id', ...CARD_COLUMNS])}`,
    `INSERT INTO study_sessions (user_id, uid, ${SESSION_COLUMNS.join(', ')})
     SELECT ?2, r.uid, ${SESSION_COLUMNS.map(j).join(', ')} ${staged('study_sessions')} ORDER BY r.seq ${upsert(merge, SESSION_COLUMNS)}`,
    `INSERT INTO study_session_cards (session_id, flashcard_id, position, rating, answered_at)
     SELECT s.id, f.id, ${j('position')}, ${j('rating')}, ${j('answered_at')}
     FROM import_rows r ${byUid('study_sessions', 's', 'session_uid')} ${byUid('flashcards', 'f', 'flashcard_uid')}
     WHERE r.import_id = ?1 AND r.section = 'study_session_cards' ORDER BY r.seq
     ON CONFLICT (session_id, flashcard_id) DO UPDATE SET position = excluded.position, rating = excluded.rating, answered_at = excluded.answered_at`,
    // Reviews never change once written: a merge keeps the ones it already has.
    `INSERT INTO review_logs (user_id, uid, flashcard_id, session_id, ${REVIEW_COLUMNS.join(', ')}, card_before)
     SELECT ?2, ${j('uid')}, f.id, s.id, ${REVIEW_COLUMNS.map(j).join(', ')}, COALESCE(${j('card_before')}, '{}')
     FROM import_rows r ${byUid('flashcards', 'f', 'flashcard_uid')}
     LEFT JOIN study_sessions s ON s.user_id = ?2 AND s.uid = ${j('session_uid')}
     WHERE r.import_id = ?1 AND r.section = 'reviews' ORDER BY r.seq ON CONFLICT DO NOTHING`,
    // The answers staged inside their card's row (`packed_reviews`, PACKED_REVIEW_FIELDS in
    // order): their card is the row's, so nothing can name a card that is not in the file.
    `INSERT INTO review_logs (user_id, uid, flashcard_id, session_id, ${REVIEW_COLUMNS.join(', ')}, card_before)
     SELECT ?2, json_extract(v.value, '$[0]'), f.id, NULL, ${REVIEW_COLUMNS.map((_, i) => `json_extract(v.value, '$[${i + 1}]')`).join(', ')},
       COALESCE(json_extract(v.value, '$[${REVIEW_COLUMNS.length + 1}]'), '{}')
     FROM import_rows r JOIN json_each(r.row, '$.packed_reviews') v JOIN flashcards f ON f.user_id = ?2 AND f.uid = r.uid
     WHERE r.import_id = ?1 AND r.section = 'flashcards' ORDER BY r.seq, v.key ON CONFLICT DO NOTHING`,
    `INSERT INTO daily_notes (user_id, date, title, created_at, updated_at)
     SELECT ?2, ${j('date')}, ${j('title')}, ${j('created_at')}, ${j('updated_at')} ${staged('daily_notes')} ORDER BY r.seq
     ON CONFLICT (user_id, date) DO UPDATE SET title = excluded.title, created_at = excluded.created_at, updated_at = excluded.updated_at`,
    `INSERT INTO note_blocks (user_id, uid, ${BLOCK_COLUMNS.join(', ')})
     SELECT ?2, r.uid, n.id, ${BLOCK_COLUMNS.slice(1).map(j).join(', ')}
     FROM import_rows r JOIN daily_notes n ON n.user_id = ?2 AND n.date = ${j('note_date')}
     WHERE r.import_id = ?1 AND r.section = 'note_blocks' ORDER BY r.seq ${upsert(merge, BLOCK_COLUMNS)}${merge ? ', version = note_blocks.version + (note_blocks.text IS NOT excluded.text)' : ''}`,
    relinkStatement('note_blocks', 'text', 'note_blocks'),
    `INSERT OR IGNORE INTO block_mentions (user_id, block_id, concept_id)
     SELECT ?2, b.id, c.id FROM import_rows r ${byUid('note_blocks', 'b', 'block_uid')} ${byUid('concepts', 'c', 'concept_uid')}
     WHERE r.import_id = ?1 AND r.section = 'block_mentions' ORDER BY r.seq`,
    // Files are re-linked only to bytes under the person's own prefix in this deployment.
    `INSERT INTO files (user_id, key, file_name, mime_type, size, kind, created_at)
     SELECT ?2, r.uid, ${j('file_name')}, ${j('mime_type')}, ${j('size')}, ${j('kind')}, ${j('created_at')} ${staged('files')}
     AND substr(r.uid, 1, length('users/' || CAST(?2 AS INTEGER) || '/')) = 'users/' || CAST(?2 AS INTEGER) || '/'
     ORDER BY r.seq ON CONFLICT DO NOTHING`,
    // One sheet per concept: merging a sheet the account has takes the file's, one version on,
    // so a page still open on the older version is refused (409) instead of overwriting it.
    `INSERT INTO cornell_sheets (user_id, concept_id, rows, summary, version, created_at, updated_at)
     SELECT ?2, c.id, ${j('rows')}, ${j('summary')}, ${j('version')}, ${j('created_at')}, ${j('updated_at')}
     FROM import_rows r ${byUid('concepts', 'c', 'concept_uid')}
     WHERE r.import_id = ?1 AND r.section = 'cornell_sheets' ORDER BY r.seq
     ON CONFLICT (concept_id) DO UPDATE SET rows = excluded.rows, summary = excluded.summary, updated_at = excluded.updated_at,
       version = cornell_sheets.version + (cornell_sheets.rows IS NOT excluded.rows OR cornell_sheets.summary IS NOT excluded.summary)`,
    `INSERT INTO study_method_results (user_id, session_id, concept_id, method_type, ${METHOD_RESULT_COLUMNS.join(', ')})
     SELECT ?2, s.id, c.id, ${j('method_type')}, ${METHOD_RESULT_COLUMNS.map(j).join(', ')}
     FROM import_rows r ${byUid('study_sessions', 's', 'session_uid')} ${byUid('concepts', 'c', 'concept_uid')}
     WHERE r.import_id = ?1 AND r.section = 'study_method_results' ORDER BY r.seq
     ON CONFLICT (session_id, concept_id, method_type) DO UPDATE SET ${METHOD_RESULT_COLUMNS.map((c) => `${c} = excluded.${c}`).join(', ')}`,
  ];
}

/** The account part of a backup: the time zone (study days, streak) and the preferences. */
export const switchHeaderStatements = (d1: D1Database, importId: string, userId: number) => SWITCH_HEADER.map((sql) => d1.prepare(sql).bind(importId, userId));

const SWITCH_HEADER = [
  `UPDATE users SET time_zone = COALESCE(json_extract((SELECT header FROM import_jobs WHERE id = ?1), '$.account.time_zone'), time_zone)
   WHERE id = ?2`,
  `INSERT INTO user_preferences (user_id, data, updated_at)
   SELECT ?2, json_extract(header, '$.preferences'), created_at FROM import_jobs
   WHERE id = ?1 AND json_type(header, '$.preferences') = 'object'
   ON CONFLICT (user_id) DO UPDATE SET data = excluded.data, updated_at = excluded.updated_at`,
];

export const deleteImportStatement = (d1: D1Database, importId: string) =>
  d1.prepare('DELETE FROM import_rows WHERE import_id = ?1').bind(importId);
export const deleteImportJobStatement = (d1: D1Database, importId: string) =>
  d1.prepare('DELETE FROM import_jobs WHERE id = ?1').bind(importId);

/**
 * Staged concept contents and block texts that write a `[[Title]]` or hold a placeholder:
 * their place and size only, so the linking pass (services/import-wiki-links.ts) reads
 * them a bounded page at a time.
 */
/** The sections whose staged texts may hold `[[Title]]`s. */
export type LinkedSection = 'concepts' | 'note_blocks';

export const stagedTextsToLinkStatement = (d1: D1Database, importId: string) =>
  query<{ section: LinkedSection; seq: number; size: number }>(
    d1
      .prepare(
        `SELECT section, seq, length(row) AS size FROM import_rows WHERE import_id = ?1 AND section IN ('concepts', 'note_blocks')
         AND (instr(row, '[[') > 0 OR instr(row, 'pendingConceptLink') > 0) ORDER BY section, seq`,
      )
      .bind(importId),
  );

export const stagedRowsStatement = (d1: D1Database, importId: string, section: LinkedSection, seqs: number[]) =>
  query<SqlColumns<typeof importRows, 'seq' | 'row'>>(
    d1.prepare('SELECT seq, row FROM import_rows WHERE import_id = ?1 AND section = ?2 AND seq IN (SELECT value FROM json_each(?3))').bind(importId, section, JSON.stringify(seqs)),
  );

/** The staged concepts' uids and titles, in the file's order: what a link in the same import may name. */
export const stagedConceptTitlesStatement = (d1: D1Database, importId: string) =>
  query<{ uid: string } & SqlColumns<typeof concepts, 'title'>>(
    d1.prepare(`SELECT uid, json_extract(row, '$.title') AS title FROM import_rows WHERE import_id = ?1 AND section = 'concepts' ORDER BY seq`).bind(importId),
  );

/**
 * A staged row's text with its links made: the document (a concept's `content`, a block's
 * `text`), its plain text, and `link_parts` — the document's JSON cut where a link to a
 * concept of the same import needs that concept's id, which only the switch knows.
 */
export function restageLinkedStatement(d1: D1Database, importId: string, section: 'concepts' | 'note_blocks', seq: number, doc: string, plainText: string, parts: string[] | null) {
  const fields = section === 'concepts' ? `'$.content', json(?3), '$.content_text', ?4` : `'$.text', ?3, '$.plain_text', ?4`;
  return d1
    .prepare(`UPDATE import_rows SET row = json_set(row, ${fields}, '$.link_parts', json(?5)) WHERE import_id = ?1 AND section = '${section}' AND seq = ?2`)
    .bind(importId, seq, doc, plainText, JSON.stringify(parts));
}

/**
 * In the switch, once the import's concepts exist: the texts cut into `link_parts` are
 * put together again, each cut filled with the href of its concept (`"/concepts/{id}"`).
 * A result that is not valid JSON (it cannot be, short of a broken row) keeps the text as
 * staged, whose links then lead nowhere rather than the document being lost.
 */
function relinkStatement(table: 'concepts' | 'note_blocks', column: 'content' | 'text', section: SectionName): string {
  const made = `(SELECT group_concat(CASE WHEN p.key % 2 = 0 THEN p.value ELSE COALESCE('"/concepts/' || t.id || '"', 'null') END, '')
      FROM import_rows r ${BY_UID} JOIN json_each(r.row, '$.link_parts') p
      LEFT JOIN concepts t ON p.key % 2 = 1 AND t.user_id = ?2 AND t.uid = p.value
      WHERE r.import_id = ?1 AND r.section = '${section}' AND r.uid = ${table}.uid)`;
  return `UPDATE ${table} SET ${column} = CASE WHEN json_valid(${made}) THEN ${made} ELSE ${column} END
    WHERE user_id = ?2 AND uid IN (SELECT uid FROM import_rows WHERE import_id = ?1 AND section = '${section}' AND json_type(row, '$.link_parts') = 'array')`;
}

/** Starts an import job (forgetting the person's jobs left unfinished since `staleBefore`). */
export const startImportJobStatements = (d1: D1Database, importId: string, userId: number, merge: boolean, header: string, now: number, staleBefore: number) => [
  d1.prepare('DELETE FROM import_jobs WHERE user_id = ? AND created_at < ?').bind(userId, staleBefore),
  d1.prepare('INSERT INTO import_jobs (id, user_id, merge, header, created_at) VALUES (?, ?, ?, ?, ?)').bind(importId, userId, merge ? 1 : 0, header, now),
];

export const importJobStatement = (d1: D1Database, userId: number, importId: string) =>
  query<SqlColumns<typeof importJobs, 'merge'>>(d1.prepare('SELECT merge FROM import_jobs WHERE id = ? AND user_id = ?').bind(importId, userId));

/** A write that breaks a NOT NULL constraint: the tests' way to fail a switch-in half-way. */
export const failingWriteStatement = (d1: D1Database, userId: number) =>
  d1.prepare('INSERT INTO concepts (user_id, title, title_key, created_at, updated_at) VALUES (?, NULL, NULL, 0, 0)').bind(userId);
