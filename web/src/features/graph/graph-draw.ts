/**
 * Drawing the knowledge graph on a 2D canvas, wherever that canvas lives: links as a few
 * paths, nodes as a few paths per mastery colour, titles of the nodes in view once they are
 * big enough. Used by the render worker (an OffscreenCanvas, so the page's main thread never
 * waits on the rasterizer) and, in browsers without OffscreenCanvas, by the page itself.
 */
import { GRAPH_BUCKET_COLORS } from '@domain/galaxy-colors';
import { NODE_SIZE } from './graph-constants';

/** Titles are written beside the nodes once a node is this big on screen, at most MAX_TITLES of them. */
const TITLE_MIN_RADIUS = 4;
const MAX_TITLES = 300;
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

/** Titles of the nodes in view, in screen pixels so they stay readable at any zoom. */
function drawTitles(ctx: Context2D, scene: GraphScene, camera: GraphCamera, radius: number): void {
  const { k, tx, ty, width, height, ratio } = camera;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.font = '12px system-ui, sans-serif';
  ctx.fillStyle = 'rgba(226, 232, 240, 0.9)';
  ctx.textBaseline = 'middle';
  let written = 0;
  for (let i = 0; i < scene.titles.length && written < MAX_TITLES; i++) {
    const x = scene.positions[i * 2]! * k + tx;
    const y = scene.positions[i * 2 + 1]! * k + ty;
    if (x < -50 || y < -20 || x > width || y > height + 20) continue;
    ctx.fillText(scene.titles[i]!, x + radius + 4, y);
    written += 1;
  }
  ctx.setTransform(ratio * k, 0, 0, ratio * k, ratio * tx, ratio * ty);
}
