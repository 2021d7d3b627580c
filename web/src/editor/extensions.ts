/**
 * The editor's schema and behaviours in one list, so the concept form, the concept page,
 * the embedded editors and the test pages all render the same document the same way.
 */
import type { AnyExtension, Range } from '@tiptap/core';
import Highlight from '@tiptap/extension-highlight';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { TableKit } from '@tiptap/extension-table';
import TextAlign from '@tiptap/extension-text-align';
import { CharacterCount, Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';
import type { DiagramType } from '@domain/mermaid-charts';
import { isSafeLinkHref } from '@domain/safe-url';
import { conceptTrigger, nameTrigger, slashMenu } from './menus/triggers';
import { ConceptLink, PendingConceptLink } from './nodes/concept-link';
import { SafeInsertion } from './insertion';
import { PasteLimit } from './paste-limit';
import { FileAttachment, Figure, YoutubeVideo } from './nodes/media';
import { MermaidBlock } from './nodes/MermaidBlock';

export const EDITOR_CHARACTER_LIMIT = 100_000;
export const DEFAULT_PLACEHOLDER = 'Commencez à écrire ou tapez "/" pour les commandes...';
export const HEADING_PLACEHOLDER = 'Titre...';

export interface EditorHandlers {
  /** `[[name]]` was typed, or pasted (`quiet`: no creation popup for a name no concept has). */
  onWikiLink: (name: string, quiet?: boolean) => void;
  onCreateConcept: (name: string, range: Range) => void;
  onEditChart: (props: { code: string; diagramType: DiagramType; update: (code: string) => void }) => void;
  isWebView: () => boolean;
  /** A paste was cut to the character limit: what to tell the person. */
  onPasteTrimmed?: (message: string) => void;
}

/** `withHistory` is false when a collaboration extension brings its own (Yjs) undo. */
export function buildExtensions(options: { placeholder?: string; limit?: number; handlers: EditorHandlers; withSuggestions: boolean; withHistory: boolean }): AnyExtension[] {
  const { handlers } = options;
  const extensions: AnyExtension[] = [
    StarterKit.configure({
      ...(options.withHistory ? {} : { undoRedo: false }),
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        isAllowedUri: (url) => isSafeLinkHref(url),
        HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
      },
    }),
    Highlight.configure({ multicolor: true }),
    TextAlign.configure({ types: ['heading', 'paragraph'] }),
    TaskList,
    TaskItem.configure({ nested: true }),
    TableKit.configure({ table: { resizable: false } }),
    Placeholder.configure({ placeholder: ({ node }) => (node.type.name === 'heading' ? HEADING_PLACEHOLDER : (options.placeholder ?? DEFAULT_PLACEHOLDER)) }),
    CharacterCount.configure({ limit: options.limit ?? EDITOR_CHARACTER_LIMIT }),
    PasteLimit.configure({ limit: options.limit ?? EDITOR_CHARACTER_LIMIT, onTrimmed: (message) => handlers.onPasteTrimmed?.(message) }),
    SafeInsertion,
    Figure,
    FileAttachment,
    YoutubeVideo,
    MermaidBlock.configure({ onEditChart: (p) => handlers.onEditChart(p) }),
    ConceptLink,
    PendingConceptLink.configure({ onWikiLink: (name, quiet) => handlers.onWikiLink(name, quiet) }),
  ];
  if (options.withSuggestions) {
    extensions.push(
      slashMenu,
      conceptTrigger((name, range) => handlers.onCreateConcept(name, range)),
      nameTrigger('tag', () => handlers.isWebView()),
      nameTrigger('constellation', () => handlers.isWebView()),
    );
  }
  return extensions;
}
