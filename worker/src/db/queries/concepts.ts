/**
 * Reads of one concept (the concept page, its preview card, ownership) and of concept
 * titles (the study picker's full list and the pickers' title search). Every statement is
 * scoped by the person's id; services decide what a missing row means.
 */
import { allRows, query, type SqlColumns } from '../rows';
import { abortUnless } from './guard';
import type { concepts, tags } from '../schema';
import type { ConstellationRefRow } from './constellations';

/** What a concept list shows of a concept (its text cut to the summary's length). */
export type ConceptSummaryRow = SqlColumns<typeof concepts, 'id' | 'title' | 'content_text' | 'mastery_level' | 'created_at' | 'updated_at'>;

/** A concept as the concept page reads it. */
export type ConceptRow = ConceptSummaryRow &
  SqlColumns<typeof concepts, 'content' | 'notes' | 'source' | 'source_url' | 'category' | 'next_review_at' | 'content_version'>;

export type ConceptTitle = SqlColumns<typeof concepts, 'id' | 'title'>;

/** What the preview card reads: the content only when there is no text to excerpt. */
export type ConceptPreviewRow = SqlColumns<typeof concepts, 'id' | 'title' | 'content_text' | 'content'>;

/** A tag as a concept shows it. */
export type TagRefRow = SqlColumns<typeof tags, 'id' | 'name'>;

const CONCEPT_COLUMNS =
  'id, title, content, content_text, notes, source, source_url, category, mastery_level, next_review_at, content_version, created_at, updated_at';

/** The concept's id when it is the person's. */
export const ownConcept = (d1: D1Database, userId: number, id: number) =>
  query<SqlColumns<typeof concepts, 'id'>>(d1.prepare('SELECT id FROM concepts WHERE id = ? AND user_id = ?').bind(id, userId));

/** The id of the person's concept made with that client id (its `uid`), if any. */
export const conceptIdByUid = (d1: D1Database, userId: number, uid: string) =>
  query<SqlColumns<typeof concepts, 'id'>>(d1.prepare('SELECT id FROM concepts WHERE user_id = ? AND uid = ?').bind(userId, uid));

/** The ids among `ids` that are the person's concepts. */
export const ownConceptIds = (d1: D1Database, userId: number, ids: readonly number[]) =>
  query<SqlColumns<typeof concepts, 'id'>>(d1.prepare('SELECT id FROM concepts WHERE user_id = ? AND id IN (SELECT value FROM json_each(?))').bind(userId, JSON.stringify(ids)));

/** What a concept says (title, content, plain text), when it is the person's. */
export const conceptText = (d1: D1Database, userId: number, id: number) =>
  query<SqlColumns<typeof concepts, 'title' | 'content' | 'content_text'>>(d1.prepare('SELECT title, content, content_text FROM concepts WHERE id = ? AND user_id = ?').bind(id, userId));

/** The concept's id and title when it is the person's. */
export const conceptTitleById = (d1: D1Database, userId: number, id: number) =>
  query<ConceptTitle>(d1.prepare('SELECT id, title FROM concepts WHERE id = ? AND user_id = ?').bind(id, userId));

export const conceptById = (d1: D1Database, userId: number, id: number) =>
  query<ConceptRow>(d1.prepare(`SELECT ${CONCEPT_COLUMNS} FROM concepts WHERE id = ? AND user_id = ?`).bind(id, userId));

export const conceptPreview = (d1: D1Database, userId: number, id: number) =>
  query<ConceptPreviewRow>(
    d1.prepare("SELECT id, title, content_text, CASE WHEN content_text = '' THEN content END AS content FROM concepts WHERE id = ? AND user_id = ?").bind(id, userId),
  );

/** The concept's tags by name (the concept already checked as the person's). */
export const tagsOfConcept = (d1: D1Database, conceptId: number) =>
  query<TagRefRow>(d1.prepare('SELECT t.id, t.name FROM concept_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.concept_id = ? ORDER BY t.name_key').bind(conceptId));

export const constellationsOfConcept = (d1: D1Database, conceptId: number) =>
  query<ConstellationRefRow>(
    d1
      .prepare(
        `SELECT k.id, k.name, k.color, k.icon FROM constellation_concepts cc JOIN constellations k ON k.id = cc.constellation_id
         WHERE cc.concept_id = ? ORDER BY k.name, k.id`,
      )
      .bind(conceptId),
  );

/** The concepts to understand before this one. */
export const parentsOf = (d1: D1Database, conceptId: number) =>
  query<ConceptTitle>(d1.prepare('SELECT c.id, c.title FROM concept_relations r JOIN concepts c ON c.id = r.parent_id WHERE r.child_id = ? ORDER BY c.title_key, c.id').bind(conceptId));

export const childrenOf = (d1: D1Database, conceptId: number) =>
  query<ConceptTitle>(d1.prepare('SELECT c.id, c.title FROM concept_relations r JOIN concepts c ON c.id = r.child_id WHERE r.parent_id = ? ORDER BY c.title_key, c.id').bind(conceptId));

/** The person's other concepts that link to this one. */
export const backlinksOf = (d1: D1Database, userId: number, conceptId: number) =>
  query<ConceptTitle>(
    d1
      .prepare(
        // CROSS JOIN keeps SQLite starting from the links to this concept (few), not from the person's concepts (many).
        `SELECT DISTINCT c.id, c.title, c.title_key FROM concept_links l CROSS JOIN concepts c ON c.id = l.concept_id
         WHERE l.target_concept_id = ? AND c.user_id = ? AND c.id <> l.target_concept_id ORDER BY c.title_key, c.id`,
      )
      .bind(conceptId, userId),
  );

/** The ids of the concepts this one links to. */
export const linkedConceptIds = (d1: D1Database, userId: number, conceptId: number) =>
  query<{ id: number }>(d1.prepare('SELECT DISTINCT target_concept_id AS id FROM concept_links WHERE concept_id = ? AND user_id = ? ORDER BY target_concept_id').bind(conceptId, userId));

/** Every title of the person, in title order (accent- and case-folded key, then as written). */
export const conceptTitles = (d1: D1Database, userId: number) =>
  allRows(query<ConceptTitle>(d1.prepare('SELECT id, title FROM concepts WHERE user_id = ? ORDER BY title_key, title, id').bind(userId)));

/** Titles containing `key` (a folded title key): the exact title first, then titles starting with it, then the rest. */
export const titlesMatching = (d1: D1Database, userId: number, key: string, limit: number) =>
  allRows(
    query<ConceptTitle>(
      d1
        .prepare(
          `SELECT id, title FROM concepts WHERE user_id = ?1 AND instr(title_key, ?2) > 0
           ORDER BY CASE WHEN title_key = ?2 THEN 0 WHEN substr(title_key, 1, length(?2)) = ?2 THEN 1 ELSE 2 END, title_key, id LIMIT ?3`,
        )
        .bind(userId, key, limit),
    ),
  );

/**
 * Deletes a concept and everything that hangs on it, as one batch. The schema's foreign
 * keys cascade too, but the deletes are spelled out so that the behaviour does not depend
 * on foreign-key enforcement and a reader sees what goes. The batch is judged once: of
 * parallel deletes, only the first finds the concept; the others roll back (a guard failure).
 */
export function deleteConcept(d1: D1Database, userId: number, conceptId: number): D1PreparedStatement[] {
  const cards = 'SELECT id FROM flashcards WHERE concept_id = ?1';
  const statements = [
    `DELETE FROM review_logs WHERE flashcard_id IN (${cards})`,
    `DELETE FROM study_session_cards WHERE flashcard_id IN (${cards})`,
    'DELETE FROM flashcards WHERE concept_id = ?1',
    'DELETE FROM concept_links WHERE concept_id = ?1 OR target_concept_id = ?1',
    'DELETE FROM concept_tags WHERE concept_id = ?1',
    'DELETE FROM constellation_concepts WHERE concept_id = ?1',
    'DELETE FROM concept_relations WHERE parent_id = ?1 OR child_id = ?1',
    'DELETE FROM block_mentions WHERE concept_id = ?1',
    'DELETE FROM concept_docs WHERE concept_id = ?1',
  ];
  return [
    abortUnless(d1, 'EXISTS (SELECT 1 FROM concepts WHERE id = ? AND user_id = ?)', conceptId, userId),
    ...statements.map((sql) => d1.prepare(sql).bind(conceptId)),
    d1.prepare('DELETE FROM concept_content_versions WHERE concept_id = ?').bind(conceptId),
    d1.prepare('DELETE FROM concepts WHERE id = ? AND user_id = ?').bind(conceptId, userId),
  ];
}
