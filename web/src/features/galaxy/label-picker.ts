/**
 * Which stars the galaxy names (pure): the `limit` stars of highest priority among those
 * within `maxDistance` of the camera and on screen — the star flown to first, then by
 * `labelScore` (the biggest, discounted by distance), the nearest first on a tie, then the
 * star's order in the layout. The same answer as scoring every star, without looking at
 * most of them: the stars are filed once per layout in a grid of cubes, each cube's stars
 * biggest first, and a pick visits only the cubes in the view, best bound first, and in
 * each only the stars whose best possible score can still enter the chosen ones.
 */

export interface LabelStar {
  id: number;
  x: number;
  y: number;
  z: number;
  /** 0..1: the star's size in the layout (its links and cards). */
  size: number;
}

/** The camera as the picker sees it: its position and its view-projection matrix (4×4, column-major, as three.js stores it). */
export interface LabelView {
  eye: readonly [number, number, number];
  viewProjection: ArrayLike<number>;
}

/** A star's score falls to half at this distance from the camera. */
const HALF_SCORE_DISTANCE = 4_000;
/** The grid's cube side, in layout units (the galaxy spans about 25,000). */
const CELL = 1_500;

/** Near the camera the nearest stars matter most; from afar, the biggest. */
export const labelScore = (size: number, distance: number) => (0.2 + size) / (1 + distance / HALF_SCORE_DISTANCE);

interface Cell {
  min: [number, number, number];
  max: [number, number, number];
  /** Star indexes, biggest first. */
  members: number[];
}

interface Chosen {
  index: number;
  score: number;
  distance: number;
}

/** Whether `a` comes before `b` among the names. */
const before = (a: Chosen, b: Chosen) => a.score > b.score || (a.score === b.score && (a.distance < b.distance || (a.distance === b.distance && a.index < b.index)));

/** Clip-space coordinates of a point (before the divide by w). */
function clip(m: ArrayLike<number>, x: number, y: number, z: number): [number, number, number, number] {
  return [
    m[0]! * x + m[4]! * y + m[8]! * z + m[12]!,
    m[1]! * x + m[5]! * y + m[9]! * z + m[13]!,
    m[2]! * x + m[6]! * y + m[10]! * z + m[14]!,
    m[3]! * x + m[7]! * y + m[11]! * z + m[15]!,
  ];
}

/** Whether a point is on screen and between the near and far planes (normalized device coordinates within -1..1). */
export function onScreen(m: ArrayLike<number>, x: number, y: number, z: number): boolean {
  const [cx, cy, cz, w] = clip(m, x, y, z);
  const nx = cx / w;
  const ny = cy / w;
  const nz = cz / w;
  return !(nz > 1 || nz < -1 || Math.abs(nx) > 1 || Math.abs(ny) > 1);
}

/** The view's six planes as (a, b, c, d): a point is inside when a·x + b·y + c·z + d ≥ 0 for all six. */
function frustumPlanes(m: ArrayLike<number>): number[][] {
  const row = (r: number) => [m[r]!, m[4 + r]!, m[8 + r]!, m[12 + r]!];
  const w = row(3);
  const planes: number[][] = [];
  for (let r = 0; r < 3; r++) {
    const v = row(r);
    planes.push(w.map((wi, i) => wi + v[i]!), w.map((wi, i) => wi - v[i]!));
  }
  return planes;
}

/** Whether a box lies wholly outside one of the planes (then none of its stars is on screen). */
function outside(planes: number[][], min: readonly number[], max: readonly number[]): boolean {
  return planes.some(([a, b, c, d]) => a! * (a! > 0 ? max[0]! : min[0]!) + b! * (b! > 0 ? max[1]! : min[1]!) + c! * (c! > 0 ? max[2]! : min[2]!) + d! < 0);
}

/** The distance from a point to a box (0 inside it). */
function boxDistance(eye: readonly number[], min: readonly number[], max: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < 3; i++) {
    const d = Math.max(min[i]! - eye[i]!, 0, eye[i]! - max[i]!);
    sum += d * d;
  }
  return Math.sqrt(sum);
}

/** Stars filed per step of `LabelPicker.filing`: a fraction of a millisecond of a phone's main thread. */
const STARS_PER_STEP = 250;

export class LabelPicker<T extends LabelStar> {
  private readonly cells: Cell[] = [];
  private readonly indexOfId = new Map<number, number>();
  /** How many stars the last pick scored (the others it never looked at). */
  lastConsidered = 0;
  /**
   * Files the stars, one step of about STARS_PER_STEP stars per `next()`: for a caller that
   * spreads the filing over short tasks (10,000 stars are a long task on a phone). Already
   * done unless the picker was made with `{ inSteps: true }`; a pick before it is done files
   * the rest at once.
   */
  readonly filing: Generator<void, void>;

  constructor(
    private readonly stars: readonly T[],
    { inSteps = false } = {},
  ) {
    this.filing = this.file();
    if (!inSteps) this.fileAll();
  }

  private fileAll(): void {
    while (!this.filing.next().done);
  }

  private *file(): Generator<void, void> {
    const stars = this.stars;
    // Cubes by their grid coordinates (±1,024 cubes of the centre: a star beyond that may share
    // a cube's key, which only widens that cube's bounds, measured on its stars).
    const byKey = new Map<number, Cell>();
    for (let i = 0; i < stars.length; i++) {
      if (i > 0 && i % STARS_PER_STEP === 0) yield;
      const star = stars[i]!;
      this.indexOfId.set(star.id, i);
      const key = ((Math.floor(star.x / CELL) + 1024) * 2048 + Math.floor(star.y / CELL) + 1024) * 2048 + Math.floor(star.z / CELL) + 1024;
      let cell = byKey.get(key);
      if (!cell) {
        cell = { min: [star.x, star.y, star.z], max: [star.x, star.y, star.z], members: [] };
        byKey.set(key, cell);
      }
      const { min, max } = cell;
      if (star.x < min[0]) min[0] = star.x;
      if (star.x > max[0]) max[0] = star.x;
      if (star.y < min[1]) min[1] = star.y;
      if (star.y > max[1]) max[1] = star.y;
      if (star.z < min[2]) min[2] = star.z;
      if (star.z > max[2]) max[2] = star.z;
      cell.members.push(i);
    }
    let sorted = 0;
    for (const cell of byKey.values()) {
      if (sorted >= STARS_PER_STEP) {
        yield;
        sorted = 0;
      }
      // A unit of margin: a star on the edge of the view is never left out by rounding.
      for (let k = 0; k < 3; k++) {
        cell.min[k]! -= 1;
        cell.max[k]! += 1;
      }
      cell.members.sort((a, b) => stars[b]!.size - stars[a]!.size || a - b);
      sorted += cell.members.length;
      this.cells.push(cell);
    }
  }

  /** The stars to name, in priority order. `focusedId`, when on screen and near enough, comes first. */
  pick(view: LabelView, limit: number, maxDistance: number, focusedId: number | null = null): T[] {
    if (limit <= 0) return [];
    this.fileAll();
    const { eye, viewProjection: m } = view;
    const chosen: Chosen[] = [];
    const worst = () => (chosen.length < limit ? -Infinity : chosen[chosen.length - 1]!.score);
    this.lastConsidered = 0;
    const consider = (index: number) => {
      this.lastConsidered += 1;
      const s = this.stars[index]!;
      const distance = Math.hypot(s.x - eye[0], s.y - eye[1], s.z - eye[2]);
      if (distance > maxDistance || !onScreen(m, s.x, s.y, s.z)) return;
      const c: Chosen = { index, distance, score: s.id === focusedId ? Infinity : labelScore(s.size, distance) };
      if (chosen.length === limit && !before(c, chosen[chosen.length - 1]!)) return;
      let at = chosen.length;
      while (at > 0 && before(c, chosen[at - 1]!)) at--;
      chosen.splice(at, 0, c);
      if (chosen.length > limit) chosen.pop();
    };
    const focused = focusedId === null ? undefined : this.indexOfId.get(focusedId);
    if (focused !== undefined) consider(focused);

    const planes = frustumPlanes(m);
    const visible: { cell: Cell; near: number; bound: number }[] = [];
    for (const cell of this.cells) {
      const near = boxDistance(eye, cell.min, cell.max);
      if (near > maxDistance || outside(planes, cell.min, cell.max)) continue;
      visible.push({ cell, near, bound: labelScore(this.stars[cell.members[0]!]!.size, near) });
    }
    visible.sort((a, b) => b.bound - a.bound);
    for (const { cell, near, bound } of visible) {
      // No star of this cube, or of those after it, can score above the names already chosen.
      if (bound < worst()) break;
      for (const index of cell.members) {
        if (labelScore(this.stars[index]!.size, near) < worst()) break;
        if (index !== focused) consider(index);
      }
    }
    return chosen.map((c) => this.stars[c.index]!);
  }
}
