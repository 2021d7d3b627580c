/**
 * Wiki links: `[[Title]]` in a concept's text points to the concept of that title
 * (matched case-insensitively). These links feed backlinks and the graphs.
 */

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

/** The case-folded form of a title, as stored in `concepts.title_key`. */
export function titleKey(title: string): string {
  return title.trim().toLowerCase();
}
