/** The knowledge-base shapes of the API contract (snake_case JSON, ISO dates). */
import type { JSONContent } from '@tiptap/react';

export interface TagRef {
  id: number;
  name: string;
}

export interface ConstellationRef {
  id: number;
  name: string;
  color: string;
  icon: string | null;
}

export interface ConceptRef {
  id: number;
  title: string;
}

export interface ConceptSummary {
  id: number;
  title: string;
  content_text: string | null;
  tags: TagRef[];
  constellations: ConstellationRef[];
  mastery_level: number | null;
  created_at: string;
  updated_at: string;
}

export interface Concept extends ConceptSummary {
  /** A document; legacy or imported concepts may hold a plain string. */
  content: JSONContent | string | null;
  /** The version of `content` this read saw: sent back with a content write. */
  content_version: number;
  notes: JSONContent | string | null;
  source: 'MANUAL' | 'WEB';
  source_url: string | null;
  category: string | null;
  next_review_at: string | null;
  parents: ConceptRef[];
  children: ConceptRef[];
  backlinks: ConceptRef[];
  linked_concept_ids: number[];
}

export interface ConceptPage {
  concepts: ConceptSummary[];
  total_items: number;
}

export interface ConceptPreview {
  id: number;
  title: string;
  excerpt: string;
}

export interface Tag {
  id: number;
  name: string;
  count: number;
}

export interface Constellation {
  id: number;
  name: string;
  description: string | null;
  color: string;
  icon: string | null;
  conceptCount: number;
  created_at: string;
  updated_at: string;
}

export interface NoteMention {
  note_date: string;
  block_id: number | string;
  block_text: string;
}

export interface ConceptWrite {
  title: string;
  content: JSONContent | string | null;
  notes: JSONContent | string | null;
  tag_names: string[];
  parent_ids: number[];
  child_ids: number[];
  constellation_ids: number[];
  source?: 'MANUAL' | 'WEB';
  source_url?: string | null;
  /** With `content` on update: the content_version the content was read at. */
  content_version?: number;
}

export type SortField = 'title' | 'created_at' | 'updated_at' | 'mastery_level';
export type SortOrder = 'asc' | 'desc';

export const SORT_LABELS: Record<SortField, string> = {
  updated_at: 'Date de modification',
  created_at: 'Date de création',
  title: 'Titre',
  mastery_level: 'Maîtrise',
};
