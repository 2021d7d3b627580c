/**
 * The knowledge graph drawn on one canvas: links as one path, nodes as one path per mastery
 * colour (five fills per frame, whatever the count). Wheel zooms around the pointer, a drag
 * pans, a click on a node opens it. Frames are drawn on demand, at most one per animation
 * frame. Positions arrive from the layout worker; the view fits them on screen until the
 * person zooms or pans themselves.
 */
import { graphBucketColor, GRAPH_BUCKET_COLORS } from '@domain/galaxy-colors';
import type { GraphNode } from '../../api/graph';
import { NODE_SIZE, ZOOM_LIMITS } from './graph-constants';

const CLICK_SLOP = 5;
const FIT_MARGIN = 40;
/** Fitting never enlarges a small graph beyond this zoom. */
const FIT_MAX_ZOOM = 1.6;
/** Titles are written beside the nodes once a node is this big on screen, at most MAX_TITLES of them. */
const TITLE_MIN_RADIUS = 4;
const MAX_TITLES = 300;

export interface ScreenPoint {
  node: GraphNode;
  x: number;
  y: number;
}

export class GraphView {
  private positions: Float32Array;
  private readonly colorIndex: Uint8Array;
  private k = 1;
  private tx = 0;
  private ty = 0;
  private touched = false;
  private frame = 0;
  private drag: { x: number; y: number; tx: number; ty: number; moved: boolean } | null = null;
  private readonly resizeObserver: ResizeObserver;
  highlighted: number | null = null;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly nodes: readonly GraphNode[],
    private readonly links: Int32Array,
    start: Float32Array,
    private readonly events: { onHover(point: ScreenPoint | null): void; onOpen(node: GraphNode): void },
  ) {
    this.positions = start;
    this.colorIndex = Uint8Array.from(nodes, (n) => GRAPH_BUCKET_COLORS.indexOf(graphBucketColor(n.mastery_level) as (typeof GRAPH_BUCKET_COLORS)[number]));
    canvas.addEventListener('wheel', this.onWheel, { passive: false });
    canvas.addEventListener('pointerdown', this.onPointerDown);
    canvas.addEventListener('pointermove', this.onPointerMove);
    canvas.addEventListener('pointerup', this.onPointerUp);
    canvas.addEventListener('pointerleave', () => this.events.onHover(null));
    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(canvas);
    this.resize();
  }

  setPositions(positions: Float32Array): void {
    this.positions = positions;
    if (!this.touched) this.fit();
    this.request();
  }

  /** Where a node is on the canvas (CSS pixels). */
  screenPoint(index: number): ScreenPoint {
    return { node: this.nodes[index]!, x: this.positions[index * 2]! * this.k + this.tx, y: this.positions[index * 2 + 1]! * this.k + this.ty };
  }

  dispose(): void {
    cancelAnimationFrame(this.frame);
    this.resizeObserver.disconnect();
  }

  request(): void {
    if (!this.frame) this.frame = requestAnimationFrame(this.draw);
  }

  private fit(): void {
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 0; i < this.nodes.length; i++) {
      const x = this.positions[i * 2]!;
      const y = this.positions[i * 2 + 1]!;
      [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
    }
    if (!Number.isFinite(minX)) return;
    const { width, height } = this.canvas.getBoundingClientRect();
    const span = Math.max(maxX - minX, maxY - minY, NODE_SIZE * 20);
    this.k = clamp(Math.min((width - FIT_MARGIN * 2) / span, (height - FIT_MARGIN * 2) / span, FIT_MAX_ZOOM), ...ZOOM_LIMITS);
    this.tx = width / 2 - ((minX + maxX) / 2) * this.k;
    this.ty = height / 2 - ((minY + maxY) / 2) * this.k;
  }

  private resize(): void {
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = this.canvas.getBoundingClientRect();
    this.canvas.width = Math.max(1, Math.round(width * ratio));
    this.canvas.height = Math.max(1, Math.round(height * ratio));
    if (!this.touched) this.fit();
    this.request();
  }

  private readonly draw = () => {
    this.frame = 0;
    const ctx = this.canvas.getContext('2d')!;
    const ratio = this.canvas.width / Math.max(1, this.canvas.getBoundingClientRect().width);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.setTransform(ratio * this.k, 0, 0, ratio * this.k, ratio * this.tx, ratio * this.ty);
    const p = this.positions;
    ctx.beginPath();
    for (let i = 0; i < this.links.length; i += 2) {
      const a = this.links[i]! * 2;
      const b = this.links[i + 1]! * 2;
      ctx.moveTo(p[a]!, p[a + 1]!);
      ctx.lineTo(p[b]!, p[b + 1]!);
    }
    ctx.strokeStyle = 'rgba(167, 139, 250, 0.28)';
    ctx.lineWidth = 1 / this.k;
    ctx.stroke();
    // Never smaller than 1.5 screen pixels, so a zoomed-out graph still shows every node.
    const r = Math.max(NODE_SIZE, 1.5 / this.k);
    GRAPH_BUCKET_COLORS.forEach((color, bucket) => {
      ctx.beginPath();
      for (let i = 0; i < this.nodes.length; i++) {
        if (this.colorIndex[i] !== bucket) continue;
        ctx.moveTo(p[i * 2]! + r, p[i * 2 + 1]!);
        ctx.arc(p[i * 2]!, p[i * 2 + 1]!, r, 0, Math.PI * 2);
      }
      ctx.fillStyle = color;
      ctx.fill();
    });
    if (r * this.k >= TITLE_MIN_RADIUS) this.drawTitles(ctx, ratio, r * this.k);
    if (this.highlighted !== null) {
      ctx.beginPath();
      ctx.arc(p[this.highlighted * 2]!, p[this.highlighted * 2 + 1]!, r + 3 / this.k, 0, Math.PI * 2);
      ctx.strokeStyle = '#ffffff';
      ctx.lineWidth = 2 / this.k;
      ctx.stroke();
    }
  };

  /** Titles of the nodes in view, in screen pixels so they stay readable at any zoom. */
  private drawTitles(ctx: CanvasRenderingContext2D, ratio: number, radius: number): void {
    const { width, height } = this.canvas.getBoundingClientRect();
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.font = '12px system-ui, sans-serif';
    ctx.fillStyle = 'rgba(226, 232, 240, 0.9)';
    ctx.textBaseline = 'middle';
    let written = 0;
    for (let i = 0; i < this.nodes.length && written < MAX_TITLES; i++) {
      const { x, y } = this.screenPoint(i);
      if (x < -50 || y < -20 || x > width || y > height + 20) continue;
      ctx.fillText(this.nodes[i]!.title, x + radius + 4, y);
      written += 1;
    }
    ctx.setTransform(ratio * this.k, 0, 0, ratio * this.k, ratio * this.tx, ratio * this.ty);
  }

  /** The node under a canvas point, within its radius or 6 pixels, whichever is larger. */
  nodeAt(x: number, y: number): number | null {
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
