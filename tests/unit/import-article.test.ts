/** A web page's article → the editor's document (linkedom + Readability, run in Node here). */
import { getSchema, Node } from '@tiptap/core';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeHtml } from '../../worker/src/domain/html-encoding';
import { docToPlainText } from '../../worker/src/domain/richtext';
import { extractArticle, PAGE_MAX_DEPTH, PAGE_MAX_ELEMENTS } from '../../worker/src/services/import-article';
import { ApiError } from '../../worker/src/lib/errors';

const figure = Node.create({ name: 'figure', group: 'block', atom: true, addAttributes: () => ({ src: { default: null }, alt: { default: '' }, title: { default: '' } }) });
const schema = getSchema([StarterKit, TaskList, TaskItem, TableKit, figure]);

const page = (body: string) => `<!doctype html><html><head><title>Page de test</title></head><body>${body}</body></html>`;
const long = 'Une phrase assez longue pour que Readability voie un article ici. '.repeat(12);

describe('extractArticle', () => {
  const article = extractArticle(
    page(`<nav><a href="/">Accueil</a></nav>
      <article><h1>Titre</h1><p>${long}</p>
      <h2>Tableau</h2><table><thead><tr><th>Pigment</th><th>Couleur</th></tr></thead><tbody><tr><td>Chlorophylle</td><td><b>vert</b></td></tr></tbody></table>
      <pre><code class="language-js">const a = 1;\nconst b = 2;</code></pre>
      <p>Lien <a href="javascript:alert(1)">piégé</a>, <a href="../relatif">relatif</a>, image <img src="data:image/png;base64,xx"> et <img src="/ok.png" alt="ok">.</p>
      <ol start="3"><li>trois</li><li>quatre <em>ici</em></li></ol>
      <script>alert(1)</script></article>`),
    'https://example.org/dossier/page.html',
  );

  it('keeps tables, code, lists and marks as editor nodes the schema accepts', () => {
    const types = article.doc.content.map((n) => n.type);
    expect(types).toEqual(expect.arrayContaining(['heading', 'table', 'codeBlock', 'orderedList', 'figure']));
    expect(article.doc.content.find((n) => n.type === 'codeBlock')).toEqual({ type: 'codeBlock', attrs: { language: 'js' }, content: [{ type: 'text', text: 'const a = 1;\nconst b = 2;' }] });
    expect(article.doc.content.find((n) => n.type === 'orderedList')!.attrs).toEqual({ start: 3 });
    expect(() => schema.nodeFromJSON(article.doc).check()).not.toThrow();
  });

  it('makes addresses absolute and drops the unsafe ones', () => {
    const json = JSON.stringify(article.doc);
    expect(json).toContain('"href":"https://example.org/relatif"');
    expect(json).toContain('"src":"https://example.org/ok.png"');
    expect(json).not.toContain('javascript:');
    expect(json).not.toContain('data:image');
    expect(article.text).toContain('piégé');
    expect(article.text).not.toContain('alert(1)');
  });

  it('reads a short page whole when Readability finds no article', () => {
    const short = extractArticle(page('<h1>Court</h1><p>Deux mots.</p>'), 'https://example.org/');
    expect(short.title).toBe('Page de test');
    expect(short.text).toContain('Deux mots.');
  });

  it('refuses a page without readable text', () => {
    expect(() => extractArticle(page('<script>var x = 1;</script><nav>menu</nav>'), 'https://example.org/')).toThrow(ApiError);
  });
});

describe('extractArticle on hostile pages', () => {
  const code = (html: string) => {
    try {
      extractArticle(html, 'https://example.org/');
    } catch (err) {
      return err instanceof ApiError ? `${err.status} ${err.code}` : `other: ${String(err)}`;
    }
    return 'read';
  };

  it('refuses a page with no element at all with 422 page_empty', () => {
    for (const html of ['', '<!-- rien -->', '<!doctype html>', '   ']) expect(code(html)).toBe('422 page_empty');
  });

  it('refuses a page nested deeper than the cap before building it (2,000 levels took two minutes)', () => {
    expect(code(page(`${'<div>'.repeat(2_000)}${long}${'</div>'.repeat(2_000)}`))).toBe('422 page_too_complex');
    expect(code(page(`${'<div>'.repeat(200_000)}x${'</div>'.repeat(200_000)}`))).toBe('422 page_too_complex');
    // Within the cap, the same shape is read.
    expect(code(page(`${'<div>'.repeat(PAGE_MAX_DEPTH - 5)}${long}${'</div>'.repeat(PAGE_MAX_DEPTH - 5)}`))).toBe('read');
  });

  it('refuses more elements than the cap, and ~5 MB of prose as too long, without building the page', () => {
    expect(code(page('<span>a</span>'.repeat(PAGE_MAX_ELEMENTS + 1)))).toBe('422 page_too_complex');
    expect(code(page(Array.from({ length: 36_000 }, (_, i) => `<p>Paragraphe ${i} : une phrase ordinaire, assez longue pour être lue comme de la prose.</p>`).join('')))).toBe('422 article_too_large');
  });

  it('reads a large page within the caps whole, skipping navigation and scripts, and does not count scripts as text', () => {
    const big = extractArticle(page(`<nav>Menu du site</nav><script>${'var a = 1;'.repeat(200_000)}</script>${Array.from({ length: 9_000 }, (_, i) => `<p>Ligne ${i}</p>`).join('')}`), 'https://example.org/');
    expect(big.text).toContain('Ligne 8999');
    expect(big.text).not.toContain('Menu du site');
    expect(big.text).not.toContain('var a');
  });
});

/** Mozilla Readability's own test pages (tests/fixtures/readability/README.md), walked onto the editor's nodes. */
describe('structure the article keeps', () => {
  const readabilityPage = (name: string) => extractArticle(readFileSync(`tests/fixtures/readability/${name}.html`, 'utf8'), 'https://example.org/page.html');
  const nodes = (doc: unknown, type: string): any[] => {
    const out: any[] = [];
    const walk = (n: any) => (n.type === type && out.push(n), (n.content ?? []).forEach(walk));
    walk(doc);
    return out;
  };
  const hrefs = (doc: unknown) => nodes(doc, 'text').flatMap((t) => (t.marks ?? []).filter((m: any) => m.type === 'link').map((m: any) => m.attrs.href));

  it("keeps embedded YouTube videos as the editor's video node and another player as a link (embedded-videos, videos-1)", () => {
    const embedded = readabilityPage('embedded-videos');
    expect(nodes(embedded.doc, 'youtube').map((n) => n.attrs.src)).toEqual([
      'https://www.youtube.com/embed/LtOGa5M8AuU',
      'https://www.youtube.com/embed/LtOGa5M8AuU',
      'https://www.youtube.com/embed/LtOGa5M8AuU',
      'https://www.youtube.com/embed/LtOGa5M8AuU',
    ]);
    expect(hrefs(embedded.doc)).toContainEqual(expect.stringMatching(/^https:\/\/player\.vimeo\.com\/video\/32246206/));
    // The ten players Readability's expected article keeps are all there.
    const videos = new Set(nodes(readabilityPage('videos-1').doc, 'youtube').map((n) => n.attrs.src));
    for (const id of ['0Vb0F_CN83E', '2Z0N8ULhuUA', '2fhO2A4SL24', 'EUzRjRv0Ib0', 'F-eMt3SrfFU', 'KKbjnLpxv70', 'PJmpSMRQhhs', 'Q0CbN8sfihY', 'T3SyPbUTEeU', 'WwQ-NH1rRT4']) {
      expect(videos).toContain(`https://www.youtube.com/embed/${id}`);
    }
  });

  it('keeps headings, lists and tables inside elements read as inline, and a paragraph holding a heading', () => {
    const article = extractArticle(page(`<article><p>${long}</p><p><h2>Titre</h2></p><span><h3>Sous-titre</h3><ul><li>un</li><li>deux</li></ul></span><a href="/x"><div><table><thead><tr><th>Planète</th><th>Lunes</th></tr></thead><tbody><tr><td>Terre</td><td>1</td></tr><tr><td>Mars</td><td>2</td></tr></tbody></table></div></a></article>`), 'https://example.org/');
    expect(article.doc.content.map((n) => n.type)).toEqual(['paragraph', 'heading', 'heading', 'bulletList', 'table']);
    expect(() => schema.nodeFromJSON(article.doc).check()).not.toThrow();
  });

  it('keeps a link around an image after the image, and a figure caption in the searchable text', () => {
    const article = extractArticle(page(`<p>${long}</p><p>Voir <a href="/grande.png"><img src="/petite.png" alt="La nébuleuse"></a></p><figure><img src="/ciel.png" alt=""><figcaption>Le ciel d’été</figcaption></figure>`), 'https://example.org/');
    const linked = nodes(article.doc, 'text').find((t) => t.text === 'La nébuleuse');
    expect(linked?.marks).toEqual([{ type: 'link', attrs: { href: 'https://example.org/grande.png' } }]);
    expect(article.text).toContain('Le ciel d’été');
    expect(docToPlainText({ type: 'doc', content: [{ type: 'figure', attrs: { src: '/a.png', alt: '', title: 'Légende' } }] })).toBe('Légende');
  });

  it('reads HTML5 without <body> and plain words served as HTML', () => {
    expect(extractArticle('<!doctype html><title>T</title><p>Un paragraphe.</p>', 'https://example.org/')).toMatchObject({ title: 'T', text: 'Un paragraphe.' });
    expect(extractArticle('juste des mots', 'https://example.org/').text).toBe('juste des mots');
  });
});

describe('decodeHtml (the HTML standard’s encoding sniffing)', () => {
  const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
  it('takes the byte order mark, then the header, then a <meta> in the first 1024 bytes, else UTF-8 when valid, else windows-1252', () => {
    const meta = latin1('<meta charset="windows-1252"><p>Les députés</p>');
    expect(decodeHtml(meta, 'text/html')).toContain('Les députés');
    expect(decodeHtml(latin1('<meta http-equiv="content-type" content="text/html; charset=ISO-8859-1"><p>été</p>'), '')).toContain('été');
    // A UTF-16 label in a <meta> cannot be true of bytes that a scan read as ASCII: UTF-8.
    expect(decodeHtml(new TextEncoder().encode('<meta charset="utf-16"><p>été</p>'), '')).toContain('été');
    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(new Uint16Array(Array.from('<p>Été</p>', (c) => c.charCodeAt(0))).buffer)]);
    expect(decodeHtml(utf16, 'text/html; charset=utf-8')).toBe('<p>Été</p>');
    expect(decodeHtml(new TextEncoder().encode('<p>été</p>'), 'text/html')).toBe('<p>été</p>');
    expect(decodeHtml(latin1('<p>été</p>'), 'text/html')).toBe('<p>été</p>');
    expect(decodeHtml(latin1('<p>été</p>'), 'text/html; charset=utf-8')).toBe('<p>\ufffd\ufffd</p>'.replace('\ufffd\ufffd', '\ufffdt\ufffd'));
  });
});
