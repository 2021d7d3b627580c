/**
 * Concepts as they leave the server: the list summary and the full concept of the API
 * contract. Content is stored as a document's JSON and leaves as the document object.
 */
import { isRichDoc, type RichDoc } from '../domain/richtext';
import { conceptExcerpt, SUMMARY_TEXT_LENGTH } from '../domain/excerpt';
import type { ConstellationRefRow } from '../db/queries/constellations';
import { presentConstellationRef } from './constellation';
import type { ConceptPreviewRow, ConceptRow, ConceptSummaryRow, ConceptTitle, TagRefRow } from '../db/queries/concepts';
import { presentTagRef } from './tag';

export interface ConceptRelations {
  tags: TagRefRow[];
  constellations: ConstellationRefRow[];
  parents: ConceptTitle[];
  children: ConceptTitle[];
  backlinks: ConceptTitle[];
  linkedConceptIds: number[];
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Stored content is a document's JSON; anything else (legacy text) leaves as the string. */
export function storedContent(text: string | null): RichDoc | string | null {
  if (text === null) return null;
  const parsed = text.startsWith('{') ? parseJson(text) : null;
  return isRichDoc(parsed) ? parsed : text;
}

export function presentConceptSummary(row: ConceptSummaryRow, tags: TagRefRow[], constellations: ConstellationRefRow[]) {
  return {
    id: row.id,
    title: row.title,
    content_text: Array.from(row.content_text).slice(0, SUMMARY_TEXT_LENGTH).join(''),
    tags: tags.map(presentTagRef),
    constellations: constellations.map(presentConstellationRef),
    mastery_level: row.mastery_level,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function presentConcept(row: ConceptRow, rel: ConceptRelations) {
  return {
    id: row.id,
    title: row.title,
    content: storedContent(row.content),
    /** Sent back with a content write (or as If-Match), so it merges into what changed since. */
    content_version: row.content_version,
    content_text: row.content_text,
    notes: storedContent(row.notes),
    source: row.source,
    source_url: row.source_url,
    category: row.category,
    mastery_level: row.mastery_level,
    next_review_at: iso(row.next_review_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    tags: rel.tags.map(presentTagRef),
    constellations: rel.constellations.map(presentConstellationRef),
    parents: rel.parents,
    children: rel.children,
    backlinks: rel.backlinks,
    linked_concept_ids: rel.linkedConceptIds,
  };
}

/** A hierarchy tile or preview: id, title and the excerpt. */
export function presentConceptPreview(row: ConceptPreviewRow) {
  return { id: row.id, title: row.title, excerpt: conceptExcerpt({ content_text: row.content_text, content: storedContent(row.content) }) };
}
