/** Turning typed [[name]] placeholders into concept links once the concept is known. */
import type { Editor } from '@tiptap/core';
import { conceptHref } from './nodes/concept-link';
import type { ConceptHit } from './menus/triggers';

/** Every pending-link range whose name is `name` becomes a concept link to `concept`. */
export function resolvePendingLinks(editor: Editor, name: string, concept: ConceptHit): void {
  const { state } = editor;
  const pending = state.schema.marks.pendingConceptLink!;
  const link = state.schema.marks.conceptLink!;
  const ranges: { from: number; to: number }[] = [];
  state.doc.descendants((node, pos) => {
    const mark = node.isText ? node.marks.find((m) => m.type === pending && m.attrs.name === name) : null;
    if (mark) ranges.push({ from: pos, to: pos + node.nodeSize });
  });
  if (ranges.length === 0) return;
  const tr = state.tr;
  for (const { from, to } of ranges) tr.removeMark(from, to, pending).addMark(from, to, link.create({ href: conceptHref(concept.id), title: concept.title }));
  editor.view.dispatch(tr);
}

/** Replaces a suggestion range with the typed name as a pending link (purple italics). */
export function insertPendingLink(editor: Editor, range: { from: number; to: number }, name: string): void {
  editor
    .chain()
    .focus()
    .insertContentAt(range, [{ type: 'text', text: name, marks: [{ type: 'pendingConceptLink', attrs: { name } }] }, { type: 'text', text: ' ' }])
    .run();
}
