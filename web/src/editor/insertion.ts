/**
 * Where the editor's own insertions land. A toolbar, menu or dialog
 * insertion never replaces what is selected: an inserted image or video stays selected
 * after insertion, so replacing the selection would delete it on the next insertion.
 *
 * The rule, for every insertion command: first move the cursor past the selection (after
 * a selected block node; at the end of a selected range of text, which is kept), insert
 * there, then leave the cursor in the text after what was inserted, never on it.
 * Typing over a selected range still replaces it as usual; that is the user's choice.
 */
import { Extension, type Content } from '@tiptap/core';
import { NodeSelection, Selection, TextSelection, type Transaction } from '@tiptap/pm/state';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    safeInsertion: {
      /** Collapses the selection to just after it, so the next insertion keeps it. */
      moveCursorPastSelection: () => ReturnType;
      /** Inserts `content` after the selection and puts the cursor after what was inserted. */
      insertAfterSelection: (content: Content) => ReturnType;
    };
  }
}

/** After a selected block node: into the textblock that follows, or a new empty paragraph. */
function cursorAfterBlock(tr: Transaction, selection: NodeSelection) {
  const after = selection.to;
  const $after = tr.doc.resolve(after);
  const paragraph = tr.doc.type.schema.nodes.paragraph;
  if ($after.nodeAfter?.isTextblock) return tr.setSelection(TextSelection.create(tr.doc, after + 1));
  if (paragraph && $after.parent.canReplaceWith($after.index(), $after.index(), paragraph)) {
    tr.insert(after, paragraph.create());
    return tr.setSelection(TextSelection.create(tr.doc, after + 1));
  }
  return tr.setSelection(Selection.near($after, 1));
}

function movePast(tr: Transaction) {
  const { selection } = tr;
  if (selection.empty) return;
  if (selection instanceof NodeSelection && selection.node.isBlock) cursorAfterBlock(tr, selection);
  else tr.setSelection(Selection.near(tr.doc.resolve(selection.to), -1));
}

export const SafeInsertion = Extension.create({
  name: 'safeInsertion',
  addCommands() {
    return {
      moveCursorPastSelection:
        () =>
        ({ tr, dispatch }) => {
          if (dispatch) movePast(tr);
          return true;
        },
      insertAfterSelection:
        (content) =>
        ({ tr, dispatch, commands }) => {
          if (dispatch) movePast(tr);
          if (!commands.insertContent(content)) return false;
          // An inserted atom (image, video, diagram) is left selected: step past it.
          if (dispatch && tr.selection instanceof NodeSelection) movePast(tr);
          return true;
        },
    };
  },
});
