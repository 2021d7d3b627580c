/**
 * The import's analysis step: reading a web page into a document, and finding in a piece
 * of content the person's existing concepts (title matcher) and candidate new ones.
 */
import { suggestConcepts } from '../domain/concept-suggestions';
import { importedDoc } from '../domain/import-content';
import type { ContentFormat } from '../domain/import-rules';
import { docToPlainText, type RichDoc } from '../domain/richtext';
import { foundTitleIds } from '../domain/title-matcher';
import { ApiError } from '../lib/errors';
import { extractArticle, PageMeter } from './import-article';
import { fetchPage, type FetchPageOptions } from './fetch-page';
import { personTitles } from './title-index-cache';

/** What a created concept can hold in one request (the API's JSON body limit is 1 MB). */
const ARTICLE_MAX_BYTES = 950_000;

export interface ExtractContentProps {
  url: string;
  fetch: FetchPageOptions;
}

export async function extractContent({ url, fetch }: ExtractContentProps) {
  // The page is measured while it streams in: a hostile one is refused at its first piece past a cap.
  const meter = new PageMeter();
  const page = await fetchPage(url, { ...fetch, inspect: (piece) => meter.write(piece) });
  const article = extractArticle(page.html, page.url, meter.end());
  if (new TextEncoder().encode(JSON.stringify(article.doc)).byteLength > ARTICLE_MAX_BYTES) {
    throw new ApiError(422, 'article_too_large', "L'article est trop long pour être importé en un seul concept.");
  }
  return { title: article.title, content: article.doc, url: page.url };
}

export interface ExtractConceptsProps {
  d1: D1Database;
  userId: number;
  content: string | RichDoc;
  format: ContentFormat;
}

export async function extractConcepts({ d1, userId, content, format }: ExtractConceptsProps) {
  const doc = importedDoc(content, format);
  const text = docToPlainText(doc);
  const titles = await personTitles(d1, userId);
  const found = foundTitleIds(titles.index, text).map((id) => titles.byId.get(id)!);
  return {
    found_concepts: found.map((c) => ({ id: c.id, title: c.title, category: c.category })),
    suggested_concepts: suggestConcepts(doc, text, (key) => titles.index.keys.has(key)).map((title) => ({ title })),
  };
}
