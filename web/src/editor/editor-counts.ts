/**
 * The editor's word and character counts, as its footer shows them, worked out a moment
 * after the document changes rather than inside the keystroke that changed it: each count
 * reads the whole document's text, about 8 ms of a keystroke's 38 at 4x CPU in a
 * 100,000-character document, and nobody reads the count in the middle of a word. The
 * footer counts when it mounts (`countsOf`), then follows the document at most once every
 * COUNT_EVERY_MS while it changes (`watchCounts`: the person's typing and other devices'
 * edits alike). The character limit itself is still enforced on every change, by the
 * CharacterCount extension.
 */
import type { Editor } from '@tiptap/core';

export interface EditorCounts {
  words: number;
  characters: number;
}

/** How long after a change the counts follow it. */
export const COUNT_EVERY_MS = 250;

export function countsOf(editor: Editor): EditorCounts {
  // The storage is briefly absent while a node view re-renders the tree: count 0 then.
  const storage = editor.storage.characterCount;
  return { words: (storage?.words() as number) ?? 0, characters: (storage?.characters() as number) ?? 0 };
}

/** Calls `onCounts` with the editor's counts COUNT_EVERY_MS after a change (one call for the changes meanwhile); answers a stop. */
export function watchCounts(editor: Editor, onCounts: (counts: EditorCounts) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const count = () => {
    timer = undefined;
    onCounts(countsOf(editor));
  };
  const changed = () => {
    timer ??= setTimeout(count, COUNT_EVERY_MS);
  };
  // A destroyed editor is never counted.
  const stop = () => {
    editor.off('update', changed);
    editor.off('destroy', stop);
    clearTimeout(timer);
  };
  editor.on('update', changed);
  editor.on('destroy', stop);
  return stop;
}
