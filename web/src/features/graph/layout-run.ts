/**
 * The knowledge graph's force layout (run by layout.worker.ts, off the main thread): d3-force
 * for the ticks asked (GRAPH_TICKS from alpha 1 for a new layout; a few from a low alpha to
 * refine the layout this browser kept), positions handed to `post` every PROGRESS_EVERY
 * ticks and at the end. When asked (`keep`), the last message also carries the layout to
 * keep for the next visit, already written out as stored: the page only stores it, where
 * building and writing out 30,000 numbers took it 50-190 ms of a phone's main thread.
 *
 * Nodes are pulled weakly towards the centre (forceX/forceY), so every part of the graph
 * stays within reach of the fitted first view.
 *
 * The charge between nodes is d3-force-reuse's many-body force: d3's Barnes–Hut force that
 * rebuilds its quadtree every 13 ticks instead of every tick (Gove, 2019). At 10,000 nodes
 * the 100 ticks take about half the time of d3's own force, for a picture of the same quality.
 */
import { forceLink, forceSimulation, forceX, forceY, type SimulationNodeDatum } from 'd3-force';
import { forceManyBodyReuse } from 'd3-force-reuse';
import type { LayoutProgress, LayoutRequest } from './graph-constants';
import { keptLayoutText } from './layout-start';

const PROGRESS_EVERY = 25;
const GRAVITY = 0.03;

export function runLayout(request: LayoutRequest, post: (message: LayoutProgress) => void): void {
  const { xs, ys, sources, targets, alpha, ticks, keep } = request;
  const nodes: SimulationNodeDatum[] = Array.from(xs, (x, i) => ({ x, y: ys[i] }));
  const links = Array.from(sources, (source, i) => ({ source, target: targets[i]! }));
  const simulation = forceSimulation(nodes)
    .force('charge', forceManyBodyReuse<SimulationNodeDatum>().strength(-30).theta(1.5).distanceMax(400))
    .force('link', forceLink(links).distance(30))
    // A weak pull to the centre instead of forceCenter's mere shift: concepts linked to nothing,
    // and small groups, stay near the rest instead of being pushed far out, which made the
    // fitted first view a few specks around empty space.
    .force('x', forceX(0).strength(GRAVITY))
    .force('y', forceY(0).strength(GRAVITY))
    .alpha(alpha)
    .stop();
  for (let tick = 1; tick <= ticks; tick++) {
    simulation.tick();
    if (tick % PROGRESS_EVERY === 0 || tick === ticks) {
      const positions = new Float32Array(nodes.length * 2);
      nodes.forEach((n, i) => {
        positions[i * 2] = n.x!;
        positions[i * 2 + 1] = n.y!;
      });
      const done = tick === ticks;
      post(done && keep ? { positions, done, kept: keptLayoutText(keep.userId, keep.ids, positions) } : { positions, done });
    }
  }
}
