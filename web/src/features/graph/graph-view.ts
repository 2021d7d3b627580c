/**
 * The knowledge graph on one canvas: wheel zooms around the pointer, a drag pans, a click on
 * a node opens it. Positions arrive from the layout worker; the view fits them on screen
 * until the person zooms or pans themselves. Frames are asked for on demand, at most one per
 * animation frame, and painted by the render worker on the canvas handed to it (graph-draw.ts
 * says how), or here where the browser cannot hand a canvas to a worker.
 */
import { graphBucketColor, GRAPH_BUCKET_COLORS } from '@domain/galaxy-colors';
import type { GraphNode } from '../../api/graph';
import { NODE_SIZE, ZOOM_LIMITS } from './graph-constants';
import { drawGraph, type GraphCamera, type GraphScene, type RenderMessage } from './graph-draw';

const CLICK_SLOP = 5;
const FIT_MARGIN = 40;
/** Fitting never enlarges a small graph beyond this zoom. */
const FIT_MAX_ZOOM = 3;
/** Room kept right of the fitted nodes for the titles written beside them (CSS pixels). */
const TITLE_ROOM = 50;

export interface ScreenPoint {
  node: GraphNode;
  x: number;
  y: number;
}

/** What the view draws for `nodes`, from the link ends and start positions interleaved (a0, b0, a1, … and x0, y0, x1, …). */
export function sceneOf(nodes: readonly GraphNode[], links: Int32Array, positions: Float32Array): GraphScene {
  return {
    positions,
    links,
    colorIndex: Uint8Array.from(nodes, (n) => GRAPH_BUCKET_COLORS.indexOf(graphBucketColor(n.mastery_level) as (typeof GRAPH_BUCKET_COLORS)[number])),
    titles: nodes.map((n) => n.title),
  };
}

export class GraphView {
  private positions: Float32Array;
  /** The painter: the render worker holding the canvas, or this page's own 2D context. */
  private readonly painter: { worker: Worker } | { scene: GraphScene; ctx: CanvasRenderingContext2D };
  private positionsSent = true;
  private finalPositions = false;
  /** The page's own painter has drawn a frame. */
  private drawnOnce = false;
  private k = 1;
  private tx = 0;
  private ty = 0;
  private touched = false;
  /**
   * New positions (or a new canvas) not fitted yet: fitted when next drawn, or when the
   * camera is read first. Fitting measures the canvas, which makes the browser lay the page out
   * at once if anything changed since; in the frame, that is done once with the frame's own.
   */
  private fitPending = true;
  private frame = 0;
  private drag: { x: number; y: number; tx: number; ty: number; moved: boolean } | null = null;
  private readonly resizeObserver: ResizeObserver;
  highlighted: number | null = null;

  /** The canvas this view creates inside `host` (a canvas handed to a worker cannot be used again). */
  private readonly canvas: HTMLCanvasElement;

  /** `scene`: what is drawn (sceneOf), its positions where the nodes start. */
  constructor(
    host: HTMLElement,
    private readonly nodes: readonly GraphNode[],
    scene: GraphScene,
    private readonly events: { onHover(point: ScreenPoint | null): void; onOpen(node: GraphNode): void; onFirstDrawn?(): void; onFinalDrawn?(): void },
  ) {
    const canvas = document.createElement('canvas');
    canvas.className = 'block h-full w-full';
    host.appendChild(canvas);
    this.canvas = canvas;
    this.positions = scene.positions;
    if (typeof canvas.transferControlToOffscreen === 'function') {
      const worker = new Worker(new URL('./render.worker.ts', import.meta.url), { type: 'module' });
      worker.onmessage = (event: MessageEvent<{ type: 'first-drawn' | 'final-drawn' }>) => (event.data.type === 'first-drawn' ? this.events.onFirstDrawn?.() : this.events.onFinalDrawn?.());
      const offscreen = canvas.transferControlToOffscreen();
      const init: RenderMessage = { type: 'init', canvas: offscreen, scene };
      // The links and colours are handed over (only the painter reads them); the positions are copied, for hit-testing here.
      worker.postMessage(init, [offscreen, scene.links.buffer, scene.colorIndex.buffer]);
      this.painter = { worker };
    } else {
      this.painter = { scene, ctx: canvas.getContext('2d')! };
    }
    canvas.addEventListener('wheel', this.onWheel, { passive: false });
    canvas.addEventListener('pointerdown', this.onPointerDown);
    canvas.addEventListener('pointermove', this.onPointerMove);
    canvas.addEventListener('pointerup', this.onPointerUp);
    canvas.addEventListener('pointerleave', () => this.events.onHover(null));
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(canvas);
    this.request();
  }

  /** New positions from the layout; `final` once it has stopped. */
  setPositions(positions: Float32Array, final = false): void {
    this.positions = positions;
    this.positionsSent = false;
    this.finalPositions = final;
    this.fitPending = true;
    this.request();
  }

  /** Where a node is on the canvas (CSS pixels). */
  screenPoint(index: number): ScreenPoint {
    this.settle();
    return { node: this.nodes[index]!, x: this.positions[index * 2]! * this.k + this.tx, y: this.positions[index * 2 + 1]! * this.k + this.ty };
  }

  /** Where a node is in the layout (graph units, not screen). */
  layoutPoint(index: number): [number, number] {
    return [this.positions[index * 2]!, this.positions[index * 2 + 1]!];
  }

  /**
   * Shows a node (the keyboard path): the view centres on it, close enough to read its
   * neighbourhood, and highlights it. A jump, not a flight: nothing moves for reduced motion.
   */
  showNode(index: number): ScreenPoint {
    this.settle();
    const { width, height } = this.canvas.getBoundingClientRect();
    this.k = clamp(Math.max(this.k, 1), ...ZOOM_LIMITS);
    const [x, y] = this.layoutPoint(index);
    this.tx = width / 2 - x * this.k;
    this.ty = height / 2 - y * this.k;
    this.touched = true;
    this.highlighted = index;
    this.request();
    return this.screenPoint(index);
  }

  dispose(): void {
    cancelAnimationFrame(this.frame);
    this.resizeObserver.disconnect();
    if ('worker' in this.painter) this.painter.worker.terminate();
    this.canvas.remove();
  }

  request(): void {
    if (!this.frame) this.frame = requestAnimationFrame(this.draw);
  }

  private post(message: RenderMessage): void {
    if ('worker' in this.painter) this.painter.worker.postMessage(message);
  }

  /** Fits the positions on screen if they are new and the person has not zoomed or panned. */
  private settle(): void {
    if (!this.fitPending) return;
    this.fitPending = false;
    if (!this.touched) this.fit();
  }

  private fit(): void {
    // Plain variables, no array per node: this runs for every layout step, 10,000 nodes on a large graph.
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < this.nodes.length; i++) {
      const x = this.positions[i * 2]!;
      const y = this.positions[i * 2 + 1]!;
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
    if (!Number.isFinite(minX)) return;
    const frame = this.visibleFrame();
    // Titles are written right of their nodes: the rightmost ones keep room for theirs.
    frame.right = Math.max(frame.left + FIT_MARGIN * 2, frame.right - TITLE_ROOM);
    const width = frame.right - frame.left;
    const height = frame.bottom - frame.top;
    // A phone's narrow frame keeps a thinner margin, for the graph's sake.
    const margin = Math.min(FIT_MARGIN, width * 0.05, height * 0.05);
    const [spanX, spanY] = [Math.max(maxX - minX, NODE_SIZE * 20), Math.max(maxY - minY, NODE_SIZE * 20)];
    this.k = clamp(Math.min((width - margin * 2) / spanX, (height - margin * 2) / spanY, FIT_MAX_ZOOM), ...ZOOM_LIMITS);
    this.tx = (frame.left + frame.right) / 2 - ((minX + maxX) / 2) * this.k;
    this.ty = (frame.top + frame.bottom) / 2 - ((minY + maxY) / 2) * this.k;
  }

  /**
   * The part of the canvas on screen (canvas coordinates): on a phone, the ☰ bar and a banner
   * push the bottom of the canvas below the window, and the graph is fitted to what is seen.
   * The whole canvas when too little of it shows to fit anything in.
   */
  private visibleFrame(): { left: number; top: number; right: number; bottom: number } {
    const rect = this.canvas.getBoundingClientRect();
    const whole = { left: 0, top: 0, right: rect.width, bottom: rect.height };
    const seen = {
      left: Math.max(0, -rect.left),
      top: Math.max(0, -rect.top),
      right: Math.min(rect.width, window.innerWidth - rect.left),
      bottom: Math.min(rect.height, window.innerHeight - rect.top),
    };
    return seen.right - seen.left > FIT_MARGIN * 4 && seen.bottom - seen.top > FIT_MARGIN * 4 ? seen : whole;
  }

  private resize(): void {
    this.fitPending = true;
    this.settle();
    this.request();
  }

  private camera(): GraphCamera {
    const { width, height } = this.canvas.getBoundingClientRect();
    return { k: this.k, tx: this.tx, ty: this.ty, width, height, ratio: window.devicePixelRatio || 1, highlighted: this.highlighted };
  }

  private readonly draw = () => {
    this.frame = 0;
    this.settle();
    const camera = this.camera();
    if ('worker' in this.painter) {
      // Posted as a copy: hit-testing here keeps reading these positions.
      if (!this.positionsSent) this.post({ type: 'positions', positions: this.positions, final: this.finalPositions });
      this.post({ type: 'camera', camera });
    } else {
      const { scene, ctx } = this.painter;
      drawGraph(ctx, { ...scene, positions: this.positions }, camera);
      if (!this.drawnOnce) this.events.onFirstDrawn?.();
      this.drawnOnce = true;
      if (this.finalPositions && !this.positionsSent) this.events.onFinalDrawn?.();
    }
    this.positionsSent = true;
  };

  /** The node under a canvas point, within its radius or 6 pixels, whichever is larger. */
  nodeAt(x: number, y: number): number | null {
    this.settle();
    const gx = (x - this.tx) / this.k;
    const gy = (y - this.ty) / this.k;
    const reach = Math.max(NODE_SIZE, 6 / this.k);
    let best: number | null = null;
    let bestDistance = reach * reach;
    for (let i = 0; i < this.nodes.length; i++) {
      const dx = this.positions[i * 2]! - gx;
      const dy = this.positions[i * 2 + 1]! - gy;
      const d = dx * dx + dy * dy;
      if (d <= bestDistance) {
        bestDistance = d;
        best = i;
      }
    }
    return best;
  }

  private local(e: MouseEvent): [number, number] {
    const rect = this.canvas.getBoundingClientRect();
    return [e.clientX - rect.left, e.clientY - rect.top];
  }

  private readonly onWheel = (e: WheelEvent) => {
    e.preventDefault();
    this.settle();
    const [x, y] = this.local(e);
    const k = clamp(this.k * Math.exp(-e.deltaY * 0.0015), ...ZOOM_LIMITS);
    this.tx = x - ((x - this.tx) / this.k) * k;
    this.ty = y - ((y - this.ty) / this.k) * k;
    this.k = k;
    this.touched = true;
    this.events.onHover(null);
    this.request();
  };

  private readonly onPointerDown = (e: PointerEvent) => {
    this.settle();
    this.canvas.setPointerCapture?.(e.pointerId);
    this.drag = { x: e.clientX, y: e.clientY, tx: this.tx, ty: this.ty, moved: false };
  };

  private readonly onPointerMove = (e: PointerEvent) => {
    const drag = this.drag;
    if (drag) {
      drag.moved ||= Math.hypot(e.clientX - drag.x, e.clientY - drag.y) > CLICK_SLOP;
      if (drag.moved) {
        this.tx = drag.tx + e.clientX - drag.x;
        this.ty = drag.ty + e.clientY - drag.y;
        this.touched = true;
        this.events.onHover(null);
        this.request();
        return;
      }
    }
    const index = this.nodeAt(...this.local(e));
    this.canvas.style.cursor = index === null ? (drag ? 'grabbing' : 'grab') : 'pointer';
    this.events.onHover(index === null ? null : this.screenPoint(index));
  };

  private readonly onPointerUp = (e: PointerEvent) => {
    const drag = this.drag;
    this.drag = null;
    if (!drag || drag.moved) return;
    const index = this.nodeAt(...this.local(e));
    if (index !== null) this.events.onOpen(this.nodes[index]!);
  };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
