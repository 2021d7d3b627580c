/**
 * Search results as they leave the server (spec document 3 §3 search response). Snippets
 * leave as HTML that is safe to insert: the stored text escaped, matched words in <mark>.
 */
import { snippetToHtml } from '../domain/search-query';
import type { ConceptHitRow, ConstellationHitRow, FlashcardHitRow, NoteHitRow } from '../db/queries/search';

/** `title_snippet` is the title as safe HTML with its matched words in <mark>. */
export const presentConceptHit = (r: ConceptHitRow) => ({ id: r.id, title: r.title, title_snippet: snippetToHtml(r.title_snippet ?? ''), snippet: snippetToHtml(r.snippet) });

export const presentFlashcardHit = (r: FlashcardHitRow) => ({
  id: r.id,
  concept_id: r.concept_id,
  question: r.question,
  question_snippet: snippetToHtml(r.question_snippet),
  answer_snippet: snippetToHtml(r.answer_snippet),
  concept_title: r.concept_title,
});

/** A note hit is one block: `id` and `date` are its note's, `block_id` lands the link on it. */
export const presentNoteHit = (r: NoteHitRow) => ({ id: r.id, date: r.date, title: r.title, block_id: r.block_id, snippet: snippetToHtml(r.snippet) });

export const presentConstellationHit = (r: ConstellationHitRow) => ({
  id: r.id,
  name: r.name,
  color: r.color,
  icon: r.icon,
  snippet: snippetToHtml(r.snippet ?? ''),
});
