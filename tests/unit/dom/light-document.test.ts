// (tests/unit/dom: unit tests of browser code, type-checked with the web app's DOM types.)
// The light renderer of stored documents (web/src/editor/light-document.ts) against the
// editor's own schema: for every node and mark the editor stores, the same elements,
// attributes and text as the editor's renderHTML (ProseMirror's DOMSerializer), drawn into
// linkedom's document.
import { getSchema } from '@tiptap/core';
import { DOMSerializer } from '@tiptap/pm/model';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { buildExtensions } from '../../../web/src/editor/extensions';
import { renderStoredDocument, type StoredNode } from '../../../web/src/editor/light-document';

const noop = () => undefined;
const schema = getSchema(buildExtensions({ handlers: { onWikiLink: noop, onCreateConcept: noop, onEditChart: noop, isWebView: () => false }, withSuggestions: false, withHistory: false }));
const { document } = parseHTML('<html><body></body></html>');

/** An element tree as text, attributes sorted, so two renderings compare whatever their attribute order. */
function canonical(node: Node): string {
  if (node.nodeType === 3) return JSON.stringify(node.textContent);
  // Neighbouring text nodes draw as one text (ProseMirror joins them when it reads the JSON).
  const inner = [...node.childNodes].map(canonical).join('').replace(/(?<!\\)""/g, '');
  if (node.nodeType === 11) return inner;
  const el = node as Element;
  const attrs = [...el.attributes].map((a) => `${a.name}=${JSON.stringify(a.value)}`).sort().join(' ');
  return `<${el.tagName.toLowerCase()}${attrs ? ' ' + attrs : ''}>${inner}</>`;
}

const editorRendering = (doc: StoredNode) => canonical(DOMSerializer.fromSchema(schema).serializeFragment(schema.nodeFromJSON(doc).content, { document } as unknown as { document: Document }));
const lightRendering = (doc: StoredNode) => canonical(renderStoredDocument(doc, document as unknown as Document));

const text = (t: string, marks?: unknown[]) => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
const para = (...content: unknown[]) => ({ type: 'paragraph', ...(content.length ? { content } : {}) });
const doc = (...content: unknown[]) => ({ type: 'doc', content });

const KINDS: Record<string, StoredNode> = {
  paragraphs: doc(para(text('Un')), para(), { type: 'paragraph', attrs: { textAlign: 'right' }, content: [text('à droite')] }),
  headings: doc(...[1, 2, 3, 4, 5, 6].map((level) => ({ type: 'heading', attrs: { level, textAlign: level === 2 ? 'center' : null }, content: [text(`Titre ${level}`)] })), { type: 'heading', content: [text('sans niveau')] }),
  'bold, italic, strike, underline, code, highlight': doc(para(text('gras', [{ type: 'bold' }]), text(' et '), text('tout', [{ type: 'highlight', attrs: { color: '#fde047' } }, { type: 'code' }, { type: 'underline' }, { type: 'strike' }, { type: 'italic' }, { type: 'bold' }]), text('surligné', [{ type: 'highlight' }]))),
  'marks shared by neighbours': doc(para(text('a', [{ type: 'bold' }]), text('b', [{ type: 'bold' }, { type: 'italic' }]), text('c', [{ type: 'italic' }, { type: 'bold' }]), text('d'))),
  links: doc(para(text('site', [{ type: 'link', attrs: { href: 'https://example.org', target: '_blank', rel: 'noopener noreferrer nofollow', class: null, title: null } }]), text('danger', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]), text('sans attributs', [{ type: 'link', attrs: { href: '/x' } }]))),
  'wiki links (concept and pending)': doc(para(text('Photosynthèse', [{ type: 'conceptLink', attrs: { href: '/concepts/42', title: 'Photosynthèse' } }, { type: 'bold' }]), text(' '), text('Inconnu', [{ type: 'pendingConceptLink', attrs: { name: 'Inconnu' } }]), text('ailleurs', [{ type: 'conceptLink', attrs: { href: 'https://evil.example', title: null } }]))),
  'hard break': doc(para(text('ligne 1'), { type: 'hardBreak' }, text('ligne 2'))),
  lists: doc(
    { type: 'bulletList', content: [{ type: 'listItem', content: [para(text('un')), { type: 'bulletList', content: [{ type: 'listItem', content: [para(text('sous'))] }] }] }] },
    { type: 'orderedList', attrs: { start: 3, type: null }, content: [{ type: 'listItem', content: [para(text('trois'))] }] },
    { type: 'orderedList', attrs: { start: 1, type: 'a' }, content: [{ type: 'listItem', content: [para(text('a'))] }] },
  ),
  'task lists': doc({ type: 'taskList', content: [{ type: 'taskItem', attrs: { checked: true }, content: [para(text('fait'))] }, { type: 'taskItem', attrs: { checked: false }, content: [para(text('à faire')), { type: 'taskList', content: [{ type: 'taskItem', content: [para(text('imbriqué'))] }] }] }] }),
  'code blocks': doc({ type: 'codeBlock', attrs: { language: 'typescript' }, content: [text('const a = "<b>";\nreturn a;')] }, { type: 'codeBlock', content: [text('sans langage')] }),
  'blockquote and rule': doc({ type: 'blockquote', content: [para(text('cité'))] }, { type: 'horizontalRule' }),
  tables: doc(
    { type: 'table', content: [{ type: 'tableRow', content: [{ type: 'tableHeader', attrs: { colspan: 1, rowspan: 1, colwidth: [120] }, content: [para(text('A'))] }, { type: 'tableHeader', attrs: { colspan: 2, rowspan: 1, colwidth: null, align: 'center' }, content: [para(text('B'))] }] }, { type: 'tableRow', content: [{ type: 'tableCell', content: [para(text('1'))] }, { type: 'tableCell', attrs: { align: 'right' }, content: [para(text('2'))] }, { type: 'tableCell', content: [para()] }] }] },
    { type: 'table', content: [{ type: 'tableRow', content: [{ type: 'tableCell', attrs: { colwidth: [10] }, content: [para()] }, { type: 'tableCell', attrs: { colwidth: [200] }, content: [para()] }] }] },
  ),
  'images (figure)': doc({ type: 'figure', attrs: { src: '/api/files/7/a.png', alt: 'schéma', title: 'Légende', align: 'center', width: '50%' } }, { type: 'figure', attrs: { src: 'javascript:alert(1)', align: 'nowhere', width: 'calc(1px)' } }),
  'file attachments': doc({ type: 'fileAttachment', attrs: { src: '/api/files/7/cours.pdf', fileName: 'cours.pdf', mimeType: 'application/pdf', fileSize: 204800 } }, { type: 'fileAttachment', attrs: { src: 'data:text/html,x' } }),
  'YouTube videos': doc({ type: 'youtube', attrs: { src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', width: '60%' } }, { type: 'youtube', attrs: { src: 'https://evil.example/embed/x' } }),
  'charts (mermaid, as code)': doc({ type: 'mermaid', attrs: { code: 'graph TD; A-->B', diagramType: 'flowchart' } }, { type: 'mermaid' }),
};

describe('light renderer of stored documents', () => {
  it('knows every node and mark of the editor schema', () => {
    const used = JSON.stringify(KINDS);
    for (const name of [...Object.keys(schema.nodes), ...Object.keys(schema.marks)]) if (!['doc', 'text'].includes(name)) expect(used, name).toContain(`"type":"${name}"`);
  });

  for (const [kind, stored] of Object.entries(KINDS)) {
    it(`draws ${kind} as the editor does`, () => {
      expect(lightRendering(stored)).toBe(editorRendering(stored));
    });
  }

  it('never turns text into markup', () => {
    const fragment = renderStoredDocument(doc(para(text('<img src=x onerror=alert(1)>'))), document as unknown as Document);
    const p = fragment.firstChild as Element;
    expect(p.childNodes.length).toBe(1);
    expect(p.textContent).toBe('<img src=x onerror=alert(1)>');
  });

  it('shows the content of a node or mark it does not know', () => {
    const fragment = renderStoredDocument(doc({ type: 'mathBlock', content: [para(text('E = mc²'))] }, para(text('x', [{ type: 'superscript' }, { type: 'bold' }])), { type: 'emoji', attrs: { name: 'smile' } }), document as unknown as Document);
    const box = document.createElement('div');
    box.appendChild(fragment as unknown as Node);
    expect(box.textContent).toBe('E = mc²x');
    expect(canonical(box)).toContain('<p>"E = mc²"</>');
    expect(canonical(box)).toContain('<strong>"x"</>');
  });
});
