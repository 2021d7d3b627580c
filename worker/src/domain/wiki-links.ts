/**
 * Wiki links: `[[Title]]` in a concept's text points to the concept of that title
 * (matched regardless of case and accents). These links feed backlinks and the graphs.
 */
import { linkedConceptIds, linkedConceptTitles, type RichNode } from './richtext';
import { titleKey } from './title-matcher';

export { titleKey };

const WIKI_LINK = /\[\[([^[\]\n]+?)\]\]/g;

/** Titles written inside `[[...]]`, trimmed, blanks dropped, deduplicated case-insensitively (first spelling kept). */
export function extractWikiLinks(text: string): string[] {
  const seen = new Set<string>();
  const titles: string[] = [];
  for (const match of text.matchAll(WIKI_LINK)) {
    const title = match[1]!.trim();
    const key = titleKey(title);
    if (!title || seen.has(key)) continue;
    seen.add(key);
    titles.push(title);
  }
  return titles;
}

/**
 * What a concept's content links to: the case-folded titles written as `[[Title]]` in its
 * plain text or carried by concept-link marks, and the ids of concept-link marks' hrefs.
 */
export function wikiLinkTargets(doc: RichNode | null, text: string): { titleKeys: string[]; ids: number[] } {
  const titles = [...extractWikiLinks(text), ...linkedConceptTitles(doc)];
  return { titleKeys: [...new Set(titles.map(titleKey))].sort(), ids: linkedConceptIds(doc).sort((a, b) => a - b) };
}
