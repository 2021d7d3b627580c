/**
 * Markdown into a concept, measured against the CommonMark spec's own examples for links,
 * images and autolinks (tests/fixtures/commonmark, CommonMark 0.31.2): each example's links
 * — their text and address — must be the ones the spec's HTML shows, but for the few
 * places where the app decides otherwise on purpose, each checked for what it does instead.
 */
import { describe, expect, it } from 'vitest';
import examples from '../fixtures/commonmark/links-images-autolinks.json';
import { markdownToDoc } from '../../worker/src/domain/markdown';
import { docToPlainText, type RichNode } from '../../worker/src/domain/richtext';
import { isSafeLinkHref } from '../../worker/src/domain/safe-url';

const decode = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** The spec's links: [text (an image counts as its alt), address]. */
const specLinks = (html: string) =>
  [...html.matchAll(/<a href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)].map((m) => [decode(m[2]!.replace(/<img[^>]*alt="([^"]*)"[^>]*>/g, '$1').replace(/<[^>]+>/g, '')), decode(m[1]!)]);

/** Our document's links: runs of text under the same link, whatever their other marks. */
function docLinks(doc: RichNode): string[][] {
  const links: string[][] = [];
  const visit = (node: RichNode) => {
    let previous: string | null = null;
    for (const child of node.content ?? []) {
      const href = child.marks?.find((m) => m.type === 'link')?.attrs?.href;
      if (typeof child.text === 'string' && typeof href === 'string') {
        if (previous === href) links.at(-1)![0] += child.text;
        else links.push([child.text, href]);
        previous = href;
      } else {
        previous = null;
        visit(child);
      }
    }
  };
  visit(doc);
  return links;
}

/** Examples where the app differs from the spec's HTML on purpose, and why. */
const DEVIATIONS: Record<number, string> = {
  // Links to an empty address lead nowhere: their text stays, unlinked.
  486: 'empty target', 487: 'empty target', 488: 'empty target', 489: 'empty target', 569: 'empty target',
  // Raw HTML is text here (markdown-it's html: false), so it does not hide the link after it.
  526: 'raw HTML is text', 538: 'raw HTML is text',
  // Schemes a link may not carry (only http, https, mailto and relative addresses are): their text stays.
  598: 'unsafe scheme', 600: 'unsafe scheme', 601: 'unsafe scheme', 603: 'unsafe scheme',
  // Bare addresses are linked, as GitHub's Markdown (GFM's autolink extension) does.
  604: 'GFM autolink', 610: 'GFM autolink', 613: 'GFM autolink', 614: 'GFM autolink',
};

describe('Markdown links, images and autolinks against the CommonMark examples', () => {
  for (const section of ['Links', 'Images', 'Autolinks']) {
    it(`keeps every link of the spec's ${section} examples, but for the app's deliberate differences`, () => {
      const wrong = examples
        .filter((e) => e.section === section && !DEVIATIONS[e.example])
        .filter((e) => JSON.stringify(docLinks(markdownToDoc(e.markdown))) !== JSON.stringify(specLinks(e.html)))
        .map((e) => e.example);
      expect(wrong).toEqual([]);
    });
  }

  it('keeps the text of each link it does not make', () => {
    for (const e of examples.filter((x) => ['empty target', 'unsafe scheme'].includes(DEVIATIONS[x.example] ?? ''))) {
      const doc = markdownToDoc(e.markdown);
      for (const [text, href] of specLinks(e.html)) {
        expect(docToPlainText(doc)).toContain(text);
        // Nothing to show, nowhere to go, or an address a link may not carry.
        expect(!text || !href || !isSafeLinkHref(href)).toBe(true);
      }
      expect(docLinks(doc)).toEqual([]);
    }
  });

  it('links a bare address and the address inside <…> only up to where it ends (GFM autolinks)', () => {
    expect(docLinks(markdownToDoc('https://example.com\n'))).toEqual([['https://example.com', 'https://example.com']]);
    expect(docLinks(markdownToDoc('foo@bar.example.com\n'))).toEqual([['foo@bar.example.com', 'mailto:foo@bar.example.com']]);
    expect(docToPlainText(markdownToDoc('<https://foo.bar/baz bim>\n'))).toBe('<https://foo.bar/baz bim>');
  });

  it('keeps a link around inline code as the link, its code as its text', () => {
    const doc = markdownToDoc('[la fonction `map`](https://developer.mozilla.org/)\n');
    expect(docLinks(doc)).toEqual([['la fonction map', 'https://developer.mozilla.org/']]);
  });
});
