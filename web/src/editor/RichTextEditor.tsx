/**
 * The one rich-text editor of the product (concept form, concept page, embedded editor,
 * later daily-note blocks). Content is a ProseMirror/Tiptap JSON document.
 * This first version carries StarterKit only; the full toolbox (toolbars, menus,
 * suggestions, uploads, diagrams) grows behind the same props.
 */
import type { AnyExtension } from '@tiptap/core';
import { EditorContent, useEditor, type JSONContent } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';

export interface RichTextEditorProps {
  /** Initial document (JSON). Later changes to `value` replace the content only when `editable` is false. */
  value: JSONContent | null;
  onChange?: (doc: JSONContent, text: string) => void;
  editable?: boolean;
  disabled?: boolean;
  /** The concept being edited, when known (enables flashcard-from-selection and links). */
  conceptId?: number;
  placeholder?: string;
  ariaLabel?: string;
  /** Extensions a screen adds (e.g. auto-linking of concept titles in a read-only view). */
  extraExtensions?: AnyExtension[];
}

export function RichTextEditor({ value, onChange, editable = true, disabled = false, ariaLabel = 'Contenu', extraExtensions = [] }: RichTextEditorProps) {
  const editor = useEditor({
    extensions: [StarterKit, ...extraExtensions],
    content: value ?? '',
    editable: editable && !disabled,
    editorProps: { attributes: { 'aria-label': ariaLabel, class: 'prose prose-invert max-w-none min-h-[150px] max-h-[600px] overflow-y-auto focus:outline-none p-3' } },
    onUpdate: ({ editor: e }) => onChange?.(e.getJSON(), e.getText()),
  });
  useEffect(() => {
    editor?.setEditable(editable && !disabled);
  }, [editor, editable, disabled]);
  useEffect(() => {
    if (editor && !editable && value) editor.commands.setContent(value);
  }, [editor, editable, value]);
  return <EditorContent editor={editor} className={editable ? 'rounded-md border border-space-600 bg-space-900' : ''} />;
}
