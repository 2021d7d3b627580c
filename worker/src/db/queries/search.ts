/**
 * Global search over the FTS5 indexes of migrations 0001, 0012 and 0026. Every statement is
 * scoped to one person twice: the index is asked only for the person's rows (its `user_id`
 * column, `ownedMatch`), and each hit is joined to its row and kept only when the row's
 * `user_id` is the person's, so another person's text never reaches a page or a total.
 *
 * A page is read in rank order straight from the index, so snippets, which re-read and
 * re-tokenize the text, are made for the page's rows only. CROSS JOIN fixes the join order
 * SQLite would otherwise get wrong (walking every row of the person and probing the index
 * once per row) and keeps the index's rank order, so no sort is needed.
 */
import { ownedMatch, SNIPPET_ELLIPSIS, type SearchType } from '../../domain/search-query';
import { query, type SqlColumns } from '../rows';
import type { concepts, constellations, dailyNotes, flashcards, noteBlocks } from '../schema';

interface SearchIndex {
  fts: string;
  table: string;
  /** The indexed text columns (the owner column aside). */
  text: readonly string[];
  /** bm25 weights of the text columns: a title or name match outranks a body match (the owner column gets 0). */
  weights: string;
  /** What a result shows; `t` is the indexed row, `f` the index (for snippet()). */
  columns: string;
  joins?: string;
}

/** snippet() with the sentinel marks that snippetToHtml() turns into <mark>. */
const snippet = (fts: string, column: number, tokens: number) => `snippet(${fts}, ${column}, char(1), char(2), '${SNIPPET_ELLIPSIS}', ${tokens})`;

const INDEXES: Record<SearchType, SearchIndex> = {
  concepts: {
    fts: 'concepts_fts',
    text: ['title', 'content_text'],
    table: 'concepts',
    weights: '10.0, 1.0',
    columns: `t.id, t.title, ${snippet('concepts_fts', 0, 64)} AS title_snippet, ${snippet('concepts_fts', 1, 24)} AS snippet`,
  },
  flashcards: {
    fts: 'flashcards_fts',
    text: ['question', 'answer'],
    table: 'flashcards',
    weights: '2.0, 1.0',
    columns: `t.id, t.concept_id, t.question, ${snippet('flashcards_fts', 0, 48)} AS question_snippet,
      ${snippet('flashcards_fts', 1, 24)} AS answer_snippet, c.title AS concept_title`,
    joins: 'CROSS JOIN concepts c ON c.id = t.concept_id',
  },
  notes: {
    fts: 'note_blocks_fts',
    text: ['plain_text'],
    table: 'note_blocks',
    weights: '1.0',
    columns: `n.id, n.date, n.title, t.id AS block_id, ${snippet('note_blocks_fts', 0, 24)} AS snippet`,
    joins: 'CROSS JOIN daily_notes n ON n.id = t.note_id',
  },
  constellations: {
    fts: 'constellations_fts',
    text: ['name', 'description'],
    table: 'constellations',
    weights: '10.0, 1.0',
    columns: `t.id, t.name, t.color, t.icon, ${snippet('constellations_fts', 1, 24)} AS snippet`,
  },
};

/** Text an FTS5 snippet() makes. */
type Snippets<K extends string> = Record<K, string>;

export type ConceptHitRow = SqlColumns<typeof concepts, 'id' | 'title'> & Snippets<'title_snippet' | 'snippet'>;
export type FlashcardHitRow = SqlColumns<typeof flashcards, 'id' | 'concept_id' | 'question'> & Snippets<'question_snippet' | 'answer_snippet'> & { concept_title: ConceptHitRow['title'] };
export type NoteHitRow = SqlColumns<typeof dailyNotes, 'id' | 'date' | 'title'> & { block_id: SqlColumns<typeof noteBlocks, 'id'>['id'] } & Snippets<'snippet'>;
export type ConstellationHitRow = SqlColumns<typeof constellations, 'id' | 'name' | 'color' | 'icon'> & Snippets<'snippet'>;
export interface HitRows {
  concepts: ConceptHitRow;
  flashcards: FlashcardHitRow;
  notes: NoteHitRow;
  constellations: ConstellationHitRow;
}

/**
 * One page of a person's hits of one kind, best first. `match` is an FTS5 expression from
 * buildMatchQuery(). The index sorts its own hits by rank (bm25 with the kind's weights,
 * set through `rank MATCH`), so SQLite walks them best first and stops at the page's end:
 * only the page's rows are joined past the person check and get a snippet, from the same
 * cursor (no second MATCH per row).
 */
export function searchPage<T extends SearchType>(d1: D1Database, type: T, userId: number, match: string, skip: number, limit: number) {
  const { fts, table, text, weights, columns, joins = '' } = INDEXES[type];
  return query<HitRows[T]>(
    d1.prepare(
      `SELECT ${columns}
       FROM ${fts} f CROSS JOIN ${table} t ON t.id = f.rowid ${joins}
       WHERE ${fts} MATCH ?1 AND f.rank MATCH 'bm25(${weights}, 0.0)' AND t.user_id = ?2
       ORDER BY f.rank LIMIT ?3 OFFSET ?4`,
    ).bind(ownedMatch(userId, match, text), userId, limit, skip),
  );
}

/** How many of a person's rows of one kind match (no ranking, no snippets: the cheapest walk of the hits). */
export function searchTotal(d1: D1Database, type: SearchType, userId: number, match: string) {
  const { fts, table, text } = INDEXES[type];
  return query<{ total: number }>(
    d1.prepare(`SELECT count(*) AS total FROM ${fts} f CROSS JOIN ${table} t ON t.id = f.rowid WHERE ${fts} MATCH ?1 AND t.user_id = ?2`).bind(ownedMatch(userId, match, text), userId),
  );
}

/**
 * The quick switcher's concepts: titles holding every typed word anywhere (at a word's start
 * or inside it), read from the covering titles index. `words` and `phrase` are folded like
 * title keys; the title equal to the phrase comes first, then titles starting with it.
 */
export function quickConcepts(d1: D1Database, userId: number, phrase: string, words: string[], limit: number) {
  return query<SqlColumns<typeof concepts, 'id' | 'title'>>(
    d1.prepare(
      `SELECT id, title FROM concepts
       WHERE user_id = ?1 AND NOT EXISTS (SELECT 1 FROM json_each(?3) w WHERE instr(title_key, w.value) = 0)
       ORDER BY CASE WHEN title_key = ?2 THEN 0 WHEN substr(title_key, 1, length(?2)) = ?2 THEN 1 ELSE 2 END, title_key, id
       LIMIT ?4`,
    ).bind(userId, phrase, JSON.stringify(words), limit),
  );
}

/**
 * The quick switcher's notes: the person's latest daily notes, or, once something is typed,
 * those whose date holds it or which have a title (titles are folded and matched by the
 * caller, accents ignored), newest first, as one JSON list [[id, date, title], …].
 */
export function quickNotes(d1: D1Database, userId: number, text: string, limit: number) {
  return query<{ list: string }>(
    d1.prepare(
      `SELECT json_group_array(json_array(id, date, title)) AS list FROM (
         SELECT id, date, title FROM daily_notes
         WHERE user_id = ?1 AND (?2 = '' OR instr(date, ?2) > 0 OR title IS NOT NULL)
         ORDER BY date DESC LIMIT CASE WHEN ?2 = '' THEN ?3 ELSE -1 END)`,
    ).bind(userId, text, limit),
  );
}

/** The person's concepts (not `conceptId`) whose title key is one of `keys`. */
export function conceptsTitled(d1: D1Database, userId: number, conceptId: number, keys: string[]) {
  return query<SqlColumns<typeof concepts, 'id' | 'title'>>(
    d1.prepare('SELECT id, title FROM concepts WHERE user_id = ?1 AND id <> ?2 AND title_key IN (SELECT value FROM json_each(?3))').bind(userId, conceptId, JSON.stringify(keys)),
  );
}

