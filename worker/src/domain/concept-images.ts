/**
 * The images of a concept's document that an image-occlusion card may be drawn over: its
 * figures and its attached image files, when they are the person's own uploads
 * (`/api/v1/files/{owner}/{uuid}`, owner = the person), in the document's order, each once.
 * Pure; the Worker lists them for the occlusion editor's picker.
 */
import { isUploadAddress } from './card-images';
import type { RichNode } from './richtext';

/** The most images the picker lists (a concept with more shows its first ones). */
export const CONCEPT_IMAGES_MAX = 60;

export interface ConceptImage {
  address: string;
  /** What the document says the image shows: its alt text, caption or file name; may be empty. */
  name: string;
}

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The image a node shows, if it is one of `ownerId`'s uploads. */
function imageOf(node: RichNode, ownerId: number): ConceptImage | null {
  const a = node.attrs ?? {};
  const address = str(a.src);
  if (!isUploadAddress(address) || Number(address.split('/')[4]) !== ownerId) return null;
  if (node.type === 'figure' || node.type === 'image') return { address, name: str(a.alt) || str(a.title) };
  if (node.type === 'fileAttachment' && str(a.mimeType).startsWith('image/')) return { address, name: str(a.fileName) };
  return null;
}

/**
 * The person's own images in a stored document (its JSON, as `concepts.content` keeps it),
 * at most CONCEPT_IMAGES_MAX. Unreadable content has none. Walked without recursion, so
 * any nesting the stored document has is safe.
 */
export function conceptImages(content: string | null, ownerId: number): ConceptImage[] {
  let doc: unknown;
  try {
    doc = content ? JSON.parse(content) : null;
  } catch {
    return [];
  }
  const found = new Map<string, ConceptImage>();
  const stack: unknown[] = [doc];
  while (stack.length > 0 && found.size < CONCEPT_IMAGES_MAX) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null || Array.isArray(node)) continue;
    const image = imageOf(node as RichNode, ownerId);
    if (image && !found.has(image.address)) found.set(image.address, image);
    const children = (node as RichNode).content;
    // Pushed last child first, so the document is read in its order.
    if (Array.isArray(children)) for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return [...found.values()];
}
