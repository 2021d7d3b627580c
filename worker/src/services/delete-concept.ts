/**
 * Deleting a concept and everything that hangs on it in one atomic batch. The schema's
 * foreign keys cascade too, but the deletes are spelled out so that the behaviour does not
 * depend on foreign-key enforcement and a reader sees what goes.
 */
import { abortUnless, isGuardFailure } from '../db/queries/guard';
import { notFound } from '../lib/errors';

export async function deleteConcept(d1: D1Database, userId: number, conceptId: number): Promise<void> {
  const owned = await d1.prepare('SELECT id FROM concepts WHERE id = ? AND user_id = ?').bind(conceptId, userId).first();
  if (!owned) throw notFound('Concept');
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
  try {
    await d1.batch([
      // Judged once: of parallel deletes, only the first finds the concept; the others roll back and answer 404.
      abortUnless(d1, 'EXISTS (SELECT 1 FROM concepts WHERE id = ? AND user_id = ?)', conceptId, userId),
      ...statements.map((sql) => d1.prepare(sql).bind(conceptId)),
      d1.prepare('DELETE FROM concept_content_versions WHERE concept_id = ?').bind(conceptId),
      d1.prepare('DELETE FROM concepts WHERE id = ? AND user_id = ?').bind(conceptId, userId),
    ]);
  } catch (err) {
    if (isGuardFailure(err)) throw notFound('Concept');
    throw err;
  }
}
