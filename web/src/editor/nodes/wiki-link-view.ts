/**
 * In a read-only document, a `[[Title]]` left as text (a title no concept had when it was
 * typed, an imported note) reads as a link without its brackets: the brackets are hidden
 * and the title links to `/concepts/title/{title}`, which opens that concept or offers to
 * create it. A decoration only: the stored document keeps its text.
 */
import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

const WIKI_LINK = /\[\[([^[\]\n]{1,200})\]\]/g;

function decorations(doc: ProseMirrorNode): DecorationSet {
  const found: Decoration[] = [];
  doc.descendants((node, pos) => {
    if (!node.isText || !node.text) return;
    if (node.marks.some((m) => m.type.name === 'code' || m.type.name.toLowerCase().includes('link'))) return;
    for (const match of node.text.matchAll(WIKI_LINK)) {
      const title = match[1]!.trim();
      if (!title) continue;
      const from = pos + match.index!;
      const to = from + match[0].length;
      found.push(
        Decoration.inline(from, from + 2, { class: 'wiki-bracket' }),
        Decoration.inline(from + 2, to - 2, { nodeName: 'a', href: `/concepts/title/${encodeURIComponent(title)}`, class: 'wiki-link', 'data-wiki-link': title }),
        Decoration.inline(to - 2, to, { class: 'wiki-bracket' }),
      );
    }
  });
  return DecorationSet.create(doc, found);
}

export const WikiLinkView = Extension.create({
  name: 'wikiLinkView',
  addProseMirrorPlugins() {
    const key = new PluginKey('wikiLinkView');
    return [
      new Plugin({
        key,
        state: {
          init: (_, state) => decorations(state.doc),
          apply: (tr, old) => (tr.docChanged ? decorations(tr.doc) : old),
        },
        props: { decorations: (state) => key.getState(state) as DecorationSet },
      }),
    ];
  },
});
