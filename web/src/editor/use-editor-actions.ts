/**
 * What the toolbar and menu buttons do beyond a single command: prompts with their
 * validation messages, uploads with their notices, and opening the dialogs.
 */
import type { Editor } from '@tiptap/core';
import { clozeFromSelection, type ClozeCard } from '@domain/cloze';
import { useMemo } from 'react';
import { readImageUrl, readLinkInput } from '@domain/safe-url';
import { INVALID_YOUTUBE_URL, youtubeEmbedUrl } from '@domain/youtube';
import { ACCEPTED_IMAGE_TYPES } from '@domain/sniff-image';
import { useToast } from '../ui/Toasts';
import { CLOZE_NEEDS_CONTEXT, FLASHCARD_MESSAGES } from './dialogs/FlashcardFromSelectionDialog';
import type { ToolbarActions } from './menus/Toolbar';
import { ACCEPTED_IMAGES, FileTooLargeError, pickFile, UPLOAD_MESSAGES, uploadToServer } from './uploads';

export type EditorDialogState =
  | { kind: 'pie' | 'flowchart'; code?: string; update?: (code: string) => void }
  | { kind: 'flashcard'; selection: string; conceptId: number; cloze?: ClozeCard }
  | { kind: 'concept'; name: string }
  | null;

export interface EditorActions extends ToolbarActions {
  flashcardFromSelection: () => void;
  clozeFromSelection: () => void;
  uploadImageFile: (file: File) => Promise<void>;
}

export function useEditorActions(editor: Editor | null, conceptId: number | undefined, openDialog: (d: EditorDialogState) => void): EditorActions {
  const toast = useToast();
  return useMemo(() => {
    const uploadImageFile = async (file: File) => {
      if (!editor) return;
      if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return void toast.error(UPLOAD_MESSAGES.imageFailed);
      toast.info(UPLOAD_MESSAGES.imageUploading);
      try {
        const uploaded = await uploadToServer('image', file);
        editor.chain().focus().setFigure({ src: uploaded.public_url, alt: uploaded.fileName, title: '' }).run();
        toast.success(UPLOAD_MESSAGES.imageDone);
      } catch (e) {
        toast.error(e instanceof FileTooLargeError ? UPLOAD_MESSAGES.tooLarge : UPLOAD_MESSAGES.imageFailed);
      }
    };
    return {
      link: () => {
        if (!editor) return;
        const answer = window.prompt('URL du lien', editor.getAttributes('link').href ?? '');
        if (answer === null) return;
        const input = readLinkInput(answer);
        if (input.kind === 'invalid') return void toast.error('URL invalide');
        const chain = editor.chain().focus().extendMarkRange('link');
        if (input.kind === 'remove') return void chain.unsetLink().run();
        if (editor.state.selection.empty && !editor.isActive('link')) {
          return void chain.insertContent({ type: 'text', text: input.href, marks: [{ type: 'link', attrs: { href: input.href } }] }).run();
        }
        chain.setLink({ href: input.href }).run();
      },
      imageByUrl: () => {
        if (!editor) return;
        const answer = window.prompt("URL de l'image");
        if (answer === null) return;
        const src = readImageUrl(answer);
        if (!src) return void toast.error("URL de l'image invalide");
        editor.chain().focus().setFigure({ src, alt: '', title: '' }).run();
      },
      youtube: () => {
        if (!editor) return;
        const answer = window.prompt('URL de la vidéo YouTube');
        if (answer === null) return;
        const src = youtubeEmbedUrl(answer);
        if (!src) return void window.alert(INVALID_YOUTUBE_URL);
        editor.chain().focus().setYoutubeVideo({ src }).run();
      },
      uploadImage: async () => {
        const file = await pickFile(ACCEPTED_IMAGES);
        if (file) await uploadImageFile(file);
      },
      uploadImageFile,
      attachFile: async () => {
        if (!editor) return;
        const file = await pickFile();
        if (!file) return;
        toast.info(UPLOAD_MESSAGES.fileUploading);
        try {
          const uploaded = await uploadToServer('file', file);
          editor.chain().focus().setFileAttachment({ src: uploaded.public_url, fileName: uploaded.fileName, mimeType: uploaded.mimeType, fileSize: uploaded.fileSize }).run();
          toast.success(UPLOAD_MESSAGES.fileDone);
        } catch (e) {
          toast.error(e instanceof FileTooLargeError ? UPLOAD_MESSAGES.tooLarge : UPLOAD_MESSAGES.fileFailed);
        }
      },
      pieChart: () => openDialog({ kind: 'pie' }),
      flowchart: () => openDialog({ kind: 'flowchart' }),
      flashcardFromSelection: () => {
        if (!editor) return;
        const { from, to } = editor.state.selection;
        const selection = editor.state.doc.textBetween(from, to, ' ').trim();
        if (!selection) return void toast.error(FLASHCARD_MESSAGES.noSelection);
        if (!conceptId) return void toast.error(FLASHCARD_MESSAGES.noConcept);
        openDialog({ kind: 'flashcard', selection, conceptId });
      },
      clozeFromSelection: () => {
        if (!editor) return;
        const { $from, from, to } = editor.state.selection;
        if (from === to) return void toast.error(FLASHCARD_MESSAGES.noSelection);
        if (!conceptId) return void toast.error(FLASHCARD_MESSAGES.noConcept);
        // The sentence is read in the block where the selection starts.
        const block = $from.parent;
        const start = $from.start();
        const text = block.textBetween(0, block.content.size, ' ', ' ');
        const card = clozeFromSelection(text, from - start, Math.min(to, $from.end()) - start);
        if (!card) return void toast.error(CLOZE_NEEDS_CONTEXT);
        openDialog({ kind: 'flashcard', selection: card.answer, conceptId, cloze: card });
      },
    };
  }, [editor, conceptId, openDialog, toast]);
}
