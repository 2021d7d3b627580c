/**
 * Text written from outside the editor — a REST block or concept, a note file, an import,
 * 'Lier automatiquement tous les blocs' re-saving a note — gets its `[[Title]]`s made into
 * the links the editor makes when a person types them (domain/wiki-links.ts), before it is
 * stored. One query finds the concepts of every name in a write. The live rooms' own saves
 * do not come here: what a person types was already linked by the editor.
 */
import { selectConceptsNamed } from '../db/queries/daily-notes';
import { allRows } from '../db/rows';
import { blockDoc } from '../domain/daily-blocks';
import { blockToPlainText, plainTextToDoc, type RichDoc } from '../domain/richtext';
import { extractWikiLinks, linkWikiTitles, titleKey, wikiLinkNames, type LinkableConcept } from '../domain/wiki-links';

export async function conceptsNamed(d1: D1Database, userId: number, names: string[]): Promise<LinkableConcept[]> {
  const titleKeys = [...new Set(names.map(titleKey))].filter(Boolean);
  if (!titleKeys.length) return [];
  return allRows(selectConceptsNamed(d1, userId, { titleKeys, ids: [] }));
}

/** The documents with their `[[Title]]`s and placeholders linked; a document with none is answered as given. */
async function withWikiLinks(d1: D1Database, userId: number, docs: RichDoc[]): Promise<RichDoc[]> {
  const names = docs.flatMap(wikiLinkNames);
  if (!names.length) return docs;
  const concepts = await conceptsNamed(d1, userId, names);
  return docs.map((doc) => linkWikiTitles(doc, concepts));
}

/** One document, likewise. */
export async function withWikiLinksIn(d1: D1Database, userId: number, doc: RichDoc): Promise<RichDoc> {
  return (await withWikiLinks(d1, userId, [doc]))[0]!;
}

/**
 * The document links are made in for a block's text: a JSON document stays one; HTML or
 * text that writes a `[[Title]]` becomes the document of its plain text, as a live note
 * shows it (the form a typed link is stored in); null for a text with nothing to link.
 */
export function linkableBlockDoc(text: string): RichDoc | null {
  return blockDoc(text) ?? (extractWikiLinks(text).length ? plainTextToDoc(blockToPlainText(text)) : null);
}

/** Block texts likewise (linkableBlockDoc). A text with nothing to link is kept exactly as written. */
export async function blockTextsWithWikiLinks(d1: D1Database, userId: number, texts: string[]): Promise<string[]> {
  const docs = texts.map(linkableBlockDoc);
  const linked = await withWikiLinks(d1, userId, docs.filter((doc): doc is RichDoc => doc !== null));
  let next = 0;
  return texts.map((text, i) => {
    const doc = docs[i];
    if (!doc) return text;
    const made = linked[next++]!;
    return made === doc ? text : JSON.stringify(made);
  });
}
