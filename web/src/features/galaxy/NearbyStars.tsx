/**
 * The galaxy's keyboard path: once a star is chosen in the search, the star and
 * its nearest neighbours in space are listed as links. Tab goes through them, each one
 * flies the camera to its star as it gets focus, and Enter opens the concept.
 */
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { GraphNode } from '../../api/graph';

export const NEARBY_STARS = 6;

/** The star itself first, then the `count` stars closest to it in the scene. */
export function nearestStars(nodes: readonly GraphNode[], star: GraphNode, count = NEARBY_STARS): GraphNode[] {
  const distance = (n: GraphNode) => (n.x - star.x) ** 2 + (n.y - star.y) ** 2 + (n.z - star.z) ** 2;
  const others = nodes.filter((n) => n.id !== star.id).map((n) => ({ n, d: distance(n) }));
  others.sort((a, b) => a.d - b.d);
  return [star, ...others.slice(0, count).map((o) => o.n)];
}

export function NearbyStars({ nodes, star, onFocusStar }: { nodes: readonly GraphNode[]; star: GraphNode; onFocusStar(node: GraphNode): void }) {
  const nearby = useMemo(() => nearestStars(nodes, star), [nodes, star]);
  return (
    <nav aria-label="Étoiles proches" className="w-72 max-w-[60vw] rounded-lg border border-space-600 bg-space-900/90 p-2 text-sm backdrop-blur">
      <h2 className="px-1 pb-1 text-xs font-semibold tracking-wide text-slate-300 uppercase">Étoiles proches</h2>
      <ul>
        {nearby.map((node) => (
          <li key={node.id}>
            <Link to={`/concepts/${node.id}`} onFocus={() => onFocusStar(node)} className="flex min-h-6 items-center gap-2 rounded px-2 py-1 text-slate-100 hover:bg-space-700">
              <span aria-hidden="true" className="h-2 w-2 shrink-0 rounded-full" style={{ background: node.color }} />
              <span className="truncate">{node.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
