/**
 * Which addresses the editor may put in a link or an image (spec document 1 §5).
 * Browsers ignore tabs, newlines and leading control characters in a URL, so
 * "java\tscript:" is still javascript: — we strip them before reading the scheme.
 */

const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);
const IMAGE_SCHEMES = new Set(['http', 'https']);
// eslint-disable-next-line no-control-regex
const IGNORED_BY_BROWSERS = /[\u0000-\u0020\u007f-\u009f]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

function schemeOf(url: string): string | null {
  const match = SCHEME.exec(url.replace(IGNORED_BY_BROWSERS, ''));
  return match ? match[1]!.toLowerCase() : null;
}

/** An address without a scheme that stays on this site: '/x', './x', '#x', '?x'. */
function isRelative(url: string): boolean {
  const trimmed = url.trim();
  if (trimmed === '' || trimmed.startsWith('\\') || trimmed.startsWith('/\\')) return false;
  return schemeOf(trimmed) === null;
}

/** A link target that cannot run script: http(s), mailto or relative. */
export function isSafeLinkHref(url: unknown): url is string {
  if (typeof url !== 'string' || url.trim() === '') return false;
  const scheme = schemeOf(url);
  return scheme === null ? isRelative(url) : LINK_SCHEMES.has(scheme);
}

/** An image source the app will load: http(s) or same-origin (relative), never data: or blob:. */
export function isSafeImageSrc(url: unknown): url is string {
  if (typeof url !== 'string' || url.trim() === '') return false;
  const scheme = schemeOf(url);
  return scheme === null ? isRelative(url) : IMAGE_SCHEMES.has(scheme);
}

export type LinkInput = { kind: 'remove' } | { kind: 'invalid' } | { kind: 'ok'; href: string };

/**
 * Reads what a person typed in the link prompt: empty removes the link; a bare domain
 * ("example.com") gets https://; anything that does not parse, or is not a safe
 * scheme, is invalid ('URL invalide').
 */
export function readLinkInput(input: string | null | undefined): LinkInput {
  const value = (input ?? '').trim();
  if (value === '') return { kind: 'remove' };
  if (value.startsWith('/') && !value.startsWith('//') && isSafeLinkHref(value)) return { kind: 'ok', href: value };
  const candidate = schemeOf(value) === null && /^[^\s/]+\.[^\s]+$/.test(value) ? `https://${value}` : value;
  try {
    const parsed = new URL(candidate);
    if (!isSafeLinkHref(parsed.href)) return { kind: 'invalid' };
    if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && !parsed.hostname) return { kind: 'invalid' };
    return { kind: 'ok', href: parsed.href };
  } catch {
    return { kind: 'invalid' };
  }
}

/** Reads an image address typed by a person ('URL de l'image invalide' when null). */
export function readImageUrl(input: string | null | undefined): string | null {
  const value = (input ?? '').trim();
  if (value.startsWith('/') && !value.startsWith('//')) return isSafeImageSrc(value) ? value : null;
  try {
    const parsed = new URL(value);
    return isSafeImageSrc(parsed.href) && parsed.hostname ? parsed.href : null;
  } catch {
    return null;
  }
}
