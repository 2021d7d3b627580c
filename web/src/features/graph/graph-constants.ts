/** The knowledge graph's constants (spec document 3 §2.4, §9) and the layout worker's messages. */
export const GRAPH_TICKS = 100;
export const NODE_SIZE = 5;
export const GRAPH_TITLE = 'Knowledge Graph';
export const GRAPH_FAILED = 'Erreur lors du chargement des données.';
export const ZOOM_LIMITS = [0.02, 20] as const;

export interface LayoutRequest {
  xs: Float32Array;
  ys: Float32Array;
  sources: Int32Array;
  targets: Int32Array;
  /** d3-force's starting heat: 1 for a new layout, low to refine a kept one. */
  alpha: number;
  ticks: number;
  /** Whose layout this is and the nodes' concept ids: the last message then carries the layout to keep for the next visit. */
  keep?: { userId: number; ids: Float64Array };
}

export interface LayoutProgress {
  /** x0, y0, x1, y1, … in node order. */
  positions: Float32Array;
  done: boolean;
  /** With the last positions, when asked (`keep`): the layout to keep, as stored (kept-layout.ts). */
  kept?: string;
}
