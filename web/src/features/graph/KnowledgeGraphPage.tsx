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
import { holdIdleWork } from '../../lib/when-idle';
import { GRAPH_FAILED, GRAPH_TICKS, GRAPH_TITLE, type LayoutProgress, type LayoutRequest } from './graph-constants';
import type { GraphScene } from './graph-draw';
import { GraphView, sceneOf, type ScreenPoint } from './graph-view';
import { keepLayout, readKeptLayout } from './kept-layout';
import { layoutStart, type KeptLayout } from './layout-start';
import { graphData } from './prefetch';
import { nextTask } from '../../lib/next-task';
import { ConceptSearch, NearbyConcepts, nearestConcepts } from '../../ui/ConceptFinder';

type Load = { phase: 'loading' } | { phase: 'error' } | { phase: 'loaded'; nodes: GraphNode[]; edges: GraphEdge[] };

/** Links resolved per slice of work: about 15 ms of a phone's main thread, in few slices (each waits behind the page's other tasks). */
const LINKS_PER_SLICE = 20_000;

/** What the layout worker is sent, and what the view draws first (its scene: the start positions). */
interface GraphStart {
  layout: LayoutRequest;
  kept: boolean;
  scene: GraphScene;
}

/**
 * Link ends as indexes, and start positions: the layout kept from the last visit, else the
 * galaxy's (shrunk: related concepts already sit together) for a full layout. Built in
 * slices, each its own task (46,000 links on a large graph), with no allocation per link,
 * and with the view's scene, so that the view is quick to make; null when `live` says the
 * page has gone meanwhile. The worker is asked for the layout to keep for `userId`, if any.
 */
async function graphStart(nodes: readonly GraphNode[], edges: readonly GraphEdge[], index: ReadonlyMap<number, number>, userId: number | undefined, kept: KeptLayout | null, live: () => boolean): Promise<GraphStart | null> {
  const sources = new Int32Array(edges.length);
  const targets = new Int32Array(edges.length);
  // The view's copy, filled in the same pass: the layout worker is handed the request's own arrays.
  const interleaved = new Int32Array(edges.length * 2);
  let count = 0;
  for (let from = 0; from < edges.length; from += LINKS_PER_SLICE) {
    if (from > 0) {
      await nextTask();
      if (!live()) return null;
    }
    const to = Math.min(edges.length, from + LINKS_PER_SLICE);
    for (let i = from; i < to; i++) {
      const e = edges[i]!;
      const a = index.get(e.concept_id);
      const b = index.get(e.target_concept_id);
      if (a === undefined || b === undefined || a === b) continue;
      sources[count] = a;
      targets[count] = b;
      interleaved[count * 2] = a;
      interleaved[count * 2 + 1] = b;
      count += 1;
    }
  }
  await nextTask();
  if (!live()) return null;
  const linkEnds = { sources: sources.slice(0, count), targets: targets.slice(0, count) };
  const own = { xs: new Float32Array(nodes.length), ys: new Float32Array(nodes.length) };
  const ids = new Array<number>(nodes.length);
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i]!;
    own.xs[i] = n.x / 8;
    own.ys[i] = -n.y / 8;
    ids[i] = n.id;
  }
  const start = layoutStart(ids, own, linkEnds, kept, GRAPH_TICKS);
  const links = interleaved.slice(0, count * 2);
  const positions = new Float32Array(nodes.length * 2);
  for (let i = 0; i < nodes.length; i++) {
    positions[i * 2] = start.xs[i]!;
    positions[i * 2 + 1] = start.ys[i]!;
  }
  const keep = userId === undefined ? undefined : { userId, ids: Float64Array.from(ids) };
  return { layout: { ...linkEnds, xs: start.xs, ys: start.ys, alpha: start.alpha, ticks: start.ticks, keep }, kept: start.kept, scene: sceneOf(nodes, links, positions) };
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
  // Idle work (another page's code loaded ahead) waits while the graph loads; GraphCanvas holds it on until the layout is done.
  useEffect(() => (load.phase === 'loading' ? holdIdleWork() : undefined), [load.phase]);
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
  const indexOf = useMemo(() => {
    const index = new Map<number, number>();
    nodes.forEach((n, i) => index.set(n.id, i));
    return index;
  }, [nodes]);
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
    // In steps, each its own task: the layout request is built in slices and handed to the
    // layout worker, then the view is made and draws the start positions, while the worker lays out.
    let live = true;
    // Idle work waits until the layout's last picture is on screen: its code loading froze the picture meanwhile.
    const releaseIdleWork = holdIdleWork();
    let worker: Worker | null = null;
    /** The layout to keep for the next visit, written out by the layout worker with its last positions. */
    let toKeep: string | null = null;
    /** Positions the worker sent before the view was made. */
    let early: LayoutProgress | null = null;
    void (async () => {
      const start = await graphStart(nodes, edges, indexOf, userId, userId === undefined ? null : readKeptLayout(userId), () => live);
      if (!start) return;
      setStartedFromKept(start.kept);
      worker = new Worker(new URL('./layout.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (event: MessageEvent<LayoutProgress>) => {
        if (event.data.kept) toKeep = event.data.kept;
        if (view.current) view.current.setPositions(event.data.positions, event.data.done);
        else early = event.data;
        if (event.data.done) setStable(true);
      };
      performance.mark('graph-layout-start');
      const { layout } = start;
      worker.postMessage(layout, [layout.xs.buffer, layout.ys.buffer, layout.sources.buffer, layout.targets.buffer, ...(layout.keep ? [layout.keep.ids.buffer] : [])]);
      await nextTask();
      if (!live) return;
      view.current = new GraphView(host.current!, nodes, start.scene, {
        onHover: setShown,
        onOpen: (node) => navigate(`/concepts/${node.id}`),
        // The first picture (the start positions, already to be hovered and clicked), before the layout refines it.
        onFirstDrawn: () => performance.mark('graph-first-picture'),
        onFinalDrawn: () => {
          // Timings for the bench: layout start to the first stable picture on screen.
          performance.mark('graph-stable');
          // Kept for the next visit, once the picture is on screen; then idle work may run.
          const text = toKeep;
          setTimeout(() => {
            if (text) keepLayout(text);
            releaseIdleWork();
          });
        },
      });
      // Set by the worker's handler meanwhile (TypeScript keeps it null here).
      const waiting = early as LayoutProgress | null;
      if (waiting) view.current.setPositions(waiting.positions, waiting.done);
    })();
    return () => {
      live = false;
      releaseIdleWork();
      worker?.terminate();
      view.current?.dispose();
      view.current = null;
    };
  }, [nodes, edges, indexOf, navigate, userId]);

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
