/**
 * The import's writes: the new concept with its `related_to` links to the selected
 * existing concepts in one D1 batch (all or nothing), and the spec's separate batch of
 * links. Ids that are not the person's concepts refuse the whole write with 422.
 */
import { importedDoc } from '../domain/import-content';
import { parseTagInput } from '../domain/tags';
import { foreignConceptIds, insertRelatedLink, relatedLinks } from '../db/queries/import';
import { ApiError } from '../lib/errors';
import type { BatchLinkItem, ImportConceptBody } from '../domain/write-payloads';
import { saveConcept } from './save-concept';

function refuseForeign(ids: number[]): void {
  if (ids.length) throw new ApiError(422, 'unknown_concept', `Concept introuvable : ${ids.join(', ')}.`);
}

export interface ImportConceptProps {
  d1: D1Database;
  userId: number;
  body: ImportConceptBody;
}

/** Creates the imported concept and its links; returns its id. */
export async function createImportedConcept({ d1, userId, body }: ImportConceptProps, now: number): Promise<number> {
  const related = [...new Set(body.related_concept_ids)];
  refuseForeign(await foreignConceptIds(d1, userId, related));
  const doc = importedDoc(body.content, body.format);
  return saveConcept(
    {
      d1,
      userId,
      body: {
        title: body.title,
        content: doc.content.length ? doc : null,
        category: body.category,
        tag_names: parseTagInput(body.tags),
        source: body.source,
        source_url: body.source_url,
      },
      alsoWrite: (cid) => related.map((targetId) => insertRelatedLink(d1, userId, { source: cid, targetId, description: null }, now)),
    },
    now,
  );
}

export interface BatchLinksProps {
  d1: D1Database;
  userId: number;
  links: BatchLinkItem[];
}

/** Writes every link or none; returns them as stored (an existing link is returned as it was). */
export async function createRelatedLinks({ d1, userId, links }: BatchLinksProps, now: number) {
  refuseForeign(await foreignConceptIds(d1, userId, links.flatMap((l) => [l.concept_id, l.target_concept_id])));
  await d1.batch(
    links.map((l) => insertRelatedLink(d1, userId, { source: String(l.concept_id), targetId: l.target_concept_id, description: l.description ?? null }, now)),
  );
  return relatedLinks(d1, userId, links.map((l) => [l.concept_id, l.target_concept_id]));
}
