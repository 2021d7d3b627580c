/**
 * Image-occlusion cards in a Markdown vault. The export writes a group (the cards drawn
 * over one image together) once, in its concept's cards section: the image, then a fenced
 * block whose info string is `astrolabe-occlusion` holding the group's mode, question and
 * shapes as JSON — in Obsidian an image and a code block, nothing else. The import reads
 * each such block right after an image as one group again, checked by the rules the REST
 * routes apply (occlusion-fields.ts). Pure.
 */
import { z } from 'zod';
import { isUploadAddress } from './card-images';
import { QUESTION_MAX } from './flashcard-fields';
import { checkOcclusion, OCCLUSION_LABEL_MAX, OCCLUSION_QUESTION, OCCLUSION_SHAPES_MAX, type CardOcclusion, type OcclusionMode, type OcclusionShape } from './image-occlusion';
import { numberedOcclusionShape, occlusionHeader, occlusionMode, occlusionShapes } from './occlusion-fields';

export const OCCLUSION_BLOCK_INFO = 'astrolabe-occlusion';

/**
 * The longest block read: the largest group the routes accept — the longest question and
 * the most shapes with the longest labels, every character of those texts escaped
 * (`\uXXXX`, six characters), each shape's figures in 200 — with 1,000 to spare. A longer
 * block is refused before it is parsed.
 */
export const OCCLUSION_BLOCK_MAX_CHARS = 6 * (QUESTION_MAX + OCCLUSION_SHAPES_MAX * OCCLUSION_LABEL_MAX) + OCCLUSION_SHAPES_MAX * 200 + 1_000;

/** What a vault keeps of a group: no image address, no ids (the image is the embed above the block). */
export interface VaultOcclusionData {
  mode: OcclusionMode;
  header: string;
  shapes: OcclusionShape[];
}

/** A group read back from a page: its image's stored address and what its block holds. */
export interface VaultOcclusion extends VaultOcclusionData {
  image: string;
  /** Names the group among the page's (its image and how many groups over that image come before): what its cards' uids derive from. */
  key: string;
}

/**
 * The group's data as its block holds it: the question written only when it is not the
 * default one, and no longer than the routes take (a card imported from Anki may ask a
 * longer one), so that every block the export writes, the import reads.
 */
export function vaultOcclusionData(occlusion: CardOcclusion, question: string): VaultOcclusionData {
  const header = question.trim() === OCCLUSION_QUESTION ? '' : question.trim().slice(0, QUESTION_MAX).trim();
  return { mode: occlusion.mode, header, shapes: occlusion.shapes };
}

/** The group as Markdown: `imagePath` (already relative to the page, encoded) shown, then its block, one shape a line. */
export function occlusionMarkdown(imagePath: string, data: VaultOcclusionData): string {
  const shapes = data.shapes.map((s) => JSON.stringify({ kind: s.kind ?? 'rect', ordinal: s.ordinal, left: s.left, top: s.top, width: s.width, height: s.height, label: s.label }));
  const json = `{\n  "mode": ${JSON.stringify(data.mode)},\n  "header": ${JSON.stringify(data.header)},\n  "shapes": [\n    ${shapes.join(',\n    ')}\n  ]\n}`;
  return `![Zones masquées](${imagePath})\n\n\`\`\`${OCCLUSION_BLOCK_INFO}\n${json}\n\`\`\``;
}

const blockSchema = z.object({
  mode: occlusionMode,
  header: occlusionHeader,
  shapes: occlusionShapes(numberedOcclusionShape, 'Le bloc ne contient aucune zone.'),
});

const IMAGE_LINE = /^\s*!\[[^\]\n]*\]\(([^)\s]+)\)\s*$/;
const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)/;

const TOO_LONG = `Le bloc dépasse ${OCCLUSION_BLOCK_MAX_CHARS} caractères.`;

/** A block over the image at `image` (a stored address): its data, or why it is refused, in French. */
export function readOcclusionBlock(text: string, image: string): { data: VaultOcclusionData } | { problem: string } {
  if (text.length > OCCLUSION_BLOCK_MAX_CHARS) return { problem: TOO_LONG };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problem: 'Le bloc n’est pas du JSON lisible.' };
  }
  const parsed = blockSchema.safeParse(json);
  if (!parsed.success) return { problem: parsed.error.issues[0]!.message };
  const { mode, header, shapes } = parsed.data;
  // What every stored occlusion passes; the schema above leaves only its cloze numbers to refuse.
  if (!checkOcclusion({ image, shapes, target: 0, mode })) return { problem: 'Deux zones portent le même numéro (ordinal).' };
  return { data: { mode, header, shapes } };
}

/** A page's refused block as the import says it. */
export const occlusionRefusal = (pagePath: string, problem: string) => `Zones masquées de la page « ${pagePath} » refusées. ${problem}`;

/**
 * The occlusion groups of a cards section whose images already point at their stored
 * addresses (vault-pages.ts rewrites them): each `astrolabe-occlusion` block with the image
 * on the last non-blank line before it. The first refused block's problem, in French;
 * a block's lines are kept only up to the size read.
 */
export function occlusionGroupsOf(markdown: string): { groups: VaultOcclusion[]; problem: string | null } {
  const groups: VaultOcclusion[] = [];
  const seenImages = new Map<string, number>();
  let open: { marker: string; occlusion: boolean; image: string | null; text: string; tooLong: boolean } | null = null;
  let lastLine = '';
  for (const line of markdown.split(/\r?\n/)) {
    if (open) {
      const closing = line.trim();
      if (closing.startsWith(open.marker) && /^(`+|~+)$/.test(closing) && closing[0] === open.marker[0]) {
        if (open.occlusion) {
          if (!open.image) return { groups, problem: `Le bloc ${OCCLUSION_BLOCK_INFO} doit suivre l’image de ses zones, et cette image est introuvable dans le coffre.` };
          if (open.tooLong) return { groups, problem: TOO_LONG };
          const read = readOcclusionBlock(open.text, open.image);
          if ('problem' in read) return { groups, problem: read.problem };
          const n = seenImages.get(open.image) ?? 0;
          seenImages.set(open.image, n + 1);
          groups.push({ ...read.data, image: open.image, key: `${open.image}#${n}` });
        }
        open = null;
        lastLine = '';
      } else if (open.occlusion && !open.tooLong) {
        open.text += `${line}\n`;
        open.tooLong = open.text.length > OCCLUSION_BLOCK_MAX_CHARS;
      }
      continue;
    }
    const fence = FENCE_OPEN.exec(line);
    if (fence) {
      const image = IMAGE_LINE.exec(lastLine)?.[1] ?? null;
      open = { marker: fence[1]!, occlusion: fence[2] === OCCLUSION_BLOCK_INFO, image: image && isUploadAddress(image) ? image : null, text: '', tooLong: false };
    } else if (line.trim()) lastLine = line;
  }
  if (open?.occlusion) return { groups, problem: `Le bloc ${OCCLUSION_BLOCK_INFO} n’est pas fermé.` };
  return { groups, problem: null };
}
