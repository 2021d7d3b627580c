/**
 * Image occlusion, as Anki's note type of that name: rectangles drawn over one of the
 * person's uploaded images, each of them one card. Shapes are kept as fractions of the
 * image's width and height (0–1), so they fit the image at any screen size.
 *
 * 'hide_one' (Anki's "hide one, guess one", its default): the question masks only the
 * card's own shape. 'hide_all' ("hide all, guess one"): every shape is masked, the card's
 * own in another colour. The answer reveals the card's shape, outlined, and keeps the
 * others as the question had them. Pure: the editor, the review screens and the Worker's
 * checks share it.
 */
import { isUploadAddress } from './card-images';

export const OCCLUSION_MODES = ['hide_one', 'hide_all'] as const;
export type OcclusionMode = (typeof OCCLUSION_MODES)[number];
/** A shape is a rectangle or the ellipse inscribed in that rectangle (Anki's 'rect' and 'ellipse'). */
export const OCCLUSION_KINDS = ['rect', 'ellipse'] as const;
export type OcclusionKind = (typeof OCCLUSION_KINDS)[number];
/** The largest cloze number a shape may carry (Anki's `cN`). */
export const OCCLUSION_ORDINAL_MAX = 10_000;

/** The most shapes one image may carry (one card each). */
export const OCCLUSION_SHAPES_MAX = 100;
/** The longest label a shape may carry (what the answer says). */
export const OCCLUSION_LABEL_MAX = 200;
/** The smallest side a shape may have, as a fraction of the image (a click without a drag draws nothing). */
export const OCCLUSION_MIN_SIZE = 0.01;

export interface OcclusionShape {
  /** 'rect', or 'ellipse': the ellipse inscribed in the box left/top/width/height. */
  kind?: OcclusionKind;
  /** The shape's cloze number in Anki's Image Occlusion note (c1, c2…), kept when shapes are edited so each card stays the same Anki card. */
  ordinal?: number;
  left: number;
  top: number;
  width: number;
  height: number;
  /** What the shape hides, said in the answer; empty when the person wrote none. */
  label: string;
}

/** What an image-occlusion card keeps: its image, every shape of the image, which one it asks, how. */
export interface CardOcclusion {
  image: string;
  shapes: OcclusionShape[];
  target: number;
  mode: OcclusionMode;
  /** The cards drawn over the image together (Anki's note); null for cards made before groups were kept. */
  group?: string | null;
  /** The group's shapes' version: each edit of the zones adds one, and an edit made from an older one is refused. */
  version?: number;
}

/** Each shape's cloze number: its own when it has one, else the next number no shape uses (as Anki fills them). */
export function shapeOrdinals(shapes: readonly Pick<OcclusionShape, 'ordinal'>[]): number[] {
  const used = new Set(shapes.flatMap((s) => (s.ordinal ? [s.ordinal] : [])));
  let next = 1;
  return shapes.map((s) => {
    if (s.ordinal) return s.ordinal;
    while (used.has(next)) next++;
    used.add(next);
    return next;
  });
}

/** How each shape shows on one side of a card. */
export type MaskKind = 'asked' | 'masked' | 'revealed';
export interface Mask {
  index: number;
  kind: MaskKind;
  shape: OcclusionShape;
}

/** Slack for fractions that went through decimal text (0.1 + 0.2 …). */
const EPSILON = 1e-9;

/** Why a shape is refused, in French; null when it lies inside the image and is large enough. */
export function shapeProblem(shape: Pick<OcclusionShape, 'left' | 'top' | 'width' | 'height'>): string | null {
  const values = [shape.left, shape.top, shape.width, shape.height];
  if (!values.every((v) => Number.isFinite(v) && v >= 0 && v <= 1)) return 'Chaque coordonnée doit être un nombre de 0 à 1 (une fraction de l’image).';
  if (shape.width < OCCLUSION_MIN_SIZE || shape.height < OCCLUSION_MIN_SIZE) return `Une zone doit mesurer au moins ${OCCLUSION_MIN_SIZE * 100} % de l’image de côté.`;
  if (shape.left + shape.width > 1 + EPSILON || shape.top + shape.height > 1 + EPSILON) return 'La zone dépasse de l’image.';
  return null;
}

/** The shapes of one side: the asked one masked (question) or revealed (answer), the others per mode. */
export function masksOf(occlusion: CardOcclusion, side: 'question' | 'answer'): Mask[] {
  const masks: Mask[] = [];
  occlusion.shapes.forEach((shape, index) => {
    if (index === occlusion.target) masks.push({ index, kind: side === 'question' ? 'asked' : 'revealed', shape });
    else if (occlusion.mode === 'hide_all') masks.push({ index, kind: 'masked', shape });
  });
  return masks;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const round = (value: number) => Math.round(value * 10_000) / 10_000;

/** A shape kept inside the image and at least the minimum size, its figures rounded to 4 decimals. */
export function fitShape<T extends OcclusionShape>(shape: T): T {
  const width = clamp(round(shape.width), OCCLUSION_MIN_SIZE, 1);
  const height = clamp(round(shape.height), OCCLUSION_MIN_SIZE, 1);
  return { ...shape, width, height, left: clamp(round(shape.left), 0, round(1 - width)), top: clamp(round(shape.top), 0, round(1 - height)) };
}

/** The rectangle between two points of a drag (fractions of the image), kept inside it; null when too small to be meant. */
export function shapeFromDrag(from: { x: number; y: number }, to: { x: number; y: number }): OcclusionShape | null {
  const x1 = clamp(Math.min(from.x, to.x), 0, 1);
  const y1 = clamp(Math.min(from.y, to.y), 0, 1);
  const x2 = clamp(Math.max(from.x, to.x), 0, 1);
  const y2 = clamp(Math.max(from.y, to.y), 0, 1);
  if (x2 - x1 < OCCLUSION_MIN_SIZE || y2 - y1 < OCCLUSION_MIN_SIZE) return null;
  return fitShape({ left: x1, top: y1, width: x2 - x1, height: y2 - y1, label: '' });
}

/** A shape moved (or, with `resize`, grown from its bottom-right corner) by a step, kept inside the image. */
export function nudgeShape<T extends OcclusionShape>(shape: T, dx: number, dy: number, resize: boolean): T {
  if (resize) {
    const width = clamp(shape.width + dx, OCCLUSION_MIN_SIZE, 1 - shape.left);
    const height = clamp(shape.height + dy, OCCLUSION_MIN_SIZE, 1 - shape.top);
    return fitShape({ ...shape, width, height });
  }
  return fitShape({ ...shape, left: shape.left + dx, top: shape.top + dy });
}

/** A shape's place in words, in percent of the image (what a screen reader and the shape list say). */
export function describeShape(shape: OcclusionShape): string {
  const pct = (v: number) => `${Math.round(v * 100)} %`;
  return `${shape.kind === 'ellipse' ? 'ellipse ' : ''}à ${pct(shape.left)} du bord gauche, ${pct(shape.top)} du haut, ${pct(shape.width)} de large, ${pct(shape.height)} de haut`;
}

/** A stored card's occlusion, or null when the card is a text card or its JSON is not one. */
export function parseCardOcclusion(json: string | null): CardOcclusion | null {
  if (!json) return null;
  try {
    return checkOcclusion(JSON.parse(json) as Partial<CardOcclusion>);
  } catch {
    return null;
  }
}

/** An occlusion checked and normalised (every shape with its kind and cloze number), or null when it is not one. */
export function checkOcclusion(value: Partial<CardOcclusion>): CardOcclusion | null {
  // Review shows only the app's own uploads: another site's image is never fetched.
  if (typeof value.image !== 'string' || !isUploadAddress(value.image) || !Array.isArray(value.shapes) || !Number.isInteger(value.target)) return null;
  if (!OCCLUSION_MODES.includes(value.mode as OcclusionMode)) return null;
  if (value.group !== undefined && value.group !== null && (typeof value.group !== 'string' || !value.group || value.group.length > 100)) return null;
  const raw = value.shapes as Partial<OcclusionShape>[];
  if (raw.some((s) => (s.kind !== undefined && !OCCLUSION_KINDS.includes(s.kind)) || (s.ordinal !== undefined && !(Number.isInteger(s.ordinal) && s.ordinal >= 1 && s.ordinal <= OCCLUSION_ORDINAL_MAX)))) return null;
  const ordinals = shapeOrdinals(raw);
  if (new Set(ordinals).size !== ordinals.length) return null;
  const shapes = raw.map((s, i): OcclusionShape => ({
    kind: s.kind ?? 'rect',
    ordinal: ordinals[i]!,
    left: Number(s.left),
    top: Number(s.top),
    width: Number(s.width),
    height: Number(s.height),
    label: typeof s.label === 'string' ? s.label : '',
  }));
  if (shapes.some((s) => shapeProblem(s) !== null) || value.target! < 0 || value.target! >= shapes.length) return null;
  const version = value.version ?? 0;
  if (!Number.isInteger(version) || version < 0) return null;
  return { image: value.image, shapes, target: value.target!, mode: value.mode as OcclusionMode, group: value.group ?? null, version };
}

/**
 * The shapes of an edit of a group's zones: a shape that names the cloze number of one of
 * the group's shapes keeps it (and its card); one without gets a number no shape of the
 * group ever had, so an Anki export never gives a new zone an old card's number. Null when
 * a shape names a number the group does not have, or two shapes the same.
 */
export function editedShapes(before: readonly OcclusionShape[], after: readonly OcclusionShape[]): OcclusionShape[] | null {
  const known = new Set(shapeOrdinals(before));
  const named = after.flatMap((s) => (s.ordinal === undefined ? [] : [s.ordinal]));
  if (named.some((o) => !known.has(o)) || new Set(named).size !== named.length) return null;
  let next = Math.max(0, ...known) + 1;
  return after.map((s) => ({ ...s, kind: s.kind ?? 'rect', ordinal: s.ordinal ?? next++ }));
}

/** The question an occlusion card asks when the person wrote none. */
export const OCCLUSION_QUESTION = 'Que cache la zone masquée ?';

/** The question and answer text of the card asking shape `index` (what lists, search and the answer show). */
export function occlusionCardText(shapes: readonly OcclusionShape[], index: number, header: string) {
  const label = shapes[index]!.label.trim();
  return {
    question: header.trim() || OCCLUSION_QUESTION,
    answer: label || `Zone ${index + 1} sur ${shapes.length}`,
  };
}

/**
 * The cards of a new occlusion group: one per shape, each asking its own, with its text;
 * every shape with its kind and cloze number (its own when it names one, else the next
 * free one, as Anki fills them), so that an Anki export makes the group one note.
 */
export function occlusionGroupCards(props: { image: string; shapes: readonly OcclusionShape[]; mode: OcclusionMode; header: string; group: string }) {
  const ordinals = shapeOrdinals(props.shapes);
  const shapes = props.shapes.map((shape, i) => ({ ...shape, kind: shape.kind ?? 'rect', ordinal: ordinals[i]! }));
  return shapes.map((_, target) => {
    const occlusion: CardOcclusion = { image: props.image, shapes, target, mode: props.mode, group: props.group, version: 0 };
    return { ...occlusionCardText(shapes, target, props.header), occlusion };
  });
}

/**
 * The person's shapes saved again over a newer version of the group (their explicit
 * 'Garder mes zones' after a 409): a shape keeps its cloze number (and card) only while the
 * newer version still has it; one the newer version removed becomes a new zone, so the
 * save is not refused for naming a number the group no longer has.
 */
export function shapesOverNewer(mine: readonly OcclusionShape[], newer: readonly OcclusionShape[]): OcclusionShape[] {
  const known = new Set(shapeOrdinals(newer));
  const seen = new Set<number>();
  return mine.map((shape) => {
    const { ordinal, ...rest } = shape;
    if (ordinal === undefined || !known.has(ordinal) || seen.has(ordinal)) return rest;
    seen.add(ordinal);
    return shape;
  });
}
