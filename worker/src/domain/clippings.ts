/**
 * Highlights from an e-reader's clippings file ('My Clippings.txt': entries apart by a line
 * of '=', each a source line, a metadata line starting with '- ', a blank line and the
 * text) or from a Markdown bullet list (a heading names the source of the bullets below).
 * Bookmarks and empty entries are skipped. Pure: the caller decodes the bytes.
 */
export interface Highlight {
  source: string;
  text: string;
}

const ENTRY_SEPARATOR = /^={5,}\s*$/m;
const BOOKMARK = /bookmark|signet|lesezeichen|marcador|segnalibro/i;

export function parseClippings(text: string): Highlight[] {
  const out: Highlight[] = [];
  for (const entry of text.replace(/^\uFEFF/, '').split(ENTRY_SEPARATOR)) {
    const lines = entry.replace(/\r/g, '').split('\n');
    while (lines.length && !lines[0]!.trim()) lines.shift();
    const [source, meta, ...rest] = lines;
    if (!source || !meta?.trim().startsWith('- ') || BOOKMARK.test(meta)) continue;
    const body = rest.join('\n').trim();
    if (body) out.push({ source: source.trim().replace(/^\uFEFF/, ''), text: body });
  }
  return out;
}

export function parseHighlightList(text: string): Highlight[] {
  const out: Highlight[] = [];
  let source = '';
  for (const line of text.replace(/^\uFEFF/, '').replace(/\r/g, '').split('\n')) {
    const heading = /^#{1,6}\s+(.+)$/.exec(line);
    if (heading) source = heading[1]!.trim();
    const bullet = /^\s*[-*+]\s+(.+)$/.exec(line);
    if (bullet) out.push({ source, text: bullet[1]!.trim() });
  }
  return out;
}

/** A clippings file when it has clipping separators, else a bullet list. */
export function parseHighlights(text: string): Highlight[] {
  return ENTRY_SEPARATOR.test(text) ? parseClippings(text) : parseHighlightList(text);
}

/** The editor document of a highlight's block: the quote, then its source. */
export function highlightDoc(h: Highlight) {
  const quote = { type: 'blockquote', content: h.text.split('\n').filter((l) => l.trim()).map((l) => ({ type: 'paragraph', content: [{ type: 'text', text: l }] })) };
  const content: object[] = [quote];
  if (h.source) content.push({ type: 'paragraph', content: [{ type: 'text', text: `— ${h.source}` }] });
  return { type: 'doc', content };
}

/** What makes two highlights the same one (so a second import of a file adds nothing). */
export const highlightIdentity = (h: Highlight) => `${h.source.trim().toLowerCase()}\n${h.text.replace(/\s+/g, ' ').trim()}`;
