import type { SessionConceptRow, StudyMethodResultRow } from '../db/queries/study-method-results';
import type { MethodDetails } from '../services/study-method-results';

import { storedContent } from './concept';

const iso = (ms: number) => new Date(ms).toISOString();

/** A method step's result: what the person wrote, what it earned, when. */
export function presentMethodResult(row: StudyMethodResultRow) {
  return {
    id: row.id,
    session_id: row.session_id,
    concept_id: row.concept_id,
    concept_title: row.concept_title,
    method_type: row.method_type,
    recall_score: row.recall_score,
    details: JSON.parse(row.details) as MethodDetails,
    cards_created: row.cards_created,
    duration_ms: row.duration_ms,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** A concept of a method session, with its content (a ProseMirror document, or null). */
export const presentSessionConcept = (row: SessionConceptRow) => ({
  id: row.id,
  title: row.title,
  content: storedContent(row.content),
});
