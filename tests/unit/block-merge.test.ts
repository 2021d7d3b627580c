import { getSchema } from '@tiptap/core';
import TextAlign from '@tiptap/extension-text-align';
import StarterKit from '@tiptap/starter-kit';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { applyBlockEdits, blockKey, mergeBlocks, mergeBlocksKeepingBoth } from '@domain/block-merge';
import type { RichDoc, RichNode } from '@domain/richtext';
import { EDITOR_FRAGMENT, docToYDoc, mergeDocIntoYDoc, yDocToDoc } from '@domain/yjs-prosemirror';

const p = (text: string): RichNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (...lines: string[]): RichDoc => ({ type: 'doc', content: lines.map(p) });
const texts = (blocks: RichNode[]) => blocks.map((b) => b.content?.map((t) => t.text).join('') ?? '');

/** The editor's own JSON (what Tiptap's getJSON() gives): every attr filled, null ones included. */
const schema = getSchema([StarterKit, TextAlign.configure({ types: ['heading', 'paragraph'] })]);
const editorShape = (d: RichDoc) => schema.nodeFromJSON(d).toJSON() as RichDoc;

const apply = applyBlockEdits;

describe('three-way block merge', () => {
  const base = doc('Alpha', 'Beta', 'Gamma').content;

  it("applies the writer's change and keeps live edits in the blocks it did not change (the Alpha/Beta/Gamma case)", () => {
    const writer = doc('Alpha', 'Beta modifié', 'Gamma').content;
    const live = doc('Alpha', 'Beta', 'Gamma mot', 'Delta').content;
    const merge = mergeBlocks(base, writer, live);
    expect(merge.ok).toBe(true);
    expect(texts(apply(live, merge.ok ? merge.edits : []))).toEqual(['Alpha', 'Beta modifié', 'Gamma mot', 'Delta']);
  });

  it('places inserted and deleted blocks right when the live side inserted blocks before them', () => {
    const writer = doc('Alpha', 'Gamma', 'Omega').content; // Beta deleted, Omega appended
    const live = doc('Zéro', 'Alpha', 'Beta', 'Gamma').content;
    const merge = mergeBlocks(base, writer, live);
    expect(merge.ok && texts(apply(live, merge.edits))).toEqual(['Zéro', 'Alpha', 'Gamma', 'Omega']);
  });

  it('refuses when the same block changed on both sides, or one side deleted what the other edited', () => {
    expect(mergeBlocks(base, doc('Alpha', 'Beta A', 'Gamma').content, doc('Alpha', 'Beta B', 'Gamma').content).ok).toBe(false);
    expect(mergeBlocks(base, doc('Alpha', 'Gamma').content, doc('Alpha', 'Beta édité', 'Gamma').content).ok).toBe(false);
    // Both inserting at the same place: which goes first is not the writer's to decide.
    expect(mergeBlocks(base, doc('Alpha', 'Beta', 'Gamma', 'X').content, doc('Alpha', 'Beta', 'Gamma', 'Y').content).ok).toBe(false);
  });

  it('does not apply twice a change already made live (a retried write)', () => {
    const writer = doc('Alpha', 'Beta modifié', 'Gamma').content;
    const merge = mergeBlocks(base, writer, writer);
    expect(merge).toEqual({ ok: true, edits: [] });
  });
});

describe('one canonical form for the editor JSON and the Yjs JSON', () => {
  const sample: RichDoc = {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Titre' }] },
      {
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Du ' },
          { type: 'text', text: 'gras', marks: [{ type: 'bold' }, { type: 'italic' }] },
          { type: 'text', text: ' et un ' },
          { type: 'text', text: 'lien', marks: [{ type: 'link', attrs: { href: 'https://example.com' } }] },
        ],
      },
      p('Dernier'),
    ],
  };

  it('gives every block of the editor shape the key of the same block read back from Yjs', () => {
    const tiptap = editorShape(sample);
    expect(JSON.stringify(tiptap)).toContain('"textAlign":null');
    const fromYjs = yDocToDoc(docToYDoc(tiptap));
    expect(JSON.stringify(fromYjs)).toContain('"attrs":{}');
    expect(tiptap.content.map(blockKey)).toEqual(fromYjs.content.map(blockKey));
  });

  it('does not care about attribute or mark order, and joins text runs', () => {
    const a: RichNode = { type: 'paragraph', attrs: { b: 1, a: 2, c: null }, content: [{ type: 'text', text: 'un', marks: [{ type: 'italic' }, { type: 'bold', attrs: {} }] }, { type: 'text', text: 'deux', marks: [{ type: 'bold' }, { type: 'italic' }] }] };
    const b: RichNode = { type: 'paragraph', attrs: { a: 2, b: 1 }, content: [{ type: 'text', text: 'undeux', marks: [{ type: 'bold' }, { type: 'italic' }] }] };
    expect(blockKey(a)).toBe(blockKey(b));
    expect(blockKey(a)).not.toBe(blockKey(p('undeux')));
  });

  it('keeps an offline edit of another block when an editor-shape write changes one block of a Yjs document', () => {
    const server = docToYDoc(sample);
    const phone = new Y.Doc();
    Y.applyUpdate(phone, Y.encodeStateAsUpdate(server));
    // The phone, offline, types in the last paragraph.
    ((phone.getXmlFragment(EDITOR_FRAGMENT).get(2) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'hors ligne ');
    // The form, based on what the server holds, changes the heading and sends the editor's JSON.
    const base = yDocToDoc(server);
    const written = editorShape({ ...sample, content: [{ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Nouveau titre' }] }, ...sample.content.slice(1)] });
    expect(mergeDocIntoYDoc(server, base, written)).toBe('applied');
    Y.applyUpdate(server, Y.encodeStateAsUpdate(phone));
    Y.applyUpdate(phone, Y.encodeStateAsUpdate(server));
    const text = JSON.stringify(yDocToDoc(server));
    expect(text).toContain('Nouveau titre');
    expect(text).toContain('hors ligne Dernier');
    expect(yDocToDoc(phone)).toEqual(yDocToDoc(server));
  });

  it('answers conflict and changes nothing when the written block was also changed live', () => {
    const server = docToYDoc(doc('Alpha', 'Beta'));
    const base = yDocToDoc(server);
    ((server.getXmlFragment(EDITOR_FRAGMENT).get(1) as Y.XmlElement).get(0) as Y.XmlText).insert(4, ' en direct');
    const before = yDocToDoc(server);
    expect(mergeDocIntoYDoc(server, base, editorShape(doc('Alpha', 'Beta du formulaire')))).toBe('conflict');
    expect(yDocToDoc(server)).toEqual(before);
  });
});

describe('merging by hand after a conflict (the form’s Fusionner)', () => {
  it('keeps the live version of a block changed on both sides and puts the writer’s right after it', () => {
    const base = doc('Alpha', 'Beta', 'Gamma').content;
    const mine = doc('Alpha', 'Beta à moi', 'Gamma', 'Fin à moi').content;
    const live = doc('Alpha', 'Beta en direct', 'Gamma').content;
    expect(texts(mergeBlocksKeepingBoth(base, mine, live))).toEqual(['Alpha', 'Beta en direct', 'Beta à moi', 'Gamma', 'Fin à moi']);
  });
});
