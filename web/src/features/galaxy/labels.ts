/**
 * Star names over the scene: at most MAX_LABELS, only for stars within LABEL_DISTANCE of
 * the camera and on screen, the biggest (most linked, most studied) first, then the
 * nearest. Which stars get a label is chosen again at most every RESELECT_MS while the
 * camera moves; where the labels sit follows every drawn frame. A fixed pool of elements.
 */
import * as THREE from 'three';
import type { GraphNode } from '../../api/graph';
import { LABEL_DISTANCE, MAX_LABELS } from './constants';

const RESELECT_MS = 250;

export class LabelLayer {
  private readonly layer: HTMLDivElement;
  private readonly pool: HTMLDivElement[] = [];
  private chosen: GraphNode[] = [];
  private chosenAt = -Infinity;
  private readonly v = new THREE.Vector3();

  constructor(
    host: HTMLElement,
    private readonly nodes: readonly GraphNode[],
  ) {
    this.layer = document.createElement('div');
    this.layer.className = 'pointer-events-none absolute inset-0 overflow-hidden';
    this.layer.setAttribute('aria-hidden', 'true');
    host.appendChild(this.layer);
    for (let i = 0; i < MAX_LABELS; i++) {
      const label = document.createElement('div');
      label.className = 'absolute left-0 top-0 whitespace-nowrap text-[11px] font-medium text-slate-100/90 [text-shadow:0_0_4px_#000,0_0_2px_#000]';
      label.style.display = 'none';
      this.layer.appendChild(label);
      this.pool.push(label);
    }
  }

  update(camera: THREE.PerspectiveCamera, width: number, height: number, now: number): void {
    if (now - this.chosenAt > RESELECT_MS) {
      this.chosen = this.select(camera);
      this.chosenAt = now;
    }
    this.pool.forEach((label, i) => {
      const node = this.chosen[i];
      const p = node && this.project(node, camera);
      if (!node || !p) {
        label.style.display = 'none';
        return;
      }
      if (label.textContent !== node.title) label.textContent = node.title;
      label.style.display = 'block';
      label.style.transform = `translate(${Math.round(((p.x + 1) / 2) * width + 7)}px, ${Math.round(((1 - p.y) / 2) * height - 7)}px)`;
    });
  }

  dispose(): void {
    this.layer.remove();
  }

  /** The star's position in clip space, or null when behind the camera or off screen. */
  private project(node: GraphNode, camera: THREE.PerspectiveCamera): THREE.Vector3 | null {
    const p = this.v.set(node.x, node.y, node.z).project(camera);
    return p.z > 1 || p.z < -1 || Math.abs(p.x) > 1 || Math.abs(p.y) > 1 ? null : p;
  }

  private select(camera: THREE.PerspectiveCamera): GraphNode[] {
    const candidates: { node: GraphNode; distance: number; score: number }[] = [];
    for (const node of this.nodes) {
      const distance = camera.position.distanceTo(this.v.set(node.x, node.y, node.z));
      if (distance > LABEL_DISTANCE || !this.project(node, camera)) continue;
      // Near the camera, the nearest stars matter most; from afar, the biggest.
      candidates.push({ node, distance, score: (0.2 + node.size) / (1 + distance / 4_000) });
    }
    candidates.sort((a, b) => b.score - a.score || a.distance - b.distance);
    return candidates.slice(0, MAX_LABELS).map((c) => c.node);
  }
}
