/**
 * The images of a card side, as its text holds them: `![alt](address)`, the form the Anki
 * import writes for an <img> and the one a person types. Pure; shared by the page, which
 * shows each part as its own element (never as HTML).
 *
 * Only an address the app serves — an upload's `/api/v1/files/{owner}/{uuid}` — shows as a
 * picture; review never fetches another site's image, so an http(s) image elsewhere stays a
 * link named by its alt text, and any other address stays the text it was written as.
 */
import { UUID_PATTERN } from '../lib/r2-keys';

export type CardTextPart =
  | { kind: 'text'; text: string }
  | { kind: 'image'; alt: string; address: string }
  | { kind: 'link'; text: string; href: string };

const IMAGE = /!\[([^\]\n]*)\]\(([^)\s]+)\)/g;
const UPLOAD_ADDRESS = new RegExp(`^/api/v1/files/[1-9][0-9]*/${UUID_PATTERN}$`);
const WEB_ADDRESS = /^https?:\/\/[^\s/]+/i;

/** Whether an address is one of the app's own uploads (what a card side may show as a picture). */
export function isUploadAddress(address: string): boolean {
  return UPLOAD_ADDRESS.test(address);
}

/** A side's text cut into plain text, images of the app's uploads and links to images elsewhere, in order. */
export function cardTextParts(side: string): CardTextPart[] {
  const parts: CardTextPart[] = [];
  const pushText = (text: string) => {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last?.kind === 'text') last.text += text;
    else parts.push({ kind: 'text', text });
  };
  let from = 0;
  for (const match of side.matchAll(IMAGE)) {
    pushText(side.slice(from, match.index));
    const alt = match[1]!.trim();
    const address = match[2]!;
    if (isUploadAddress(address)) parts.push({ kind: 'image', alt, address });
    else if (WEB_ADDRESS.test(address)) parts.push({ kind: 'link', text: alt || address, href: address });
    else pushText(match[0]);
    from = match.index + match[0].length;
  }
  pushText(side.slice(from));
  return parts;
}
