/**
 * Mermaid diagram block (spec document 1 §2, §4 'Mermaid block'): view mode shows the
 * rendered diagram; clicking it (when editable) opens edit mode with the code and the
 * buttons Annuler, Sauvegarder and Supprimer. Pie charts and flowcharts also open their
 * dialog from a button, handled by the editor through `onEditChart`.
 */
import { Node } from '@tiptap/core';
import { NodeViewWrapper, ReactNodeViewRenderer, type ReactNodeViewProps } from '@tiptap/react';
import { useEffect, useState } from 'react';
import { diagramTypeOf, type DiagramType } from '@domain/mermaid-charts';
import { renderMermaid } from './mermaid-render';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    mermaid: { setMermaid: (attrs: { code: string; diagramType?: DiagramType }) => ReturnType };
  }
}

export interface MermaidOptions {
  onEditChart: (props: { code: string; diagramType: DiagramType; update: (code: string) => void }) => void;
}

function MermaidView({ node, editor, updateAttributes, deleteNode, extension }: ReactNodeViewProps) {
  const code = String(node.attrs.code ?? '');
  const diagramType = (node.attrs.diagramType ?? 'generic') as DiagramType;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(code);
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setFailed(false);
    renderMermaid(code).then(
      (markup) => live && setSvg(markup),
      () => live && (setSvg(null), setFailed(true)),
    );
    return () => {
      live = false;
    };
  }, [code]);

  const editable = editor.isEditable;
  const onEditChart = (extension.options as MermaidOptions).onEditChart;
  const save = () => {
    updateAttributes({ code: draft, diagramType: diagramTypeOf(draft) });
    setEditing(false);
  };

  return (
    <NodeViewWrapper className="my-3 rounded-md border border-space-600 bg-space-950/60 p-2" data-mermaid-block="" data-diagram-type={diagramType} contentEditable={false}>
      {editing ? (
        <div className="space-y-2">
          <label className="block text-xs text-slate-400">
            Code Mermaid
            <textarea className="field mt-1 font-mono text-sm" rows={8} value={draft} onChange={(e) => setDraft(e.target.value)} />
          </label>
          <div className="flex gap-2">
            <button type="button" className="btn-ghost" onClick={() => (setDraft(code), setEditing(false))}>Annuler</button>
            <button type="button" className="btn-primary" onClick={save}>Sauvegarder</button>
            <button type="button" className="btn-ghost text-red-300" onClick={() => deleteNode()}>Supprimer</button>
          </div>
        </div>
      ) : (
        <div>
          <div
            role={editable ? 'button' : undefined}
            tabIndex={editable ? 0 : undefined}
            aria-label={editable ? 'Modifier le diagramme' : 'Diagramme'}
            className={editable ? 'cursor-pointer' : ''}
            onClick={() => editable && (setDraft(code), setEditing(true))}
            onKeyDown={(e) => editable && e.key === 'Enter' && (setDraft(code), setEditing(true))}
          >
            {failed ? <p className="text-sm text-red-300">Erreur de rendu Mermaid</p> : svg ? <div className="mermaid-svg flex justify-center" dangerouslySetInnerHTML={{ __html: svg }} /> : <p className="text-sm text-slate-400">…</p>}
          </div>
          {editable && diagramType !== 'generic' && (
            <button type="button" className="btn-ghost mt-2 px-2 py-1 text-xs" onClick={() => onEditChart({ code, diagramType, update: (next) => updateAttributes({ code: next }) })}>
              {diagramType === 'pie' ? 'Modifier le graphique' : 'Modifier le diagramme de flux'}
            </button>
          )}
        </div>
      )}
    </NodeViewWrapper>
  );
}

export const MermaidBlock = Node.create<MermaidOptions>({
  name: 'mermaid',
  group: 'block',
  atom: true,
  draggable: true,
  addOptions() {
    return { onEditChart: () => undefined };
  },
  addAttributes() {
    return { code: { default: '' }, diagramType: { default: 'generic' } };
  },
  parseHTML() {
    return [{ tag: 'div[data-mermaid]', getAttrs: (el) => ({ code: (el as HTMLElement).textContent ?? '', diagramType: diagramTypeOf((el as HTMLElement).textContent ?? '') }) }];
  },
  renderHTML({ node }) {
    // Stored/copied as plain code text; never as rendered markup.
    return ['div', { 'data-mermaid': '', 'data-diagram-type': node.attrs.diagramType }, ['pre', {}, String(node.attrs.code ?? '')]];
  },
  addNodeView() {
    return ReactNodeViewRenderer(MermaidView);
  },
  addCommands() {
    return {
      setMermaid:
        ({ code, diagramType }) =>
        ({ commands }) =>
          commands.insertAfterSelection({ type: this.name, attrs: { code, diagramType: diagramType ?? diagramTypeOf(code) } }),
    };
  },
});
