/** A web page's article → the editor's document (linkedom + Readability, run in Node here). */
import { getSchema, Node } from '@tiptap/core';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { describe, expect, it } from 'vitest';
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
