/**
 * /graph (spec document 3 §2.4, §9): the concepts and their links as a force-directed graph,
 * laid out in a Web Worker (100 ticks; a return visit refines the layout this browser kept,
 * layout-start.ts) and painted on a canvas by another. Hovering a node shows its
 * title, clicking it opens the concept; wheel zooms, dragging pans. From the keyboard, a
 * search shows a concept and lists it with its nearest nodes (Tab shows each, Enter opens
 * it), and on the canvas itself the arrow keys walk the nodes and Enter opens the one shown.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../ui/Spinner';
import type { GraphEdge, GraphNode } from '../../api/graph';
import { useAuth } from '../../ui/auth-context';
import { GRAPH_FAILED, GRAPH_TICKS, GRAPH_TITLE, type LayoutProgress, type LayoutRequest } from './graph-constants';
import { GraphView, type ScreenPoint } from './graph-view';
import { keepLayout, readKeptLayout } from './kept-layout';
import { keptLayout, layoutStart, type KeptLayout } from './layout-start';
import { graphData } from './prefetch';
import { ConceptSearch, NearbyConcepts, nearestConcepts } from '../../ui/ConceptFinder';

type Load = { phase: 'loading' } | { phase: 'error' } | { phase: 'loaded'; nodes: GraphNode[]; edges: GraphEdge[] };

/**
 * Link ends as indexes, and start positions: the layout kept from the last visit, else the
 * galaxy's (shrunk: related concepts already sit together) for a full layout.
 */
function layoutRequest(nodes: readonly GraphNode[], edges: readonly GraphEdge[], kept: KeptLayout | null): LayoutRequest & { kept: boolean } {
  const index = new Map<number, number>();
  nodes.forEach((n, i) => index.set(n.id, i));
  // Filled in place: this runs in the page's commit, 46,000 links at a time on a large graph.
  const sources = new Int32Array(edges.length);
  const targets = new Int32Array(edges.length);
  let count = 0;
  for (const e of edges) {
    const a = index.get(e.concept_id);
    const b = index.get(e.target_concept_id);
    if (a === undefined || b === undefined || a === b) continue;
    sources[count] = a;
    targets[count] = b;
    count += 1;
  }
  const links = { sources: sources.slice(0, count), targets: targets.slice(0, count) };
  const own = { xs: Float32Array.from(nodes, (n) => n.x / 8), ys: Float32Array.from(nodes, (n) => -n.y / 8) };
  const start = layoutStart(nodes.map((n) => n.id), own, links, kept, GRAPH_TICKS);
  return { ...links, xs: start.xs, ys: start.ys, alpha: start.alpha, ticks: start.ticks, kept: start.kept };
}

function useGraphData(): Load {
  const [load, setLoad] = useState<Load>({ phase: 'loading' });
  useEffect(() => {
    const ctrl = new AbortController();
    graphData(ctrl.signal).then(
      (data) => setLoad({ phase: 'loaded', ...data }),
      () => !ctrl.signal.aborted && setLoad({ phase: 'error' }),
    );
    return () => ctrl.abort();
  }, []);
  return load;
}

export function KnowledgeGraphPage() {
  const load = useGraphData();
  return (
    <section className="flex h-[calc(100vh-3rem)] min-h-[420px] flex-col gap-3">
      <h1 className="text-2xl font-semibold">{GRAPH_TITLE}</h1>
      {load.phase === 'loading' && <Spinner />}
      {load.phase === 'error' && (
        <p role="alert" className="text-red-300">
          {GRAPH_FAILED}
        </p>
      )}
      {load.phase === 'loaded' && <GraphCanvas nodes={load.nodes} edges={load.edges} />}
    </section>
  );
}

function GraphCanvas({ nodes, edges }: { nodes: GraphNode[]; edges: GraphEdge[] }) {
  const navigate = useNavigate();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<GraphView | null>(null);
  const [shown, setShown] = useState<ScreenPoint | null>(null);
  const [stable, setStable] = useState(false);
  const [startedFromKept, setStartedFromKept] = useState(false);
  const userId = useAuth().user?.id;
  const focused = useRef(-1);
  const [chosen, setChosen] = useState<GraphNode | null>(null);
  const indexOf = useMemo(() => new Map(nodes.map((n, i) => [n.id, i])), [nodes]);
  // The keyboard path: the chosen concept and the nodes nearest it in the layout as it stands.
  const nearby = useMemo(() => {
    const v = view.current;
    if (!chosen || !v) return null;
    const [x, y] = v.layoutPoint(indexOf.get(chosen.id)!);
    return nearestConcepts(nodes, chosen, (n) => {
      const [nx, ny] = v.layoutPoint(indexOf.get(n.id)!);
      return (nx - x) ** 2 + (ny - y) ** 2;
    });
    // `stable`: measured again once the layout has settled.
  }, [chosen, nodes, indexOf, stable]);
  const showNode = (node: GraphNode) => {
    const index = indexOf.get(node.id)!;
    focused.current = index;
    if (view.current) setShown(view.current.showNode(index));
  };

  useEffect(() => {
    const { kept, ...request } = layoutRequest(nodes, edges, userId === undefined ? null : readKeptLayout(userId));
    setStartedFromKept(kept);
    let finished: Float32Array | null = null;
    const links = new Int32Array(request.sources.length * 2);
    for (let i = 0; i < request.sources.length; i++) {
      links[i * 2] = request.sources[i]!;
      links[i * 2 + 1] = request.targets[i]!;
    }
    const start = new Float32Array(nodes.length * 2);
    for (let i = 0; i < nodes.length; i++) {
      start[i * 2] = request.xs[i]!;
      start[i * 2 + 1] = request.ys[i]!;
    }
    view.current = new GraphView(host.current!, nodes, links, start, {
      onHover: setShown,
      onOpen: (node) => navigate(`/concepts/${node.id}`),
      // The first picture (the start positions, already to be hovered and clicked), before the layout refines it.
      onFirstDrawn: () => performance.mark('graph-first-picture'),
      onFinalDrawn: () => {
        // Timings for the bench: layout start to the first stable picture on screen.
        performance.mark('graph-stable');
        // Kept for the next visit, once the picture is on screen.
        const positions = finished;
        if (positions && userId !== undefined) setTimeout(() => keepLayout(keptLayout(userId, nodes.map((n) => n.id), positions)));
      },
    });
    const worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<LayoutProgress>) => {
      if (event.data.done) finished = event.data.positions;
      view.current?.setPositions(event.data.positions, event.data.done);
      if (event.data.done) setStable(true);
    };
    performance.mark('graph-layout-start');
    worker.postMessage(request, [request.xs.buffer, request.ys.buffer, request.sources.buffer, request.targets.buffer]);
    return () => {
      worker.terminate();
      view.current?.dispose();
      view.current = null;
    };
  }, [nodes, edges, navigate, userId]);

  /** Arrow keys walk the nodes in order; the node shown is highlighted and titled. */
  const onKeyDown = (e: React.KeyboardEvent) => {
    const v = view.current;
    if (!v || nodes.length === 0) return;
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown' || e.key === 'ArrowLeft' || e.key === 'ArrowUp') {
      const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : -1;
      focused.current = (focused.current + step + nodes.length) % nodes.length;
      v.highlighted = focused.current;
      v.request();
      setShown(v.screenPoint(focused.current));
    } else if (e.key === 'Enter' && focused.current >= 0) {
      navigate(`/concepts/${nodes[focused.current]!.id}`);
    } else return;
    e.preventDefault();
  };

  return (
    <div className="relative flex-1 overflow-hidden rounded-xl border border-space-700 bg-space-950" data-testid="knowledge-graph" data-state={stable ? 'stable' : 'laying-out'} data-layout={startedFromKept ? 'kept' : 'new'}>
      {/* Before the canvas: the search is the first stop of the graph for Tab. */}
      {nodes.length > 0 && (
        <div className="absolute left-3 top-3 z-10 space-y-2">
          <ConceptSearch
            nodes={nodes}
            label="Rechercher un concept"
            idPrefix="graph"
            onChoose={(node) => {
              showNode(node);
              setChosen(node);
            }}
          />
          {nearby && <NearbyConcepts nearby={nearby} title="Concepts proches" onFocusNode={showNode} />}
        </div>
      )}
      <div
        ref={host}
        tabIndex={0}
        role="img"
        aria-label={`${GRAPH_TITLE}: ${nodes.length} concepts, ${edges.length} liens`}
        className="h-full w-full cursor-grab touch-none focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-nebula-400"
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (view.current) view.current.highlighted = null;
          view.current?.request();
        }}
      />
      {shown && (
        <div
          role="tooltip"
          data-x={Math.round(shown.x)}
          data-y={Math.round(shown.y)}
          className="pointer-events-none absolute rounded-md border border-space-600 bg-space-900/95 px-2 py-1 text-sm text-slate-100 shadow-lg"
          style={{ left: shown.x + 10, top: shown.y - 34 }}
        >
          {shown.node.title}
        </div>
      )}
      {nodes.length === 0 && <p className="absolute inset-0 flex items-center justify-center text-slate-400">Aucun concept trouvé</p>}
    </div>
  );
}
