/**
 * Star names over the scene: at most MAX_LABELS (fewer on a slow device), only for stars within LABEL_DISTANCE of
 * the camera and on screen, in order of priority — the star flown to first, then the
 * biggest (most linked, most studied), then the nearest. Which stars are candidates is
 * chosen again at most every RESELECT_MS while the camera moves; where the labels sit
 * follows every drawn frame, and there a label that would cover one of higher priority is
 * hidden, so dense places show their most important names instead of an unreadable clump.
 * A fixed pool of elements; each name is measured once, when it first enters the pool, in
 * a canvas (no layout of the page).
 */
import * as THREE from 'three';
import type { GraphNode } from '../../api/graph';
import { LABEL_DISTANCE, MAX_LABELS } from './constants';
import type { LabelPicker } from './label-picker';

const RESELECT_MS = 250;
/** A label starts this far right of and above its star (CSS pixels). */
const OFFSET_X = 7;
const OFFSET_Y = -7;
/** Two labels keep at least this much space between them. */
const GAP = 2;

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlaps = (a: Box, b: Box) => a.left < b.right + GAP && b.left < a.right + GAP && a.top < b.bottom + GAP && b.top < a.bottom + GAP;

export class LabelLayer {
  private readonly layer: HTMLDivElement;
  private readonly pool: HTMLDivElement[] = [];
  private chosen: GraphNode[] = [];
  private chosenAt = -Infinity;
  private focused: GraphNode | null = null;
  /** At most this many names (fewer on a slow device, quality.ts). */
  private limit = MAX_LABELS;
  /** Each name's size on screen, by star id, measured when its label first shows it. */
  private readonly sizes = new Map<number, { width: number; height: number }>();
  /** Measures the names; null where the page has no canvas. */
  private readonly ruler: { context: CanvasRenderingContext2D; height: number } | null;
  private readonly v = new THREE.Vector3();
  private readonly m = new THREE.Matrix4();
  constructor(
    host: HTMLElement,
    /** The stars filed for picking, once per layout. */
    private readonly picker: LabelPicker<GraphNode>,
  ) {
    this.layer = document.createElement('div');
    this.layer.className = 'pointer-events-none absolute inset-0 overflow-hidden';
    this.layer.setAttribute('aria-hidden', 'true');
    for (let i = 0; i < MAX_LABELS; i++) {
      const label = document.createElement('div');
      label.className = 'absolute left-0 top-0 whitespace-nowrap text-[11px] font-medium text-slate-100/90 [text-shadow:0_0_4px_#000,0_0_2px_#000]';
      label.style.display = 'none';
      this.layer.appendChild(label);
      this.pool.push(label);
    }
    // Filled before it joins the page: one insertion for the whole pool.
    host.appendChild(this.layer);
    this.ruler = this.makeRuler();
  }

  /** Shows at most `count` names from the next frame on (the highest in priority). */
  setLimit(count: number): void {
    if (count === this.limit) return;
    this.limit = Math.min(count, MAX_LABELS);
    this.chosenAt = -Infinity;
  }

  /** Chooses the names again on the next frame (the camera has stopped). */
  chooseAgain(): void {
    this.chosenAt = -Infinity;
  }

  /** The star the camera flies to: its name shows before any other. */
  focus(node: GraphNode): void {
    this.focused = node;
    this.chosenAt = -Infinity;
  }

  update(camera: THREE.PerspectiveCamera, width: number, height: number, now: number): void {
    if (now - this.chosenAt > RESELECT_MS) {
      this.chosen = this.select(camera);
      this.chosenAt = now;
      this.measure();
    }
    const placed: Box[] = [];
    this.pool.forEach((label, i) => {
      const node = this.chosen[i];
      const p = node && this.project(node, camera);
      const size = node && this.sizes.get(node.id);
      const x = p ? Math.round(((p.x + 1) / 2) * width + OFFSET_X) : 0;
      const y = p ? Math.round(((1 - p.y) / 2) * height + OFFSET_Y) : 0;
      const box = size && { left: x, top: y, right: x + size.width, bottom: y + size.height };
      // In priority order: a name is shown only where no name shown before it already is.
      if (!box || placed.some((other) => overlaps(box, other))) {
        if (label.style.display !== 'none') label.style.display = 'none';
        return;
      }
      placed.push(box);
      label.style.display = 'block';
      label.style.transform = `translate(${x}px, ${y}px)`;
    });
  }

  dispose(): void {
    this.layer.remove();
  }

  /** Gives each pooled label its star's name, and measures the names not measured yet. */
  private measure(): void {
    const ruler = this.ruler;
    const fresh: [HTMLDivElement, GraphNode][] = [];
    this.pool.forEach((label, i) => {
      const node = this.chosen[i];
      if (!node) return;
      if (label.textContent !== node.title) label.textContent = node.title;
      if (this.sizes.has(node.id)) return;
      if (ruler) this.sizes.set(node.id, { width: Math.ceil(ruler.context.measureText(node.title).width), height: ruler.height });
      else fresh.push([label, node]);
    });
    // Without a canvas: in the page, one layout for all.
    for (const [label] of fresh) label.style.display = 'block';
    for (const [label, node] of fresh) this.sizes.set(node.id, { width: label.offsetWidth, height: label.offsetHeight });
  }

  /**
   * Measures names in the labels' font with a canvas's text metrics: the page is not laid out
   * in the middle of a frame for it (a drag reaches new names several times a second).
   */
  private makeRuler(): { context: CanvasRenderingContext2D; height: number } | null {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return null;
    const style = getComputedStyle(this.pool[0]!);
    context.font = style.font;
    const lineHeight = parseFloat(style.lineHeight);
    const metrics = context.measureText('Ag');
    return { context, height: Number.isFinite(lineHeight) ? lineHeight : Math.ceil(metrics.fontBoundingBoxAscent + metrics.fontBoundingBoxDescent) };
  }

  /** The star's position in clip space, or null when behind the camera or off screen. */
  private project(node: GraphNode, camera: THREE.PerspectiveCamera): THREE.Vector3 | null {
    const p = this.v.set(node.x, node.y, node.z).project(camera);
    return p.z > 1 || p.z < -1 || Math.abs(p.x) > 1 || Math.abs(p.y) > 1 ? null : p;
  }

  private select(camera: THREE.PerspectiveCamera): GraphNode[] {
    const p = camera.position;
    const viewProjection = this.m.multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse).elements;
    return this.picker.pick({ eye: [p.x, p.y, p.z], viewProjection }, this.limit, LABEL_DISTANCE, this.focused?.id ?? null);
  }
}
