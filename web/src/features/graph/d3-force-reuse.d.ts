/** Types for d3-force-reuse (it ships none): a drop-in for d3-force's many-body force. */
declare module 'd3-force-reuse' {
  import type { Force, SimulationNodeDatum } from 'd3-force';

  export interface ForceManyBodyReuse<N extends SimulationNodeDatum> extends Force<N, undefined> {
    strength(strength: number): this;
    theta(theta: number): this;
    distanceMin(distance: number): this;
    distanceMax(distance: number): this;
  }

  export function forceManyBodyReuse<N extends SimulationNodeDatum>(): ForceManyBodyReuse<N>;
}
