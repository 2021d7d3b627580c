/**
 * The fixed bottom toolbar (spec document 1 §2) and its compact mobile variant. Every
 * button is an icon (lucide) with its French label as tooltip and aria-label; table and image-alignment tools appear when the
 * cursor is in a table or an image is selected.
 */
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  BetweenHorizontalEnd,
  BetweenHorizontalStart,
  BetweenVerticalEnd,
  BetweenVerticalStart,
  Bold,
  ChartPie,
  CodeXml,
  Heading1,
  Heading2,
  Heading3,
  Highlighter,
  Image,
  ImagePlus,
  Italic,
  Link,
  List,
  ListOrdered,
  ListTodo,
  Paperclip,
  Quote,
  Redo2,
  SquarePlay,
  Table,
  TableCellsMerge,
  Trash2,
  Undo2,
  Workflow,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useRovingFocus } from '../../ui/roving-focus';

export const HIGHLIGHT_COLOR = '#ffec99';

/** Icons (lucide) at the toolbar's size; each button's French label is its tooltip and accessible name. */
export const ICON = { size: 16, strokeWidth: 2, 'aria-hidden': true } as const;
const HEADING_ICONS = { 1: <Heading1 {...ICON} />, 2: <Heading2 {...ICON} />, 3: <Heading3 {...ICON} /> } as const;

export interface ToolbarActions {
  link: () => void;
  uploadImage: () => void;
  imageByUrl: () => void;
  youtube: () => void;
  attachFile: () => void;
  pieChart: () => void;
  flowchart: () => void;
}

export function ToolButton({ label, onClick, active = false, disabled = false, children }: { label: string; onClick: () => void; active?: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={`inline-flex min-h-8 min-w-8 items-center justify-center rounded px-1.5 py-1 text-sm leading-none text-slate-200 hover:bg-space-700 disabled:opacity-40 ${active ? 'bg-nebula-500/40 text-white' : ''}`}
    >
      {children}
    </button>
  );
}

const Sep = () => <span aria-hidden="true" className="mx-1 h-5 w-px bg-space-600" />;

function useToolbarState(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      highlight: e.isActive('highlight'),
      link: e.isActive('link'),
      h1: e.isActive('heading', { level: 1 }),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      align: (['left', 'center', 'right', 'justify'] as const).find((a) => e.isActive({ textAlign: a })) ?? 'left',
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      task: e.isActive('taskList'),
      quote: e.isActive('blockquote'),
      code: e.isActive('codeBlock'),
      inTable: e.isActive('table'),
      figure: e.isActive('figure'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
}

const run = (editor: Editor) => editor.chain().focus();

export function DesktopToolbar({ editor, actions }: { editor: Editor; actions: ToolbarActions }) {
  const s = useToolbarState(editor);
  const roving = useRovingFocus<HTMLDivElement>();
  return (
    <div {...roving} role="toolbar" aria-label="Barre d'outils de l'éditeur" className="flex flex-wrap items-center gap-0.5 border-t border-space-600 bg-space-800/80 px-1 py-1">
      <ToolButton label="Annuler la modification" disabled={!s.canUndo} onClick={() => run(editor).undo().run()}><Undo2 {...ICON} /></ToolButton>
      <ToolButton label="Rétablir la modification" disabled={!s.canRedo} onClick={() => run(editor).redo().run()}><Redo2 {...ICON} /></ToolButton>
      <Sep />
      <ToolButton label="Gras" active={s.bold} onClick={() => run(editor).toggleBold().run()}><Bold {...ICON} /></ToolButton>
      <ToolButton label="Italique" active={s.italic} onClick={() => run(editor).toggleItalic().run()}><Italic {...ICON} /></ToolButton>
      <ToolButton label="Surligner" active={s.highlight} onClick={() => run(editor).toggleHighlight({ color: HIGHLIGHT_COLOR }).run()}><Highlighter {...ICON} color={HIGHLIGHT_COLOR} /></ToolButton>
      <ToolButton label="Lien" active={s.link} onClick={actions.link}><Link {...ICON} /></ToolButton>
      <Sep />
      {([1, 2, 3] as const).map((level) => (
        <ToolButton key={level} label={`Titre ${level}`} active={s[`h${level}`]} onClick={() => run(editor).toggleHeading({ level }).run()}>{HEADING_ICONS[level]}</ToolButton>
      ))}
      <Sep />
      <ToolButton label="Aligner à gauche" active={s.align === 'left'} onClick={() => run(editor).setTextAlign('left').run()}><AlignLeft {...ICON} /></ToolButton>
      <ToolButton label="Centrer" active={s.align === 'center'} onClick={() => run(editor).setTextAlign('center').run()}><AlignCenter {...ICON} /></ToolButton>
      <ToolButton label="Aligner à droite" active={s.align === 'right'} onClick={() => run(editor).setTextAlign('right').run()}><AlignRight {...ICON} /></ToolButton>
      <ToolButton label="Justifier" active={s.align === 'justify'} onClick={() => run(editor).setTextAlign('justify').run()}><AlignJustify {...ICON} /></ToolButton>
      <Sep />
      <ToolButton label="Liste à puces" active={s.bullet} onClick={() => run(editor).toggleBulletList().run()}><List {...ICON} /></ToolButton>
      <ToolButton label="Liste numérotée" active={s.ordered} onClick={() => run(editor).toggleOrderedList().run()}><ListOrdered {...ICON} /></ToolButton>
      <ToolButton label="Liste de tâches" active={s.task} onClick={() => run(editor).toggleTaskList().run()}><ListTodo {...ICON} /></ToolButton>
      <ToolButton label="Citation" active={s.quote} onClick={() => run(editor).toggleBlockquote().run()}><Quote {...ICON} /></ToolButton>
      <ToolButton label="Bloc de code" active={s.code} onClick={() => run(editor).toggleCodeBlock().run()}><CodeXml {...ICON} /></ToolButton>
      <Sep />
      <ToolButton label="Téléverser une image" onClick={actions.uploadImage}><ImagePlus {...ICON} /></ToolButton>
      <ToolButton label="Image par URL" onClick={actions.imageByUrl}><Image {...ICON} /></ToolButton>
      <ToolButton label="Insérer une vidéo YouTube" onClick={actions.youtube}><SquarePlay {...ICON} /></ToolButton>
      <ToolButton label="Joindre un fichier" onClick={actions.attachFile}><Paperclip {...ICON} /></ToolButton>
      <ToolButton label="Graphique circulaire" onClick={actions.pieChart}><ChartPie {...ICON} /></ToolButton>
      <ToolButton label="Diagramme de flux" onClick={actions.flowchart}><Workflow {...ICON} /></ToolButton>
      <ToolButton label="Insérer un tableau" onClick={() => run(editor).moveCursorPastSelection().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}><Table {...ICON} /></ToolButton>
      {s.inTable && <TableTools editor={editor} />}
      {s.figure && <ImageAlignTools editor={editor} />}
    </div>
  );
}

function TableTools({ editor }: { editor: Editor }) {
  return (
    <span role="group" aria-label="Outils du tableau" className="flex flex-wrap items-center gap-0.5 rounded bg-space-900/70 px-1">
      <ToolButton label="Ajouter une colonne avant" onClick={() => run(editor).addColumnBefore().run()}><BetweenHorizontalStart {...ICON} /></ToolButton>
      <ToolButton label="Ajouter une colonne après" onClick={() => run(editor).addColumnAfter().run()}><BetweenHorizontalEnd {...ICON} /></ToolButton>
      <ToolButton label="Supprimer la colonne" onClick={() => run(editor).deleteColumn().run()}>✕|</ToolButton>
      <ToolButton label="Ajouter une ligne avant" onClick={() => run(editor).addRowBefore().run()}><BetweenVerticalStart {...ICON} /></ToolButton>
      <ToolButton label="Ajouter une ligne après" onClick={() => run(editor).addRowAfter().run()}><BetweenVerticalEnd {...ICON} /></ToolButton>
      <ToolButton label="Supprimer la ligne" onClick={() => run(editor).deleteRow().run()}>✕—</ToolButton>
      <ToolButton label="Fusionner ou séparer les cellules" onClick={() => run(editor).mergeOrSplit().run()}><TableCellsMerge {...ICON} /></ToolButton>
      <ToolButton label="Basculer la ligne d'en-tête" onClick={() => run(editor).toggleHeaderRow().run()}>H̲</ToolButton>
      <ToolButton label="Supprimer le tableau" onClick={() => run(editor).deleteTable().run()}><Trash2 {...ICON} /></ToolButton>
    </span>
  );
}

function ImageAlignTools({ editor }: { editor: Editor }) {
  return (
    <span role="group" aria-label="Alignement de l'image" className="flex items-center gap-0.5 rounded bg-space-900/70 px-1">
      <ToolButton label="Aligner l'image à gauche" onClick={() => run(editor).setFigureAlign('left').run()}>⇠</ToolButton>
      <ToolButton label="Centrer l'image" onClick={() => run(editor).setFigureAlign('center').run()}>⇹</ToolButton>
      <ToolButton label="Aligner l'image à droite" onClick={() => run(editor).setFigureAlign('right').run()}>⇢</ToolButton>
    </span>
  );
}

/** The web view's compact toolbar: one scrolling row of the most used tools. */
export function MobileToolbar({ editor, actions }: { editor: Editor; actions: ToolbarActions }) {
  const s = useToolbarState(editor);
  const roving = useRovingFocus<HTMLDivElement>();
  return (
    <div {...roving} role="toolbar" aria-label="Barre d'outils mobile" className="flex items-center gap-1 overflow-x-auto border-t border-space-600 bg-space-800 px-1 py-1.5">
      <ToolButton label="Annuler la modification" disabled={!s.canUndo} onClick={() => run(editor).undo().run()}><Undo2 {...ICON} /></ToolButton>
      <ToolButton label="Rétablir la modification" disabled={!s.canRedo} onClick={() => run(editor).redo().run()}><Redo2 {...ICON} /></ToolButton>
      <ToolButton label="Gras" active={s.bold} onClick={() => run(editor).toggleBold().run()}><Bold {...ICON} /></ToolButton>
      <ToolButton label="Italique" active={s.italic} onClick={() => run(editor).toggleItalic().run()}><Italic {...ICON} /></ToolButton>
      <ToolButton label="Titre 2" active={s.h2} onClick={() => run(editor).toggleHeading({ level: 2 }).run()}><Heading2 {...ICON} /></ToolButton>
      <ToolButton label="Liste à puces" active={s.bullet} onClick={() => run(editor).toggleBulletList().run()}><List {...ICON} /></ToolButton>
      <ToolButton label="Liste de tâches" active={s.task} onClick={() => run(editor).toggleTaskList().run()}><ListTodo {...ICON} /></ToolButton>
      <ToolButton label="Lien" active={s.link} onClick={actions.link}><Link {...ICON} /></ToolButton>
      <ToolButton label="Téléverser une image" onClick={actions.uploadImage}><ImagePlus {...ICON} /></ToolButton>
      <ToolButton label="Graphique circulaire" onClick={actions.pieChart}><ChartPie {...ICON} /></ToolButton>
      <ToolButton label="Diagramme de flux" onClick={actions.flowchart}><Workflow {...ICON} /></ToolButton>
    </div>
  );
}
