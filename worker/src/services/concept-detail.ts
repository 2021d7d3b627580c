/**
 * Reading one concept with everything the concept page shows, in one round trip:
 * tags, constellations, parents, children, backlinks and outgoing links.
 */
import { notFound } from '../lib/errors';
import { presentConcept, type ConceptRef, type ConceptRow } from '../presenters/concept';
import type { ConstellationRefRow } from '../presenters/constellation';
import type { TagRow } from '../presenters/tag';

const CONCEPT_COLUMNS =
  'id, title, content, content_text, notes, source, source_url, category, mastery_level, next_review_at, content_version, created_at, updated_at';

/** The concept's id if it belongs to the user; 404 otherwise (another person's id looks like a missing one). */
export async function requireOwnConcept(d1: D1Database, userId: number, id: number): Promise<number> {
  const row = await d1.prepare('SELECT id FROM concepts WHERE id = ? AND user_id = ?').bind(id, userId).first<{ id: number }>();
  if (!row) throw notFound('Concept');
  return row.id;
}

export async function loadConcept(d1: D1Database, userId: number, id: number) {
  const [concept, tags, constellations, parents, children, backlinks, outgoing] = await d1.batch([
    d1.prepare(`SELECT ${CONCEPT_COLUMNS} FROM concepts WHERE id = ? AND user_id = ?`).bind(id, userId),
    d1.prepare('SELECT t.id, t.name FROM concept_tags ct JOIN tags t ON t.id = ct.tag_id WHERE ct.concept_id = ? ORDER BY t.name_key').bind(id),
    d1
      .prepare(
        `SELECT k.id, k.name, k.color, k.icon FROM constellation_concepts cc JOIN constellations k ON k.id = cc.constellation_id
         WHERE cc.concept_id = ? ORDER BY k.name, k.id`,
      )
      .bind(id),
    d1.prepare('SELECT c.id, c.title FROM concept_relations r JOIN concepts c ON c.id = r.parent_id WHERE r.child_id = ? ORDER BY c.title_key, c.id').bind(id),
    d1.prepare('SELECT c.id, c.title FROM concept_relations r JOIN concepts c ON c.id = r.child_id WHERE r.parent_id = ? ORDER BY c.title_key, c.id').bind(id),
    d1
      .prepare(
        // CROSS JOIN keeps SQLite starting from the links to this concept (few), not from the person's concepts (many).
        `SELECT DISTINCT c.id, c.title, c.title_key FROM concept_links l CROSS JOIN concepts c ON c.id = l.concept_id
         WHERE l.target_concept_id = ? AND c.user_id = ? AND c.id <> l.target_concept_id ORDER BY c.title_key, c.id`,
      )
      .bind(id, userId),
    d1.prepare('SELECT DISTINCT target_concept_id AS id FROM concept_links WHERE concept_id = ? AND user_id = ? ORDER BY target_concept_id').bind(id, userId),
  ]);
  const row = concept!.results[0] as ConceptRow | undefined;
  if (!row) throw notFound('Concept');
  const refs = (result: D1Result | undefined) => (result!.results as ConceptRef[]).map((r) => ({ id: r.id, title: r.title }));
  return presentConcept(row, {
    tags: tags!.results as TagRow[],
    constellations: constellations!.results as ConstellationRefRow[],
    parents: refs(parents),
    children: refs(children),
    backlinks: refs(backlinks),
    linkedConceptIds: (outgoing!.results as { id: number }[]).map((r) => r.id),
  });
}

/** The preview card: id, title, excerpt. */
export async function loadPreviewRow(d1: D1Database, userId: number, id: number) {
  const row = await d1
    .prepare('SELECT id, title, content_text, CASE WHEN content_text = \'\' THEN content END AS content FROM concepts WHERE id = ? AND user_id = ?')
    .bind(id, userId)
    .first<{ id: number; title: string; content_text: string; content: string | null }>();
  if (!row) throw notFound('Concept');
  return row;
}
