/**
 * Drawing the knowledge graph on a 2D canvas, wherever that canvas lives: links as a few
 * paths, nodes as a few paths per mastery colour, titles of the nodes in view once they are
 * big enough, by priority where they would overlap. Used by the render worker (an OffscreenCanvas, so the page's main thread never
 * waits on the rasterizer) and, in browsers without OffscreenCanvas, by the page itself.
 */
import { GRAPH_BUCKET_COLORS } from '@domain/galaxy-colors';
import { NODE_SIZE } from './graph-constants';

/** Titles are written beside the nodes once a node is this big on screen, at most MAX_TITLES of them. */
const TITLE_MIN_RADIUS = 4;
const MAX_TITLES = 300;
const TITLE_FONT = '12px system-ui, sans-serif';
/** A title's line height in TITLE_FONT, and the space kept between two titles (CSS pixels). */
const TITLE_HEIGHT = 14;
const GAP = 2;
/** Cells of the grid placed titles are checked in (CSS pixels). */
const GRID = 128;
/** Segments (or circles) per path: Chromium rasterizes many small paths faster than one huge one. */
const PATH_SEGMENTS = 500;

/** What is drawn: fixed for a graph, except the positions that the layout moves. */
export interface GraphScene {
  /** x0, y0, x1, y1, … in node order. */
  positions: Float32Array;
  /** a0, b0, a1, b1, … link ends as node indexes. */
  links: Int32Array;
  /** Each node's index in GRAPH_BUCKET_COLORS. */
  colorIndex: Uint8Array;
  titles: readonly string[];
}

/** How it is seen: zoom k and translation in CSS pixels, the canvas's CSS size and pixel ratio. */
export interface GraphCamera {
  k: number;
  tx: number;
  ty: number;
  width: number;
  height: number;
  ratio: number;
  highlighted: number | null;
}

/** What the page sends the render worker (render.worker.ts). */
export type RenderMessage =
  | { type: 'init'; canvas: OffscreenCanvas; scene: GraphScene }
  | { type: 'positions'; positions: Float32Array; final: boolean }
  | { type: 'camera'; camera: GraphCamera };

type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

/** Draws the scene as the camera sees it, first sizing the canvas to the camera's CSS size and pixel ratio. */
export function drawGraph(ctx: Context2D, scene: GraphScene, camera: GraphCamera): void {
  const { k, tx, ty, ratio } = camera;
  const width = Math.max(1, Math.round(camera.width * ratio));
  const height = Math.max(1, Math.round(camera.height * ratio));
  if (ctx.canvas.width !== width || ctx.canvas.height !== height) [ctx.canvas.width, ctx.canvas.height] = [width, height];
  const p = scene.positions;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.setTransform(ratio * k, 0, 0, ratio * k, ratio * tx, ratio * ty);

  ctx.strokeStyle = 'rgba(167, 139, 250, 0.28)';
  ctx.lineWidth = 1 / k;
  const links = scene.links;
  for (let start = 0; start < links.length; start += PATH_SEGMENTS * 2) {
    ctx.beginPath();
    for (let i = start; i < Math.min(links.length, start + PATH_SEGMENTS * 2); i += 2) {
      const a = links[i]! * 2;
      const b = links[i + 1]! * 2;
      ctx.moveTo(p[a]!, p[a + 1]!);
      ctx.lineTo(p[b]!, p[b + 1]!);
    }
    ctx.stroke();
  }

  // Never smaller than 1.5 screen pixels, so a zoomed-out graph still shows every node.
  const r = Math.max(NODE_SIZE, 1.5 / k);
  const count = scene.colorIndex.length;
  GRAPH_BUCKET_COLORS.forEach((color, bucket) => {
    ctx.fillStyle = color;
    let inPath = 0;
    ctx.beginPath();
    for (let i = 0; i < count; i++) {
      if (scene.colorIndex[i] !== bucket) continue;
      ctx.moveTo(p[i * 2]! + r, p[i * 2 + 1]!);
      ctx.arc(p[i * 2]!, p[i * 2 + 1]!, r, 0, Math.PI * 2);
      if (++inPath === PATH_SEGMENTS) {
        ctx.fill();
        ctx.beginPath();
        inPath = 0;
      }
    }
    ctx.fill();
  });

  if (r * k >= TITLE_MIN_RADIUS) drawTitles(ctx, scene, camera, r * k);
  if (camera.highlighted !== null) {
    const h = camera.highlighted;
    ctx.beginPath();
    ctx.arc(p[h * 2]!, p[h * 2 + 1]!, r + 3 / k, 0, Math.PI * 2);
    ctx.strokeStyle = '#ffffff';
    ctx.lineWidth = 2 / k;
    ctx.stroke();
  }
}

/** Each node's link count, per scene (its links never change), for the titles' priority. */
const degreesOf = new WeakMap<Int32Array, Uint32Array>();
/** Each title's width in TITLE_FONT, per scene, measured when first written (-1 before). */
const widthsOf = new WeakMap<readonly string[], Float32Array>();

function degrees(scene: GraphScene): Uint32Array {
  let degree = degreesOf.get(scene.links);
  if (!degree) {
    degree = new Uint32Array(scene.titles.length);
    for (const end of scene.links) degree[end] = (degree[end] ?? 0) + 1;
    degreesOf.set(scene.links, degree);
  }
  return degree;
}

function titleWidths(scene: GraphScene): Float32Array {
  let widths = widthsOf.get(scene.titles);
  if (!widths) {
    widths = new Float32Array(scene.titles.length).fill(-1);
    widthsOf.set(scene.titles, widths);
  }
  return widths;
}

/** Boxes already written, by cells of GRID pixels, so a new box is checked only against its neighbours. */
class PlacedBoxes {
  private readonly cells = new Map<number, Box[]>();
  private cellsOf(box: Box, each: (key: number) => boolean | void): boolean {
    for (let cx = Math.floor(box.left / GRID); cx <= Math.floor(box.right / GRID); cx++) {
      for (let cy = Math.floor(box.top / GRID); cy <= Math.floor(box.bottom / GRID); cy++) if (each(cx * 65_536 + cy)) return true;
    }
    return false;
  }
  overlaps(box: Box): boolean {
    return this.cellsOf(box, (key) => this.cells.get(key)?.some((o) => box.left < o.right + GAP && o.left < box.right + GAP && box.top < o.bottom + GAP && o.top < box.bottom + GAP));
  }
  add(box: Box): void {
    this.cellsOf(box, (key) => {
      const cell = this.cells.get(key);
      if (cell) cell.push(box);
      else this.cells.set(key, [box]);
    });
  }
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Titles of the nodes in view, in screen pixels so they stay readable at any zoom. Where
 * titles would overlap, the more important one is written and the other left out: the
 * highlighted node (hovered or walked to) first, then the most linked, then the nearest to
 * it or to the middle of the view — as the galaxy does with its names (galaxy/labels.ts).
 */
function drawTitles(ctx: Context2D, scene: GraphScene, camera: GraphCamera, radius: number): void {
  const { k, tx, ty, width, height, ratio, highlighted } = camera;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.font = TITLE_FONT;
  ctx.fillStyle = 'rgba(226, 232, 240, 0.9)';
  ctx.textBaseline = 'middle';
  const p = scene.positions;
  const screenX = (i: number) => p[i * 2]! * k + tx;
  const screenY = (i: number) => p[i * 2 + 1]! * k + ty;
  const [fx, fy] = highlighted !== null ? [screenX(highlighted), screenY(highlighted)] : [width / 2, height / 2];
  const inView: { i: number; rank: number; distance: number }[] = [];
  const degree = degrees(scene);
  for (let i = 0; i < scene.titles.length; i++) {
    const x = screenX(i);
    const y = screenY(i);
    if (x < -50 || y < -20 || x > width || y > height + 20) continue;
    inView.push({ i, rank: i === highlighted ? Infinity : degree[i]!, distance: Math.hypot(x - fx, y - fy) });
  }
  inView.sort((a, b) => b.rank - a.rank || a.distance - b.distance);
  const widths = titleWidths(scene);
  const placed = new PlacedBoxes();
  let written = 0;
  for (const { i } of inView) {
    if (written === MAX_TITLES) break;
    if (widths[i]! < 0) widths[i] = ctx.measureText(scene.titles[i]!).width;
    const left = screenX(i) + radius + 4;
    const y = screenY(i);
    const box = { left, right: left + widths[i]!, top: y - TITLE_HEIGHT / 2, bottom: y + TITLE_HEIGHT / 2 };
    if (placed.overlaps(box)) continue;
    placed.add(box);
    ctx.fillText(scene.titles[i]!, left, y);
    written += 1;
  }
  ctx.setTransform(ratio * k, 0, 0, ratio * k, ratio * tx, ratio * ty);
}
