/**
 * A paste that would take the document past its character limit (spec document 3 §5:
 * 100,000): CharacterCount alone refuses the whole paste when it cannot trim it, silently.
 * Here the start of the pasted text that fits is inserted (as plain paragraphs), and the
 * person is told why the rest is missing.
 */
import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';

/** '100 000': the limit as the message writes it. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

export function pasteTooLongMessage(limit: number, pasted: number, kept: number): string {
  const why = pasted > limit ? `Le texte collé dépasse ${grouped(limit)} caractères.` : `Le texte collé ferait dépasser ${grouped(limit)} caractères.`;
  return kept > 0 ? `${why} Seuls les ${grouped(kept)} premiers caractères ont été collés.` : `${why} Rien n'a été collé.`;
}

/** The lines of `text` holding at most `room` characters in all (line breaks do not count). */
export function linesWithin(text: string, room: number): string[] {
  const kept: string[] = [];
  let left = room;
  for (const line of text.split(/\r?\n/)) {
    if (left <= 0) break;
    kept.push(line.slice(0, left));
    left -= Math.min(line.length, left);
  }
  return kept;
}

export const PasteLimit = Extension.create<{ limit: number; onTrimmed: (message: string) => void }>({
  name: 'pasteLimit',
  addOptions() {
    return { limit: 100_000, onTrimmed: () => undefined };
  },
  addProseMirrorPlugins() {
    const { editor } = this;
    const { limit, onTrimmed } = this.options;
    return [
      new Plugin({
        key: new PluginKey('pasteLimit'),
        props: {
          handlePaste: (view, event, slice) => {
            const counted = (editor.storage.characterCount?.characters() as number | undefined) ?? view.state.doc.textContent.length;
            const { from, to } = view.state.selection;
            const replaced = view.state.doc.textBetween(from, to, undefined, ' ').length;
            const text = event.clipboardData?.getData('text/plain') || slice.content.textBetween(0, slice.content.size, '\n', ' ');
            const pastedChars = text.replace(/\r?\n/g, '').length;
            if (counted - replaced + pastedChars <= limit) return false;
            const room = Math.max(0, limit - counted + replaced);
            const lines = linesWithin(text, room);
            const kept = lines.join('').length;
            if (kept > 0) {
              const content = lines.length === 1 ? lines[0]! : lines.map((line) => (line ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' }));
              editor.chain().focus().insertContent(content).run();
            }
            onTrimmed(pasteTooLongMessage(limit, pastedChars, kept));
            return true;
          },
        },
      }),
    ];
  },
});
