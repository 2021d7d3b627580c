/**
 * Image-occlusion cards as Anki's own "Image Occlusion" note type (Anki ≥ 23.10): one note
 * per image, its fields Occlusion, Image, Header, Back Extra and Comments, each shape a
 * cloze deletion of the Occlusion field — `{{c1::image-occlusion:rect:left=.1:top=.2:width=.3:height=.1}}`
 * — whose figures are fractions of the image (as Anki's editor normalises them), one card
 * per cloze number. `:oi=1` ("occlude inactive") on every shape is Anki's "hide all, guess
 * one"; without it, "hide one, guess one". An ellipse is `ellipse:left=…:top=…:rx=…:ry=…`,
 * its radii fractions of the width and height, left/top the corner of its box. Read from
 * Anki's rslib (image_occlusion/, cloze.rs) and ts/routes/image-occlusion/shapes, written
 * anew. Anki has no place for a shape's label: they travel in the Comments field, which its
 * templates never show, as `c1: label` lines. Pure.
 */
import { imageSources } from './anki-import';
import type { AnkiNoteType } from './anki-template';
import { OCCLUSION_LABEL_MAX, OCCLUSION_ORDINAL_MAX, OCCLUSION_SHAPES_MAX, shapeOrdinals, shapeProblem, type OcclusionMode, type OcclusionShape } from './image-occlusion';

export const ANKI_OCCLUSION_MODEL_ID = 1_700_000_000_003;
/** Anki's StockNotetype.OriginalStockKind for image occlusion (notetypes.proto). */
export const ORIGINAL_STOCK_KIND_IMAGE_OCCLUSION = 6;

const QFMT = `{{#Header}}<div>{{Header}}</div>{{/Header}}
<div style="display: none">{{cloze:Occlusion}}</div>
<div id="err"></div>
<div id="image-occlusion-container">
    {{Image}}
    <canvas id="image-occlusion-canvas"></canvas>
</div>
<script>
try {
    anki.imageOcclusion.setup();
} catch (exc) {
    document.getElementById("err").innerHTML = \`Error loading image occlusion. Is your Anki version up to date?<br><br>\${exc}\`;
}
</script>
`;

const CSS = `#image-occlusion-canvas {
    --inactive-shape-color: #ffeba2;
    --active-shape-color: #ff8e8e;
    --inactive-shape-border: 1px #212121;
    --active-shape-border: 1px #212121;
    --highlight-shape-color: #ff8e8e00;
    --highlight-shape-border: 1px #ff8e8e;
}

.card {
    font-family: arial;
    font-size: 20px;
    text-align: center;
    color: black;
    background-color: white;
}
`;

/** Anki's stock Image Occlusion note type, as it adds it to a collection. */
export const IMAGE_OCCLUSION_NOTE_TYPE: AnkiNoteType = {
  id: ANKI_OCCLUSION_MODEL_ID,
  name: 'Image Occlusion',
  cloze: true,
  stockKind: ORIGINAL_STOCK_KIND_IMAGE_OCCLUSION,
  fields: ['Occlusion', 'Image', 'Header', 'Back Extra', 'Comments'],
  templates: [
    {
      name: 'Image Occlusion',
      ord: 0,
      qfmt: QFMT,
      afmt: `${QFMT}\n<div><button id="toggle">Toggle Masks</button></div>\n{{#Back Extra}}<div>{{Back Extra}}</div>{{/Back Extra}}\n`,
    },
  ],
  css: CSS,
};

/** A fraction as Anki writes it: at most 4 decimals, no leading or trailing zero ('.25', '.0000' for zero). */
export function ankiFraction(value: number): string {
  if (!Number.isFinite(value) || value === 0) return '.0000';
  return value.toFixed(4).replace(/^0+|0+$/g, '');
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The cloze of one shape, with its cloze number. */
function shapeCloze(shape: OcclusionShape, ordinal: number, mode: OcclusionMode): string {
  const oi = mode === 'hide_all' ? ':oi=1' : '';
  const at = `left=${ankiFraction(shape.left)}:top=${ankiFraction(shape.top)}`;
  const body = shape.kind === 'ellipse' ? `ellipse:${at}:rx=${ankiFraction(shape.width / 2)}:ry=${ankiFraction(shape.height / 2)}` : `rect:${at}:width=${ankiFraction(shape.width)}:height=${ankiFraction(shape.height)}`;
  return `{{c${ordinal}::image-occlusion:${body}${oi}}}<br>`;
}

/**
 * The note's fields in the stock order (Occlusion, Image, Header, Back Extra, Comments):
 * every shape of the image a cloze, the image by its media file name.
 */
export function occlusionNoteFields(props: { shapes: readonly OcclusionShape[]; mode: OcclusionMode; header: string; imageName: string }): string[] {
  const ordinals = shapeOrdinals(props.shapes);
  const occlusion = props.shapes.map((shape, i) => shapeCloze(shape, ordinals[i]!, props.mode)).join('');
  const labels = props.shapes.flatMap((shape, i) => (shape.label.trim() ? [`c${ordinals[i]}: ${escapeHtml(shape.label.trim())}`] : [])).join('<br>');
  return [occlusion, `<img src="${escapeHtml(props.imageName)}">`, escapeHtml(props.header), '', labels];
}

/** The Anki card ordinal (0-based template/cloze index) of the card asking shape `target`. */
export const occlusionCardOrd = (shapes: readonly OcclusionShape[], target: number) => shapeOrdinals(shapes)[target]! - 1;

export interface ParsedOcclusionNote {
  imageName: string;
  shapes: OcclusionShape[];
  mode: OcclusionMode;
  header: string;
}

/** `image-occlusion:<kind>:name=value:…` as Anki writes it (`\:` and `\\` escaped in values); null when it is not one. */
function parseShapeText(text: string): { kind: string; props: Map<string, string> } | null {
  const match = /^image-occlusion:([a-z]+)((?::[^=:\\]+=(?:[^:\\]|\\[\\:])*)*)$/.exec(text.trim());
  if (!match) return null;
  const props = new Map<string, string>();
  for (const [, name, value] of match[2]!.matchAll(/:([^=:\\]+)=((?:[^:\\]|\\[\\:])*)/g)) props.set(name!, value!.replace(/\\([\\:])/g, '$1'));
  return { kind: match[1]!, props };
}

const decodeEntities = (text: string) =>
  text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** A figure of a shape: a plain decimal number (Anki writes '.25'), or NaN. */
const figure = (value: string | undefined) => (value !== undefined && /^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(value) ? Number(value) : Number.NaN);

/** One Anki shape as ours: a rectangle, an ellipse by its box, a polygon by the box around its points; null for text or an unknown kind. */
function shapeOf(kind: string, props: Map<string, string>): Omit<OcclusionShape, 'label' | 'ordinal'> | null {
  const left = figure(props.get('left'));
  const top = figure(props.get('top'));
  if (kind === 'rect') return { kind: 'rect', left, top, width: figure(props.get('width')), height: figure(props.get('height')) };
  if (kind === 'ellipse') return { kind: 'ellipse', left, top, width: 2 * figure(props.get('rx')), height: 2 * figure(props.get('ry')) };
  if (kind === 'polygon') {
    const points = (props.get('points') ?? '').split(' ').filter(Boolean).map((p) => p.split(',').map(figure));
    if (!points.length || points.some((p) => p.length !== 2)) return { kind: 'rect', left: Number.NaN, top: Number.NaN, width: Number.NaN, height: Number.NaN };
    const xs = points.map((p) => p[0]!);
    const ys = points.map((p) => p[1]!);
    return { kind: 'rect', left: Math.min(...xs), top: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
  }
  return null;
}

/** Anki's precision: 4 decimals. */
const round4 = (value: number) => Math.round(value * 1e4) / 1e4;

/** A side that went through 4-decimal text and overshoots the image's edge by a rounding step, brought back to it. */
const clip = (start: number, size: number) => (start + size > 1 && start + size <= 1 + 2e-4 ? 1 - start : size);

/** The box around several shapes of one cloze number (Anki groups them; a card here asks one zone). */
function unite(shapes: Omit<OcclusionShape, 'label' | 'ordinal'>[]): Omit<OcclusionShape, 'label' | 'ordinal'> {
  if (shapes.length === 1) return shapes[0]!;
  const left = Math.min(...shapes.map((s) => s.left));
  const top = Math.min(...shapes.map((s) => s.top));
  return { kind: 'rect', left, top, width: Math.max(...shapes.map((s) => s.left + s.width)) - left, height: Math.max(...shapes.map((s) => s.top + s.height)) - top };
}

/**
 * An Image Occlusion note's shapes, image and mode from its fields (stock order), or null
 * when the Occlusion field holds no shape, a shape's text cannot be read or lies outside
 * the image: such a note's cards come in as ordinary cards.
 */
export function parseOcclusionNote(fields: readonly string[]): ParsedOcclusionNote | null {
  const [occlusion = '', image = '', header = '', , comments = ''] = fields;
  const imageName = imageSources(image)[0];
  if (!imageName) return null;
  const byOrdinal = new Map<number, Omit<OcclusionShape, 'label' | 'ordinal'>[]>();
  let hideAll = false;
  for (const [, numbers, text] of occlusion.matchAll(/\{\{c(\d+(?:,\d+)*)::([\s\S]*?)\}\}/g)) {
    if (!text!.startsWith('image-occlusion:')) return null;
    const parsed = parseShapeText(decodeEntities(text!));
    if (!parsed) return null;
    if (parsed.props.get('oi') === '1') hideAll = true;
    const shape = shapeOf(parsed.kind, parsed.props);
    if (!shape) continue;
    for (const number of numbers!.split(',').map(Number)) {
      // c0 marks shapes shown on every card (Anki's text labels): not a card.
      if (number < 1) continue;
      if (number > OCCLUSION_ORDINAL_MAX) return null;
      (byOrdinal.get(number) ?? byOrdinal.set(number, []).get(number)!).push(shape);
    }
  }
  if (!byOrdinal.size || byOrdinal.size > OCCLUSION_SHAPES_MAX) return null;
  const labels = new Map<number, string>();
  for (const line of comments.split(/<br\s*\/?>|\n/i)) {
    const label = /^\s*c(\d+): (.*)$/.exec(decodeEntities(line.replace(/<[^>]*>/g, '')));
    if (label) labels.set(Number(label[1]), label[2]!.trim().slice(0, OCCLUSION_LABEL_MAX));
  }
  const shapes: OcclusionShape[] = [...byOrdinal.entries()]
    .sort(([a], [b]) => a - b)
    .map(([ordinal, group]) => {
      const united = unite(group);
      const [left, top, width, height] = [united.left, united.top, united.width, united.height].map(round4) as [number, number, number, number];
      return { kind: united.kind, ordinal, left, top, width: clip(left, width), height: clip(top, height), label: labels.get(ordinal) ?? '' };
    });
  if (shapes.some((s) => shapeProblem(s) !== null)) return null;
  return { imageName: decodeEntities(imageName), shapes, mode: hideAll ? 'hide_all' : 'hide_one', header: decodeEntities(header.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, '')).trim() };
}
