import { getSchema, Node } from '@tiptap/core';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { describe, expect, it } from 'vitest';
import { docToMarkdown, markdownToDoc } from '../../worker/src/domain/markdown';
import { docToPlainText, type RichNode } from '../../worker/src/domain/richtext';

// The editor's schema (web/src/editor/extensions.ts) with stand-ins for its own block atoms:
// every document the converter makes must be one the editor accepts.
const atom = (name: string, attrs: string[]) =>
  Node.create({ name, group: 'block', atom: true, addAttributes: () => Object.fromEntries(attrs.map((a) => [a, { default: null }])) });
const schema = getSchema([StarterKit, TaskList, TaskItem.configure({ nested: true }), TableKit, atom('figure', ['src', 'alt', 'title', 'align', 'width']), atom('mermaid', ['code', 'diagramType'])]);
const accepted = (doc: RichNode) => () => schema.nodeFromJSON(doc).check();

const text = (t: string, marks?: string[]) => (marks ? { type: 'text', text: t, marks: marks.map((type) => ({ type })) } : { type: 'text', text: t });
const para = (...content: RichNode[]) => ({ type: 'paragraph', content });

const ARTICLE = `# Photosynthèse

La **lumière** devient *sucre* et ~~rien~~ ne se \`perd\`.
Une [source](https://example.org/a "titre") sûre.

## Étapes

1. Absorption
2. Conversion
   - sous-étape

- [ ] relire
- [x] résumer

> Citation
> sur deux lignes

\`\`\`ts
const x = 1;
\`\`\`

| Pigment | Couleur |
| --- | :---: |
| Chlorophylle | Vert |

![Une feuille](https://example.org/leaf.png "Figure 1")

---
`;

describe('markdownToDoc', () => {
  const doc = markdownToDoc(ARTICLE);

  it('maps headings, marks and links to the editor nodes', () => {
    expect(doc.content[0]).toEqual({ type: 'heading', attrs: { level: 1 }, content: [text('Photosynthèse')] });
    expect(doc.content[1]).toEqual(
      para(
        text('La '),
        text('lumière', ['bold']),
        text(' devient '),
        text('sucre', ['italic']),
        text(' et '),
        text('rien', ['strike']),
        text(' ne se '),
        text('perd', ['code']),
        text('. Une '),
        { type: 'text', text: 'source', marks: [{ type: 'link', attrs: { href: 'https://example.org/a' } }] },
        text(' sûre.'),
      ),
    );
  });

  it('keeps ordered, nested and task lists', () => {
    const ordered = doc.content[3]!;
    expect(ordered.type).toBe('orderedList');
    expect(ordered.attrs).toEqual({ start: 1 });
    expect(ordered.content![1]!.content![1]!.type).toBe('bulletList');
    expect(doc.content[4]).toEqual({
      type: 'taskList',
      content: [
        { type: 'taskItem', attrs: { checked: false }, content: [para(text('relire'))] },
        { type: 'taskItem', attrs: { checked: true }, content: [para(text('résumer'))] },
      ],
    });
  });

  it('keeps quotes, code, tables, images and rules', () => {
    expect(doc.content[5]).toEqual({ type: 'blockquote', content: [para(text('Citation sur deux lignes'))] });
    expect(doc.content[6]).toEqual({ type: 'codeBlock', attrs: { language: 'ts' }, content: [text('const x = 1;')] });
    const table = doc.content[7]!;
    expect(table.content!.map((row) => row.content!.map((cell) => cell.type))).toEqual([
      ['tableHeader', 'tableHeader'],
      ['tableCell', 'tableCell'],
    ]);
    expect(docToPlainText(table)).toContain('Chlorophylle');
    expect(doc.content[8]).toEqual({ type: 'figure', attrs: { src: 'https://example.org/leaf.png', alt: 'Une feuille', title: 'Figure 1' } });
    expect(doc.content[9]).toEqual({ type: 'horizontalRule' });
  });

  it('produces a document the editor schema accepts', () => {
    expect(accepted(doc)).not.toThrow();
  });

  it('never links or shows an unsafe address', () => {
    const unsafe = markdownToDoc('[a](javascript:alert(1)) [b](data:text/html,x) ![c](javascript:x) <script>alert(1)</script>');
    const json = JSON.stringify(unsafe);
    expect(json).not.toMatch(/"href":"(javascript|data):/);
    expect(json).not.toContain('"figure"');
    // Raw HTML stays visible text, never markup.
    expect(docToPlainText(unsafe)).toContain('<script>alert(1)</script>');
  });

  it('reads malformed Markdown without throwing and keeps its text', () => {
    const broken = markdownToDoc('**gras non fermé\n\n```\ncode sans fin\n\n| a | b\n|---\n- [ ]\n[lien](\n> > >');
    expect(accepted(broken)).not.toThrow();
    expect(docToPlainText(broken)).toContain('gras non fermé');
    expect(docToPlainText(broken)).toContain('code sans fin');
  });

  it('lifts an inline image out of its paragraph into a figure between the text around it', () => {
    const doc2 = markdownToDoc('avant ![x](/a.png) après');
    expect(doc2.content.map((n) => n.type)).toEqual(['paragraph', 'figure', 'paragraph']);
    expect(accepted(doc2)).not.toThrow();
  });

  it('gives an empty document for blank text', () => {
    expect(markdownToDoc('  \n\n')).toEqual({ type: 'doc', content: [] });
  });
});

describe('markdownToDoc on CommonMark spec examples', () => {
  it('stores an image description as plain alt text and keeps the link around an image (§6.4 Images, §6.3 Links)', () => {
    expect(markdownToDoc('![foo *bar*](/url "title")').content).toEqual([{ type: 'figure', attrs: { src: '/url', alt: 'foo bar', title: 'title' } }]);
    const linked = markdownToDoc('[![moon](moon.jpg)](/uri)').content;
    expect(linked[0]).toEqual({ type: 'figure', attrs: { src: 'moon.jpg', alt: 'moon', title: '' } });
    expect(linked[1]).toEqual({ type: 'paragraph', content: [{ type: 'text', text: 'moon', marks: [{ type: 'link', attrs: { href: '/uri' } }] }] });
  });
});

describe('docToMarkdown', () => {
  it('round-trips: Markdown → document → Markdown → the same document', () => {
    const doc = markdownToDoc(ARTICLE);
    const again = markdownToDoc(docToMarkdown(doc));
    expect(again).toEqual(doc);
  });

  it('writes each node as Markdown a reader recognises', () => {
    const md = docToMarkdown(markdownToDoc(ARTICLE));
    expect(md).toContain('# Photosynthèse');
    expect(md).toContain('La **lumière** devient *sucre* et ~~rien~~ ne se `perd`.');
    expect(md).toContain('[source](https://example.org/a)');
    expect(md).toContain('- [x] résumer');
    expect(md).toContain('| Pigment | Couleur |');
    expect(md).toContain('```ts\nconst x = 1;\n```');
    expect(md).toContain('![Une feuille](https://example.org/leaf.png "Figure 1")');
  });

  it('escapes text that would otherwise become Markdown syntax', () => {
    const doc = { type: 'doc', content: [para(text('# pas un titre *ni gras* [ni lien](x)')), para(text('1. pas une liste'))] };
    expect(markdownToDoc(docToMarkdown(doc))).toEqual(doc);
  });

  it('keeps marks that overlap and code containing backticks', () => {
    const doc = {
      type: 'doc',
      content: [para(text('a ', ['bold']), { type: 'text', text: 'b', marks: [{ type: 'bold' }, { type: 'italic' }] }, text(' c '), text('x`y', ['code']))],
    };
    expect(markdownToDoc(docToMarkdown(doc))).toEqual(doc);
  });

  it('writes a placeholder for a concept not created yet as the [[name]] it was typed as', () => {
    const doc = { type: 'doc', content: [para(text('voir '), { type: 'text', text: 'Noyau', marks: [{ type: 'pendingConceptLink', attrs: { name: 'Noyau' } }] })] };
    expect(docToMarkdown(doc)).toBe('voir [[Noyau]]\n');
    expect(docToPlainText(markdownToDoc(docToMarkdown(doc)))).toBe('voir [[Noyau]]');
  });

  it('writes editor-only nodes as their text', () => {
    const doc = { type: 'doc', content: [{ type: 'mermaid', attrs: { code: 'pie\n"a": 1' } }, para(text('x'), { type: 'hardBreak' }, text('y'))] };
    expect(docToMarkdown(doc)).toBe('```mermaid\npie\n"a": 1\n```\n\nx\\\ny\n');
  });
});
