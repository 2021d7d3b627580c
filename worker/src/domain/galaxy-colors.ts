/**
 * Colours of the two exploration views (spec document 3 §2.3, §2.4, §3, §9), shared by the
 * server (a star's `color`) and the web (the legend, the graph's buckets, the fallbacks).
 *
 * - Galaxy: a gradient red → orange → yellow → green → cyan-white → blue across mastery 0..1;
 *   a node whose colour is missing or unreadable takes one of six fallback colours by id.
 * - Knowledge graph: five buckets 0, 0.25, 0.5, 0.75, 1 (red, orange, yellow, green, blue),
 *   the level rounded to the nearest bucket.
 * - A concept without a mastery level is shown at 0.5 (spec §3 'default 0.5 when not a number').
 */

export const DEFAULT_GRAPH_MASTERY = 0.5;
export const DEFAULT_GRAPH_TITLE = 'Sans titre';

/** Six stops, evenly spaced over 0..1. */
export const MASTERY_GRADIENT = ['#ff3b30', '#ff9500', '#ffd60a', '#34c759', '#c9f6ff', '#3d7bff'] as const;

export const GALAXY_FALLBACK_PALETTE = ['#9b7bff', '#5ac8fa', '#ff6fb5', '#ffd479', '#7ee0b5', '#f2f2ff'] as const;

export const GRAPH_BUCKETS = [0, 0.25, 0.5, 0.75, 1] as const;
export const GRAPH_BUCKET_COLORS = ['#ff3b30', '#ff9500', '#ffd60a', '#34c759', '#3d7bff'] as const;

/** The legend 'Mastery Levels', each swatch the gradient's colour in the middle of its range. */
export const MASTERY_LEVELS = [
  { name: 'Novice', range: '0-20%', from: 0, to: 0.2 },
  { name: 'Beginner', range: '20-40%', from: 0.2, to: 0.4 },
  { name: 'Intermediate', range: '40-60%', from: 0.4, to: 0.6 },
  { name: 'Advanced', range: '60-80%', from: 0.6, to: 0.8 },
  { name: 'Master', range: '80-100%', from: 0.8, to: 1 },
].map((level) => ({ ...level, color: masteryGradientColor((level.from + level.to) / 2) }));

const HEX = /^#[0-9a-f]{6}$/i;

/** The level used to draw a node: a finite number brought into 0..1, else 0.5. */
export function graphMastery(level: unknown): number {
  if (typeof level !== 'number' || !Number.isFinite(level)) return DEFAULT_GRAPH_MASTERY;
  return Math.min(1, Math.max(0, level));
}

/** A node's title as shown: the text, or 'Sans titre' when empty. */
export function graphTitle(title: unknown): string {
  return typeof title === 'string' && title.trim() ? title : DEFAULT_GRAPH_TITLE;
}

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function rgbToHex(rgb: readonly number[]): string {
  return `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** The galaxy's colour for a mastery level, interpolated between the gradient's stops. */
export function masteryGradientColor(level: unknown): string {
  const t = graphMastery(level) * (MASTERY_GRADIENT.length - 1);
  const i = Math.min(MASTERY_GRADIENT.length - 2, Math.floor(t));
  const a = hexToRgb(MASTERY_GRADIENT[i]!);
  const b = hexToRgb(MASTERY_GRADIENT[i + 1]!);
  const f = t - i;
  return rgbToHex(a.map((v, k) => v + (b[k]! - v) * f));
}

/** A star's colour: the node's own when it is a #rrggbb colour, else a fallback by id. */
export function starColor(node: { id: number; color?: unknown }): string {
  if (typeof node.color === 'string' && HEX.test(node.color)) return node.color;
  const index = ((node.id % GALAXY_FALLBACK_PALETTE.length) + GALAXY_FALLBACK_PALETTE.length) % GALAXY_FALLBACK_PALETTE.length;
  return GALAXY_FALLBACK_PALETTE[index]!;
}

/** The knowledge graph's bucket (0, 0.25, 0.5, 0.75 or 1) nearest to a level. */
export function graphBucket(level: unknown): (typeof GRAPH_BUCKETS)[number] {
  return GRAPH_BUCKETS[Math.round(graphMastery(level) * 4)]!;
}

export function graphBucketColor(level: unknown): string {
  return GRAPH_BUCKET_COLORS[Math.round(graphMastery(level) * 4)]!;
}
