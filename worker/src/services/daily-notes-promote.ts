/**
 * Promoting a block to a concept (spec §2.1, §3): the new concept gets the block's content
 * (or the content the client sent), the tags typed in the dialog; the block then holds a
 * link to the concept instead — nothing written is lost, it moved into the concept.
 */
import { contentToDoc } from '../domain/richtext';
import { parseTagInput } from '../domain/tags';
import { conceptLinkMark } from '../domain/wiki-links';
import { loadConcept } from './concept-detail';
import { requireOwnBlock, saveBlockText } from './daily-notes';
import { saveConcept } from './save-concept';

export interface PromoteRequest {
  title: string;
  tags: string;
  concept_content_json?: unknown;
}

export function blockLinkingTo(concept: { id: number; title: string }) {
  return JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: concept.title, marks: [conceptLinkMark(concept)] }] }] });
}

export async function promoteBlock(d1: D1Database, userId: number, blockId: number, request: PromoteRequest, now: number) {
  const block = await requireOwnBlock(d1, userId, blockId);
  const content = request.concept_content_json ?? block.text;
  const doc = contentToDoc(content);
  const conceptId = await saveConcept({ d1, userId, body: { title: request.title, content: doc, tag_names: parseTagInput(request.tags) } }, now);
  const concept = await loadConcept(d1, userId, conceptId);
  const updated = await saveBlockText(d1, userId, blockId, blockLinkingTo({ id: conceptId, title: request.title }), now);
  return { concept, block: updated };
}
