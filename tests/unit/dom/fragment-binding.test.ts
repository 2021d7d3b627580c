// (tests/unit/dom: unit tests of browser code, type-checked with the web app's DOM types.)
// A daily note block's editor that starts from its fragment's document (editor/fragment-binding.ts):
// it shows the fragment's text before its view is mounted, and its binding, given the fragment's
// mapping, writes back only what the person changed, so an edit another device made meanwhile
// to another paragraph of the block is kept.
import { Editor } from '@tiptap/core';
import { updateYFragment } from '@tiptap/y-tiptap';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { appendDocToFragment, fragmentToDoc } from '@domain/yjs-prosemirror';
import { buildExtensions } from '../../../web/src/editor/extensions';
import { fragmentCollaboration, startFromFragment } from '../../../web/src/editor/fragment-binding';

const noop = () => undefined;
const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });

function blockEditor(fragment: Y.XmlFragment) {
  const extensions = [...buildExtensions({ handlers: { onWikiLink: noop, onCreateConcept: noop, onEditChart: noop, isWebView: () => false }, withSuggestions: false, withHistory: false }), fragmentCollaboration(fragment)];
  // JSON content: an empty string would be parsed as HTML, which needs a window.
  return new Editor({ element: null, extensions, content: { type: 'doc', content: [{ type: 'paragraph' }] } });
}

/** The text of each paragraph the editor holds. */
const paragraphsOf = (editor: Editor) => editor.state.doc.children.map((node) => (node.type.name === 'paragraph' ? node.textContent : node.type.name));

/** The mapping the editor's binding was given (fragment-binding's Collaboration options). */
const mappingOf = (editor: Editor): Parameters<typeof updateYFragment>[3]['mapping'] => editor.extensionManager.extensions.find((e) => e.name === 'collaboration')!.options.ySyncOptions.mapping;

describe('a block editor started from its fragment', () => {
  it("holds the fragment's document before its view is mounted, each paragraph mapped to its element", () => {
    const ydoc = new Y.Doc();
    const fragment = ydoc.getXmlFragment('block');
    appendDocToFragment(fragment, { type: 'doc', content: [paragraph('Mitochondrie'), paragraph('Ribosome')] });
    const editor = blockEditor(fragment);
    expect(editor.getText()).toBe('');
    startFromFragment(editor);
    expect(paragraphsOf(editor)).toEqual(['Mitochondrie', 'Ribosome']);
    const mapping = mappingOf(editor);
    fragment.toArray().forEach((element, i) => expect(mapping.get(element)).toBe(editor.state.doc.child(i)));
    editor.destroy();
  });

  it('starts an empty fragment as one empty paragraph, as the binding draws it', () => {
    const editor = blockEditor(new Y.Doc().getXmlFragment('block'));
    startFromFragment(editor);
    expect(paragraphsOf(editor)).toEqual(['']);
    editor.destroy();
  });

  it("writes back only the person's edit: another device's edit to another paragraph is kept", () => {
    const here = new Y.Doc();
    const fragment = here.getXmlFragment('block');
    appendDocToFragment(fragment, { type: 'doc', content: [paragraph('Mitochondrie'), paragraph('Ribosome')] });
    const there = new Y.Doc();
    Y.applyUpdate(there, Y.encodeStateAsUpdate(here));
    const editor = blockEditor(fragment);
    startFromFragment(editor);

    // Another device appends to the first paragraph while this one types at the end of the second.
    const first = there.getXmlFragment('block').get(0) as Y.XmlElement;
    (first.get(0) as Y.XmlText).insert('Mitochondrie'.length, ' (énergie)');
    editor.commands.insertContentAt(editor.state.doc.content.size - 1, { type: 'text', text: ' 80S' });
    here.transact(() => updateYFragment(here, fragment, editor.state.doc, { mapping: mappingOf(editor), isOMark: new Map() }));

    Y.applyUpdate(here, Y.encodeStateAsUpdate(there));
    expect(fragmentToDoc(fragment)).toEqual({ type: 'doc', content: [paragraph('Mitochondrie (énergie)'), paragraph('Ribosome 80S')] });
    editor.destroy();
  });
});
