import { getSchema } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { prosemirrorJSONToYDoc, yXmlFragmentToProsemirrorJSON } from 'y-prosemirror';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import type { RichDoc } from '@domain/richtext';
import { EDITOR_FRAGMENT, docToYDoc, replaceDocInYDoc, yDocToDoc } from '@domain/yjs-prosemirror';

const schema = getSchema([StarterKit]);

/** What the editor's schema makes of a document: default attrs filled in. */
const normalise = (doc: unknown) => schema.nodeFromJSON(doc).toJSON();

const sample: RichDoc = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Titre' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Du texte ' },
        { type: 'text', text: 'gras', marks: [{ type: 'bold' }] },
        { type: 'text', text: ' et un ' },
        { type: 'text', text: 'lien', marks: [{ type: 'link', attrs: { href: 'https://example.com' } }, { type: 'italic' }] },
        { type: 'hardBreak' },
        { type: 'text', text: 'suite [[Autre concept]]' },
      ],
    },
    { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'un' }] }] }] },
    { type: 'codeBlock', attrs: { language: 'ts' }, content: [{ type: 'text', text: 'const a = 1;' }] },
    { type: 'paragraph' },
  ],
};

describe('ProseMirror JSON ⇄ Yjs without a schema', () => {
  it('round-trips a document through a Y.Doc unchanged', () => {
    const back = yDocToDoc(docToYDoc(sample));
    expect(normalise(back)).toEqual(normalise(sample));
  });

  it("writes the same Yjs structure as y-prosemirror's own converter with the editor's schema", () => {
    const theirs = prosemirrorJSONToYDoc(schema, sample, EDITOR_FRAGMENT);
    const mine = docToYDoc(sample);
    // The editor reads both identically...
    expect(normalise(yXmlFragmentToProsemirrorJSON(mine.getXmlFragment(EDITOR_FRAGMENT)))).toEqual(
      normalise(yXmlFragmentToProsemirrorJSON(theirs.getXmlFragment(EDITOR_FRAGMENT))),
    );
    // ...and, given what the editor stores (attrs filled in by its schema), the Yjs
    // structure is the same: element names, attributes, and text runs with their marks.
    const fromStored = docToYDoc(normalise(sample) as RichDoc);
    expect(fromStored.getXmlFragment(EDITOR_FRAGMENT).toJSON()).toEqual(theirs.getXmlFragment(EDITOR_FRAGMENT).toJSON());
    const para = (d: Y.Doc) => (d.getXmlFragment(EDITOR_FRAGMENT).get(1) as Y.XmlElement).get(0) as Y.XmlText;
    expect(para(fromStored).toDelta()).toEqual(para(theirs).toDelta());
  });

  it("reads back a fragment exactly as y-prosemirror's yXmlFragmentToProsemirrorJSON does", () => {
    const theirs = prosemirrorJSONToYDoc(schema, sample, EDITOR_FRAGMENT);
    expect(yDocToDoc(theirs)).toEqual(yXmlFragmentToProsemirrorJSON(theirs.getXmlFragment(EDITOR_FRAGMENT)));
  });

  it('replaces only the blocks that changed, keeping concurrent edits in the others', () => {
    const server = docToYDoc(sample);
    const device = new Y.Doc();
    Y.applyUpdate(device, Y.encodeStateAsUpdate(server));
    // The device types in the last paragraph while the server replaces the heading.
    const lastParagraph = device.getXmlFragment(EDITOR_FRAGMENT).get(4) as Y.XmlElement;
    lastParagraph.insert(0, [new Y.XmlText('écrit sur le téléphone')]);
    const edited: RichDoc = { ...sample, content: [{ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Nouveau titre' }] }, ...sample.content.slice(1)] };
    expect(replaceDocInYDoc(server, edited)).toBe(true);
    Y.applyUpdate(server, Y.encodeStateAsUpdate(device));
    Y.applyUpdate(device, Y.encodeStateAsUpdate(server));
    const result = yDocToDoc(server);
    expect(result).toEqual(yDocToDoc(device));
    expect(JSON.stringify(result)).toContain('Nouveau titre');
    expect(JSON.stringify(result)).toContain('écrit sur le téléphone');
    expect(JSON.stringify(result)).not.toContain('"Titre"');
  });

  it('changes nothing when the document is already the same', () => {
    const ydoc = docToYDoc(sample);
    let updates = 0;
    ydoc.on('update', () => updates++);
    expect(replaceDocInYDoc(ydoc, yDocToDoc(ydoc))).toBe(false);
    expect(updates).toBe(0);
  });
});
