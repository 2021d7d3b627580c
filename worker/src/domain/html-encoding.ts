/**
 * A fetched page's bytes as text, decoded the way the HTML standard's encoding sniffing
 * decides (https://html.spec.whatwg.org/#determining-the-character-encoding), in its order:
 * a byte order mark; the charset of the Content-Type header; a `<meta charset>` or
 * `<meta http-equiv="Content-Type" content="…; charset=…">` in the first 1024 bytes (a
 * UTF-16 label there means UTF-8, as the standard says); else UTF-8 when the bytes are
 * valid UTF-8, and windows-1252 (the French locale's default) when they are not.
 */

/** The label as TextDecoder knows it, or null. */
function known(label: string | null | undefined): string | null {
  if (!label) return null;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return null;
  }
}

function fromBom(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return null;
}

const META_CHARSET = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([\w.:-]+)/i;

/** The charset a `<meta>` of the first 1024 bytes declares. */
function fromMeta(bytes: Uint8Array): string | null {
  const head = new TextDecoder('windows-1252').decode(bytes.subarray(0, 1024));
  const label = known(META_CHARSET.exec(head)?.[1]);
  if (label === 'utf-16le' || label === 'utf-16be') return 'utf-8';
  return label === 'x-user-defined' ? 'windows-1252' : label;
}

export function htmlEncoding(bytes: Uint8Array, contentType: string): string {
  const declared = fromBom(bytes) ?? known(/charset=["']?([\w.:-]+)/i.exec(contentType)?.[1]) ?? fromMeta(bytes);
  if (declared) return declared;
  try {
    new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The page's text (a byte order mark is dropped by the decoder). */
export function decodeHtml(bytes: Uint8Array, contentType: string): string {
  return new TextDecoder(htmlEncoding(bytes, contentType)).decode(bytes);
}
