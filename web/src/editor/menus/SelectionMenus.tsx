/**
 * The selection bubble menu (bold, italic, link, unlink, flashcard and cloze card from the
 * selection when the concept is known) and the empty-line floating menu (heading 2, lists, quote, image
 * by URL, 3x3 table) of spec document 1 §2.
 */
import type { Editor } from '@tiptap/core';
import { PluginKey, TextSelection } from '@tiptap/pm/state';
import { useEffect } from 'react';
import { BubbleMenu, FloatingMenu } from '@tiptap/react/menus';
import { Bold, Heading2, Image, Italic, Link, List, ListOrdered, Quote, Table, Unlink } from 'lucide-react';
import { ICON, ToolButton } from './Toolbar';
import { useRovingFocus } from '../../ui/roving-focus';

const menuClass = 'flex items-center gap-0.5 rounded-md border border-space-600 bg-space-800 p-1 shadow-xl';

export function SelectionBubbleMenu({ editor, onLink, onFlashcard, onCloze }: { editor: Editor; onLink: () => void; onFlashcard?: () => void; onCloze?: () => void }) {
  const roving = useRovingFocus<HTMLDivElement>();
  return (
    <BubbleMenu editor={editor} shouldShow={({ editor: e, state }) => e.isEditable && !state.selection.empty && state.selection instanceof TextSelection}>
      <div {...roving} role="toolbar" aria-label="Menu de sélection" className={menuClass}>
        <ToolButton label="Gras" active={editor.isActive('bold')} onClick={() => editor.chain().focus().toggleBold().run()}><Bold {...ICON} /></ToolButton>
        <ToolButton label="Italique" active={editor.isActive('italic')} onClick={() => editor.chain().focus().toggleItalic().run()}><Italic {...ICON} /></ToolButton>
        <ToolButton label="Lien" onClick={onLink}><Link {...ICON} /></ToolButton>
        <ToolButton label="Retirer le lien" onClick={() => editor.chain().focus().extendMarkRange('link').unsetLink().run()}><Unlink {...ICON} /></ToolButton>
        {onFlashcard && <ToolButton label="Créer une flashcard" onClick={onFlashcard}>Flashcard</ToolButton>}
        {onCloze && <ToolButton label="Créer une carte à trous" onClick={onCloze}>Trou</ToolButton>}
      </div>
    </BubbleMenu>
  );
}

const emptyLineKey = new PluginKey('emptyLineMenu');

export function EmptyLineMenu({ editor, onImageByUrl }: { editor: Editor; onImageByUrl: () => void }) {
  const run = () => editor.chain().focus();
  const roving = useRovingFocus<HTMLDivElement>();
  // The document grows without a transaction when a diagram or an image finishes drawing:
  // the menu follows its line then too.
  useEffect(() => {
    const observer = new ResizeObserver(() => {
      if (!editor.isDestroyed) editor.view.dispatch(editor.state.tr.setMeta(emptyLineKey, 'updatePosition'));
    });
    observer.observe(editor.view.dom);
    return () => observer.disconnect();
  }, [editor]);
  return (
    // Always below the empty line (never flipped above it, even at the end of a scrolled
    // editor): beside the caret it would hide the placeholder, above it the end of the block
    // before (a diagram's edit button, a table's last row).
    <FloatingMenu editor={editor} pluginKey={emptyLineKey} options={{ placement: 'bottom-start', offset: 6, flip: false }}>
      <div {...roving} role="toolbar" aria-label="Menu de ligne vide" className={menuClass}>
        <ToolButton label="Titre 2" onClick={() => run().toggleHeading({ level: 2 }).run()}><Heading2 {...ICON} /></ToolButton>
        <ToolButton label="Liste à puces" onClick={() => run().toggleBulletList().run()}><List {...ICON} /></ToolButton>
        <ToolButton label="Liste numérotée" onClick={() => run().toggleOrderedList().run()}><ListOrdered {...ICON} /></ToolButton>
        <ToolButton label="Citation" onClick={() => run().toggleBlockquote().run()}><Quote {...ICON} /></ToolButton>
        <ToolButton label="Image par URL" onClick={onImageByUrl}><Image {...ICON} /></ToolButton>
        <ToolButton label="Insérer un tableau" onClick={() => run().moveCursorPastSelection().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}><Table {...ICON} /></ToolButton>
      </div>
    </FloatingMenu>
  );
}
