/**
 * The knowledge graph's painter, off the main thread: the page hands over its canvas
 * (`transferControlToOffscreen`) with the scene, then sends positions and camera changes;
 * this draws at most one frame per animation frame. Rasterizing 46,000 links sometimes
 * stalled the page's frame commit for half a second or more when drawn on the page.
 * It tells the page when its first frame is on screen ('first-drawn') and when the layout's
 * last positions are ('final-drawn').
 */
import { drawGraph, type GraphCamera, type GraphScene, type RenderMessage } from './graph-draw';

let canvas: OffscreenCanvas | null = null;
let scene: GraphScene | null = null;
let camera: GraphCamera | null = null;
let scheduled = false;
/** The positions are the layout's last: say so once they are on screen. */
let finalPending = false;
/** No frame drawn yet: the first says so (the start positions on screen, before the layout refines them). */
let firstPending = true;

const nextFrame: (draw: () => void) => void =
  typeof self.requestAnimationFrame === 'function' ? (draw) => self.requestAnimationFrame(draw) : (draw) => setTimeout(draw, 0);

function draw(): void {
  scheduled = false;
  if (!canvas || !scene || !camera) return;
  drawGraph(canvas.getContext('2d')!, scene, camera);
  if (firstPending) {
    firstPending = false;
    self.postMessage({ type: 'first-drawn' });
  }
  if (finalPending) {
    finalPending = false;
    self.postMessage({ type: 'final-drawn' });
  }
}

self.onmessage = (event: MessageEvent<RenderMessage>) => {
  const message = event.data;
  if (message.type === 'init') {
    canvas = message.canvas;
    scene = message.scene;
  } else if (message.type === 'positions' && scene) {
    scene = { ...scene, positions: message.positions };
    finalPending ||= message.final;
  } else if (message.type === 'camera') {
    camera = message.camera;
  }
  if (!scheduled) {
    scheduled = true;
    nextFrame(draw);
  }
};
