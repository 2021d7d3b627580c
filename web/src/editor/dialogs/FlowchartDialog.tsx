/**
 * Flowchart dialog (spec document 1 §5): nodes (id, label, shape, colour), links
 * (source, target, text, arrow, colour) and a direction, turned into Mermaid code.
 * The rules and messages live in @domain/mermaid-charts.
 */
import { useState } from 'react';
import {
  DEFAULT_LINK_COLOR,
  DEFAULT_NODE_COLOR,
  FLOW_ARROWS,
  FLOW_DIRECTIONS,
  flowchartCode,
  NODE_SHAPES,
  parseFlowchartCode,
  prepareLink,
  prepareNode,
  removeNode,
  type Flowchart,
  type FlowLink,
  type FlowNode,
} from '@domain/mermaid-charts';
import { EditorDialog, ErrorText } from './EditorDialog';

const emptyNode = (): FlowNode => ({ id: '', label: '', shape: 'rect', color: DEFAULT_NODE_COLOR });
let linkCounter = 0;
const emptyLink = (): FlowLink => ({ id: `link-${++linkCounter}`, source: '', target: '', text: '', arrow: '-->', color: DEFAULT_LINK_COLOR });

export function FlowchartDialog({ code, onSubmit, onClose }: { code?: string; onSubmit: (code: string) => void; onClose: () => void }) {
  const [chart, setChart] = useState<Flowchart>(() => (code ? parseFlowchartCode(code) : { direction: 'TD', nodes: [], links: [] }));
  const [node, setNode] = useState<FlowNode>(emptyNode);
  const [link, setLink] = useState<FlowLink>(emptyLink);
  const [error, setError] = useState<string | null>(null);

  const addNode = () => {
    const result = prepareNode(node, chart.nodes);
    if ('error' in result) return setError(result.error);
    setChart((c) => ({ ...c, nodes: [...c.nodes, result.node] }));
    setNode(emptyNode());
    setError(null);
  };
  const addLink = () => {
    const result = prepareLink(link);
    if ('error' in result) return setError(result.error);
    setChart((c) => ({ ...c, links: [...c.links, result.link] }));
    setLink(emptyLink());
    setError(null);
  };
  const submit = () => {
    const result = flowchartCode(chart);
    if ('error' in result) return setError(result.error);
    onSubmit(result.code);
  };
  const nodeOptions = chart.nodes.map((n) => <option key={n.id} value={n.id}>{n.label} ({n.id})</option>);

  return (
    <EditorDialog
      wide
      title={code ? 'Modifier le diagramme de flux' : 'Créer un diagramme de flux'}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn-ghost" onClick={onClose}>Annuler</button>
          <button type="button" className="btn-primary" onClick={submit}>{code ? 'Mettre à jour' : 'Créer'}</button>
        </>
      }
    >
      <ErrorText text={error} />
      <label className="block text-sm">
        Direction
        <select className="field mt-1" value={chart.direction} onChange={(e) => setChart((c) => ({ ...c, direction: e.target.value as Flowchart['direction'] }))}>
          {FLOW_DIRECTIONS.map((d) => <option key={d} value={d}>{d}</option>)}
        </select>
      </label>
      <section aria-label="Nœuds" className="space-y-2">
        <h3 className="font-medium">Nœuds</h3>
        <ul className="space-y-1 text-sm">
          {chart.nodes.map((n) => (
            <li key={n.id} className="flex items-center gap-2">
              <span className="inline-block h-3 w-3 rounded-full" style={{ background: n.color }} />
              <span className="flex-1">{n.label} <span className="text-slate-400">({n.id}, {n.shape})</span></span>
              <button type="button" className="btn-ghost px-2 py-0.5 text-xs" aria-label={`Supprimer le nœud ${n.label}`} title={`Supprimer le nœud ${n.label}`} onClick={() => setChart((c) => removeNode(c, n.id))}>✕</button>
            </li>
          ))}
        </ul>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          <label className="text-xs">ID du nœud<input className="field mt-1" value={node.id} onChange={(e) => setNode({ ...node, id: e.target.value })} /></label>
          <label className="text-xs sm:col-span-2">Libellé du nœud<input className="field mt-1" value={node.label} onChange={(e) => setNode({ ...node, label: e.target.value })} /></label>
          <label className="text-xs">Forme
            <select className="field mt-1" value={node.shape} onChange={(e) => setNode({ ...node, shape: e.target.value as FlowNode['shape'] })}>
              {NODE_SHAPES.map((s) => <option key={s} value={s}>{s}</option>)}
            </select>
          </label>
          <label className="text-xs">Couleur du nœud<input type="color" className="mt-1 h-10 w-full" value={node.color} onChange={(e) => setNode({ ...node, color: e.target.value })} /></label>
        </div>
        <button type="button" className="btn-ghost" onClick={addNode}>Ajouter le nœud</button>
      </section>
      <section aria-label="Liens" className="space-y-2">
        <h3 className="font-medium">Liens</h3>
        <ul className="space-y-1 text-sm">
          {chart.links.map((l) => (
            <li key={l.id} className="flex items-center gap-2">
              <span className="flex-1">{l.source} {l.arrow} {l.target} {l.text && `« ${l.text} »`}</span>
              <button type="button" className="btn-ghost px-2 py-0.5 text-xs" aria-label={`Supprimer le lien ${l.source} ${l.target}`} title={`Supprimer le lien ${l.source} ${l.target}`} onClick={() => setChart((c) => ({ ...c, links: c.links.filter((x) => x.id !== l.id) }))}>✕</button>
            </li>
          ))}
        </ul>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-5">
          <label className="text-xs">Source<select className="field mt-1" value={link.source} onChange={(e) => setLink({ ...link, source: e.target.value })}><option value="">—</option>{nodeOptions}</select></label>
          <label className="text-xs">Cible<select className="field mt-1" value={link.target} onChange={(e) => setLink({ ...link, target: e.target.value })}><option value="">—</option>{nodeOptions}</select></label>
          <label className="text-xs">Texte du lien<input className="field mt-1" value={link.text} onChange={(e) => setLink({ ...link, text: e.target.value })} /></label>
          <label className="text-xs">Flèche
            <select className="field mt-1" value={link.arrow} onChange={(e) => setLink({ ...link, arrow: e.target.value as FlowLink['arrow'] })}>
              {FLOW_ARROWS.map((a) => <option key={a} value={a}>{a}</option>)}
            </select>
          </label>
          <label className="text-xs">Couleur du lien<input type="color" className="mt-1 h-10 w-full" value={link.color} onChange={(e) => setLink({ ...link, color: e.target.value })} /></label>
        </div>
        <button type="button" className="btn-ghost" onClick={addLink}>Ajouter le lien</button>
      </section>
    </EditorDialog>
  );
}
