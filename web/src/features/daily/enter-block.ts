/** Puts a block editor's caret where the person clicked in the stored block, and types what they typed meanwhile (block-entry.ts). */
import type { Editor } from '@tiptap/core';
import type { PendingEntry } from './block-entry';

/** The document position after `offset` characters of text (the end when the text is shorter). */
function positionAfterText(editor: Editor, offset: number): number {
  let seen = 0;
  let found: number | null = null;
  editor.state.doc.descendants((node, pos) => {
    if (found !== null) return false;
    if (!node.isText) return true;
    const length = node.text!.length;
    if (seen + length >= offset) found = pos + (offset - seen);
    seen += length;
    return false;
  });
  return found ?? editor.state.doc.content.size;
}

/** On the editor's next turn: `typed` is told (keys from then on go to the editor), the caret put and the waiting keys typed, in one task. */
export function enterBlock(editor: Editor, entry: PendingEntry, typed: () => void): void {
  // A live block's text arrives from the room on the next turn of the event loop.
  setTimeout(() => {
    typed();
    if (editor.isDestroyed) return;
    // Focused now: the chain's focus() waits for the next frame, and keys typed before it would land nowhere.
    editor.view.focus();
    let chain = editor.chain().focus().setTextSelection(positionAfterText(editor, entry.offset));
    entry.typed.split('\n').forEach((part, i) => {
      if (i > 0) chain = chain.splitBlock();
      if (part) chain = chain.insertContent({ type: 'text', text: part });
    });
    chain.run();
  }, 0);
}
