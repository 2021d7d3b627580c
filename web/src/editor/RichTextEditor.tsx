/**
 * The one rich-text editor of the product (concept form, concept page, embedded editors,
 * test pages, later daily-note blocks). Content is a ProseMirror/Tiptap JSON document,
 * always rendered through the schema (never as stored HTML), so a saved document cannot
 * run script. Spec: document 1 §2 'Rich-text editor', §5; document 3 §2.9.
 */
import type { AnyExtension, Editor, EditorOptions, Range } from '@tiptap/core';
import { EditorContent, useEditor, type JSONContent } from '@tiptap/react';
import { useCallback, useContext, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { ConceptRef } from '../api/concepts';
import { useAuth } from '../ui/auth-context';
import { useToast } from '../ui/Toasts';
import { insertPendingLink, resolvePendingLinks } from './concept-links';
import { FlashcardFromSelectionDialog } from './dialogs/FlashcardFromSelectionDialog';
import { FlowchartDialog } from './dialogs/FlowchartDialog';
import { PieChartDialog } from './dialogs/PieChartDialog';
import { QuickConceptDialog } from './dialogs/QuickConceptDialog';
import './editor.css';
import { buildExtensions, EDITOR_CHARACTER_LIMIT, type EditorHandlers } from './extensions';
import { LiveEditingContext, type LiveSession } from './live-session';
import { bestConceptMatch, searchConcepts } from './menus/triggers';
import { EmptyLineMenu, SelectionBubbleMenu } from './menus/SelectionMenus';
import { DesktopToolbar, MobileToolbar } from './menus/Toolbar';
import { countsOf, watchCounts } from './editor-counts';
import { PlacedView, useEditorInSteps, useFocusedOnce } from './editor-in-steps';
import { WikiLinkView } from './nodes/wiki-link-view';
import { useEditorActions, type EditorDialogState } from './use-editor-actions';

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
  /** Which toolbar: the desktop one, the web view's compact one, or none. Default: by environment. */
  toolbar?: 'desktop' | 'mobile' | 'none';
  /** Maximum characters (default 100000). */
  characterLimit?: number;
  /** Gives the screen the editor instance (tests, embedded host messages). */
  onReady?: (editor: Editor) => void;
  /**
   * Edit a live document (a concept's, or one block of a daily note: only its extensions are
   * needed, editor/collaboration.ts) instead of `value`. Defaults
   * to the session a screen provides through LiveEditingContext; `null` opts out.
   */
  collaboration?: Pick<LiveSession, 'extensions'> | null;
  /** The dialog for an unknown [[name]] (default: the editor's quick creation, spec document 1 §2). */
  conceptDialog?: ComponentType<ConceptDialogProps>;
  /**
   * Made in steps, each in a task of its own (editor-in-steps.tsx), `fallback` shown meanwhile:
   * for a page of many editors. Read once.
   */
  madeInSteps?: boolean;
  fallback?: ReactNode;
}

export interface ConceptDialogProps {
  name: string;
  onCreated(concept: ConceptRef): void;
  onClose(): void;
}

function Footer({ editor, limit }: { editor: Editor; limit: number }) {
  const [{ words, characters }, setCounts] = useState(() => countsOf(editor));
  useEffect(() => {
    // Counted again as it is watched: a change between the render and now (another device's) has no 'update' left to hear.
    setCounts(countsOf(editor));
    return watchCounts(editor, setCounts);
  }, [editor]);
  return (
    <div className="flex justify-end gap-4 px-3 py-1 text-xs text-slate-400" data-testid="editor-counts">
      <span>{words} mots</span>
      <span>
        {characters} / {limit} caractères
      </span>
    </div>
  );
}

export function RichTextEditor(props: RichTextEditorProps) {
  return props.madeInSteps ? <EditorMadeInSteps {...props} /> : <EditorMadeAtOnce {...props} />;
}

function EditorMadeAtOnce(props: RichTextEditorProps) {
  const setup = useEditorSetup(props);
  const editor = useEditor(setup.options);
  if (!editor) return null;
  return <EditorFrame {...props} setup={setup} editor={editor} view={<EditorContent editor={editor} />} menus />;
}

/** Shows `fallback` until the editor is made (editor-in-steps.tsx), its menus once it first has the focus. */
function EditorMadeInSteps(props: RichTextEditorProps) {
  const setup = useEditorSetup(props);
  const editor = useEditorInSteps(setup.options);
  const menus = useFocusedOnce(editor);
  if (!editor) return <>{props.fallback}</>;
  return <EditorFrame {...props} setup={setup} editor={editor} view={<PlacedView editor={editor} />} menus={menus} />;
}

type EditorSetup = ReturnType<typeof useEditorSetup>;

/** The editor's options (its extensions made once) and the dialogs its commands open. */
function useEditorSetup({ value, onChange, editable = true, disabled = false, placeholder, ariaLabel = 'Contenu', extraExtensions = [], characterLimit = EDITOR_CHARACTER_LIMIT, collaboration }: RichTextEditorProps) {
  const contextSession = useContext(LiveEditingContext);
  // Only an editable editor joins a live document; read-only views render their value.
  const live = editable ? (collaboration === undefined ? contextSession : collaboration) : null;
  const extras = live ? [...extraExtensions, ...live.extensions] : editable ? extraExtensions : [...extraExtensions, WikiLinkView];
  const { isWebView } = useAuth();
  const toast = useToast();
  const [dialog, setDialog] = useState<EditorDialogState>(null);
  const handlers = useRef<EditorHandlers>(null!);
  const editorRef = useRef<Editor | null>(null);
  const actionsRef = useRef<ReturnType<typeof useEditorActions> | null>(null);
  handlers.current = {
    isWebView: () => isWebView,
    onEditChart: ({ code, diagramType, update }) => diagramType !== 'generic' && setDialog({ kind: diagramType, code, update }),
    onCreateConcept: (name: string, range: Range) => {
      if (editorRef.current) insertPendingLink(editorRef.current, range, name);
      setDialog({ kind: 'concept', name });
    },
    onPasteTrimmed: (message: string) => toast.error(message),
    onWikiLink: (name: string, quiet = false) => {
      searchConcepts(name).then(
        (hits) => {
          const match = bestConceptMatch(name, hits);
          if (match && editorRef.current) resolvePendingLinks(editorRef.current, name, match);
          else if (!quiet) setDialog({ kind: 'concept', name });
        },
        () => !quiet && setDialog({ kind: 'concept', name }),
      );
    },
  };

  const extensions = useMemo(
    () => [...buildExtensions({ placeholder, limit: characterLimit, handlers: { isWebView: () => handlers.current.isWebView(), onEditChart: (p) => handlers.current.onEditChart(p), onCreateConcept: (n, r) => handlers.current.onCreateConcept(n, r), onWikiLink: (n, q) => handlers.current.onWikiLink(n, q), onPasteTrimmed: (m) => handlers.current.onPasteTrimmed?.(m) }, withSuggestions: editable, withHistory: !extras.some((e) => e.name === 'collaboration') }), ...extras],
    // The schema is fixed for the editor's lifetime; extraExtensions are read once too.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  const options: Partial<EditorOptions> = {
    extensions,
    // A live document comes from the room: initial content would be inserted a second time.
    content: live ? undefined : (value ?? ''),
    editable: editable && !disabled,
    editorProps: {
      attributes: { 'aria-label': ariaLabel, role: 'textbox', 'aria-multiline': 'true', class: editable ? 'min-h-[150px] max-h-[600px] overflow-y-auto p-3' : 'p-1' },
      handleDrop: (_view, event, _slice, moved) => {
        const file = !moved ? (event as DragEvent).dataTransfer?.files?.[0] : undefined;
        if (!file || !file.type.startsWith('image/')) return false;
        event.preventDefault();
        void actionsRef.current?.uploadImageFile(file);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => onChange?.(e.getJSON(), e.getText()),
  };
  return { options, dialog, setDialog, editorRef, actionsRef, isWebView };
}

type FrameProps = RichTextEditorProps & { setup: EditorSetup; editor: Editor; view: ReactNode; menus: boolean };

/** The editor's view inside its frame: menus, counts, toolbar and dialogs. */
function EditorFrame({ setup, editor, view, menus, value, editable = true, disabled = false, conceptId, toolbar, characterLimit = EDITOR_CHARACTER_LIMIT, onReady, conceptDialog: ConceptDialog = QuickConceptDialog }: FrameProps) {
  const { dialog, setDialog, editorRef, actionsRef, isWebView } = setup;
  editorRef.current = editor;
  const actions = useEditorActions(editor, conceptId, setDialog);
  actionsRef.current = actions;

  useEffect(() => {
    // No update event: toggling editability is not an edit (it would mark forms dirty).
    if (editor.isEditable !== (editable && !disabled)) editor.setEditable(editable && !disabled, false);
  }, [editor, editable, disabled]);
  useEffect(() => {
    if (!editable && value) editor.commands.setContent(value);
  }, [editor, editable, value]);
  useEffect(() => {
    if (onReady) onReady(editor);
  }, [editor, onReady]);

  const closeDialog = useCallback(() => setDialog(null), []);
  const insertChart = (kind: 'pie' | 'flowchart', code: string, update?: (code: string) => void) => {
    if (update) update(code);
    else editor.chain().focus().setMermaid({ code, diagramType: kind }).run();
    setDialog(null);
  };

  const toolbarKind = !editable ? 'none' : (toolbar ?? (isWebView ? 'mobile' : 'desktop'));

  return (
    <div className={`astro-editor ${editable ? 'rounded-md border border-space-600 bg-space-900' : ''}`} data-testid="rich-text-editor">
      {view}
      {editable && (
        <>
          {menus && (
            <>
              <SelectionBubbleMenu editor={editor} onLink={actions.link} onFlashcard={conceptId ? actions.flashcardFromSelection : undefined} onCloze={conceptId ? actions.clozeFromSelection : undefined} />
              <EmptyLineMenu editor={editor} onImageByUrl={actions.imageByUrl} />
            </>
          )}
          <Footer editor={editor} limit={characterLimit} />
        </>
      )}
      {toolbarKind === 'desktop' && <DesktopToolbar editor={editor} actions={actions} />}
      {toolbarKind === 'mobile' && <MobileToolbar editor={editor} actions={actions} />}
      {dialog?.kind === 'pie' && <PieChartDialog code={dialog.code} onClose={closeDialog} onSubmit={(code) => insertChart('pie', code, dialog.update)} />}
      {dialog?.kind === 'flowchart' && <FlowchartDialog code={dialog.code} onClose={closeDialog} onSubmit={(code) => insertChart('flowchart', code, dialog.update)} />}
      {dialog?.kind === 'flashcard' && <FlashcardFromSelectionDialog conceptId={dialog.conceptId} selection={dialog.selection} cloze={dialog.cloze} onClose={closeDialog} />}
      {dialog?.kind === 'concept' && (
        <ConceptDialog
          name={dialog.name}
          onClose={closeDialog}
          onCreated={(concept) => {
            resolvePendingLinks(editor, dialog.name, concept);
            setDialog(null);
          }}
        />
      )}
    </div>
  );
}
