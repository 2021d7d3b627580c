import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addNoteBlock, blocksOf, moveNoteBlock, noteBlocksOf, noteBlockUids, orderOf, planNoteSave, reconcileNote, removeNoteBlock, repairNoteBlockUids, type StoredBlock } from '../../worker/src/domain/note-ydoc';
import { docToPlainText } from '../../worker/src/domain/richtext';
import { fragmentToDoc } from '../../worker/src/domain/yjs-prosemirror';

const doc = (text: string) => ({ type: 'doc' as const, content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
const json = (text: string) => JSON.stringify(doc(text));
const texts = (ydoc: Y.Doc) => noteBlockUids(ydoc).map((u) => docToPlainText(fragmentToDoc(blocksOf(ydoc).get(u)!)));
let n = 0;
const uid = () => (++n).toString(16).padStart(32, '0');
const row = (u: string, text: string, order: number, version: number, id = order + 1): StoredBlock => ({ id, uid: u, text: json(text), order_idx: order, version });

describe('the note document', () => {
  it('adds, moves and removes blocks by uid, and a block listed twice in the order shows once', () => {
    const ydoc = new Y.Doc();
    const [a, b, c] = [uid(), uid(), uid()];
    addNoteBlock(ydoc, a, doc('A'));
    addNoteBlock(ydoc, b, doc('B'));
    addNoteBlock(ydoc, c, doc('C'), 0);
    expect(texts(ydoc)).toEqual(['C', 'A', 'B']);
    moveNoteBlock(ydoc, c, 2);
    expect(texts(ydoc)).toEqual(['A', 'B', 'C']);
    orderOf(ydoc).push([a]); // two devices moved A at once
    expect(texts(ydoc)).toEqual(['A', 'B', 'C']);
    removeNoteBlock(ydoc, b);
    expect(texts(ydoc)).toEqual(['A', 'C']);
    expect(noteBlocksOf(ydoc).map((x) => x.orderIdx)).toEqual([0, 1]);
  });

  it('builds a note never edited live from its rows, in their order', () => {
    const ydoc = new Y.Doc();
    const [a, b] = [uid(), uid()];
    const { base } = reconcileNote(ydoc, {}, [row(b, 'Second', 1, 1), row(a, 'Premier', 0, 3)], uid);
    expect(texts(ydoc)).toEqual(['Premier', 'Second']);
    expect(base[a]!.version).toBe(3);
  });

  it('takes a row written outside the room when the block was not changed live, and keeps both texts when it was', () => {
    const ydoc = new Y.Doc();
    const [a, b] = [uid(), uid()];
    let { base } = reconcileNote(ydoc, {}, [row(a, 'Alpha', 0, 1), row(b, 'Beta', 1, 1)], uid);
    // Live typing in B only (not yet saved).
    const t = (blocksOf(ydoc).get(b)!.get(0) as Y.XmlElement).get(0) as Y.XmlText;
    t.insert(4, ' vivant');
    const result = reconcileNote(ydoc, base, [row(a, 'Alpha REST', 0, 2), row(b, 'Beta REST', 1, 2)], uid);
    base = result.base;
    expect(texts(ydoc)).toEqual(['Alpha REST', 'Beta vivant', 'Beta REST']);
    expect(result.copies).toHaveLength(1);
    // The live text is then written over the row (at the version now known); the copy is new.
    const plan = planNoteSave(ydoc, base);
    expect(plan.upserts.map((u) => [u.uid === b ? 'b' : u.uid === result.copies[0] ? 'copy' : 'other', u.baseVersion])).toEqual([
      ['b', 2],
      ['copy', null],
    ]);
  });

  it('drops a block deleted outside the room, ignores a read older than its own save, and plans deletes with their version', () => {
    const ydoc = new Y.Doc();
    const [a, b] = [uid(), uid()];
    const { base } = reconcileNote(ydoc, {}, [row(a, 'Alpha', 0, 5), row(b, 'Beta', 1, 1)], uid);
    expect(reconcileNote(ydoc, base, [row(a, 'Alpha ancien', 0, 4), row(b, 'Beta', 1, 1)], uid).base[a]!.version).toBe(5);
    expect(texts(ydoc)).toEqual(['Alpha', 'Beta']);
    const after = reconcileNote(ydoc, base, [row(a, 'Alpha', 0, 5)], uid).base;
    expect(texts(ydoc)).toEqual(['Alpha']);
    removeNoteBlock(ydoc, a);
    expect(planNoteSave(ydoc, after)).toEqual({ upserts: [], deletes: [{ uid: a, baseVersion: 5 }] });
  });

  it('renames the blocks whose uid D1 cannot take, in place and with their text, and ignores entries that are no block', () => {
    const ydoc = new Y.Doc();
    const [a, taken, c] = [uid(), uid(), uid()];
    addNoteBlock(ydoc, a, doc('A'));
    addNoteBlock(ydoc, 'not-a-hex-uid', doc('Mal nommé'));
    addNoteBlock(ydoc, taken, doc('Déjà pris'));
    addNoteBlock(ydoc, c, doc('C'));
    // What a hostile device may also write: a number in the order, a text where a block's fragment goes.
    (orderOf(ydoc) as unknown as Y.Array<unknown>).insert(0, [42]);
    const notBlock = uid();
    (blocksOf(ydoc) as unknown as Y.Map<unknown>).set(notBlock, new Y.Text('pas un bloc'));
    orderOf(ydoc).push([notBlock]);
    const renamed = repairNoteBlockUids(ydoc, uid, new Set([taken]));
    expect([...renamed.keys()]).toEqual(['not-a-hex-uid', taken]);
    expect(texts(ydoc)).toEqual(['A', 'Mal nommé', 'Déjà pris', 'C']);
    expect(noteBlockUids(ydoc)).toEqual([a, renamed.get('not-a-hex-uid'), renamed.get(taken), c]);
    expect(noteBlockUids(ydoc).every((u) => /^[0-9a-f]{32}$/.test(u))).toBe(true);
    expect(repairNoteBlockUids(ydoc, uid).size).toBe(0);
  });
});
