// (tests/unit/dom: unit tests of browser code, type-checked with the web app's DOM types.)
// The editor's footer counts (editor/editor-counts.ts) follow the document a moment after it
// changes, once for a burst of keystrokes, and not inside the keystroke that changed it: each
// count reads the whole document's text.
import { Editor } from '@tiptap/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildExtensions } from '../../../web/src/editor/extensions';
import { COUNT_EVERY_MS, countsOf, watchCounts, type EditorCounts } from '../../../web/src/editor/editor-counts';

const noop = () => undefined;
const paragraph = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
/** A key typed at the end of the document's last paragraph. */
const type = (editor: Editor, text: string) => editor.commands.insertContentAt(editor.state.doc.content.size - 1, { type: 'text', text });

function editorWith(text: string) {
  const extensions = buildExtensions({ handlers: { onWikiLink: noop, onCreateConcept: noop, onEditChart: noop, isWebView: () => false }, withSuggestions: false, withHistory: true });
  return new Editor({ element: null, extensions, content: { type: 'doc', content: [paragraph(text)] } });
}

describe("the editor's footer counts", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts the words and characters of the document', () => {
    const editor = editorWith('Les mitochondries produisent');
    expect(countsOf(editor)).toEqual({ words: 3, characters: 28 });
    editor.destroy();
  });

  it('are not worked out while a keystroke is handled, and follow a burst of them once, a moment later', () => {
    const editor = editorWith('Les mitochondries');
    const seen: EditorCounts[] = [];
    const stop = watchCounts(editor, (counts) => seen.push(counts));
    const storage = editor.storage.characterCount as { words(): number };
    const words = vi.spyOn(storage, 'words');
    for (const key of [' ', 'A', 'T', 'P']) type(editor, key);
    expect(words).not.toHaveBeenCalled();
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(COUNT_EVERY_MS);
    expect(seen).toEqual([{ words: 3, characters: 21 }]);
    expect(words).toHaveBeenCalledTimes(1);
    stop();
    editor.destroy();
  });

  it('stop following once stopped, and never count a destroyed editor', () => {
    const editor = editorWith('Ribosome');
    const seen: EditorCounts[] = [];
    const stop = watchCounts(editor, (counts) => seen.push(counts));
    type(editor, 's');
    stop();
    vi.advanceTimersByTime(COUNT_EVERY_MS);
    const again = watchCounts(editor, (counts) => seen.push(counts));
    type(editor, '!');
    editor.destroy();
    vi.advanceTimersByTime(COUNT_EVERY_MS);
    again();
    expect(seen).toEqual([]);
  });
});
