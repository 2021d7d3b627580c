/**
 * The embedded editor pages (spec document 1 §2, document 3): open without sign-in, shown
 * in the native app's web view or framed by its host page. They are the only screens
 * another page may frame, and only a host the deployment names (`EMBED_HOST_ORIGINS`)
 * besides the product's own origin; every other screen refuses to be framed at all.
 *
 * Pure: the Worker sets the headers from it, the page tells a web view by the same paths.
 */
export const EMBEDDED_PAGE_PATHS = ['/minimal-editor', '/hybrid-editor', '/mobile-tiptap-test', '/tiptap-test'] as const;

export function isEmbeddedPage(pathname: string): boolean {
  return EMBEDDED_PAGE_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/**
 * The host origins a deployment configured, as CSP sources: `scheme://host[:port]`, a `*`
 * port or a `*.` subdomain allowed, separated by spaces or commas. Anything else (a
 * keyword, a path, a `;` that would start another directive) is left out.
 */
export function embedHostSources(configured: string | undefined): string[] {
  return (configured ?? '')
    .split(/[\s,]+/)
    .filter((source) => /^[a-z][a-z0-9+.-]*:\/\/(\*\.)?[a-z0-9.-]+(:(\d{1,5}|\*))?$/i.test(source));
}

/** The `frame-ancestors` sources of a screen: none, or the product itself and the configured hosts for an embedded page. */
export function frameAncestors(pathname: string, configured: string | undefined): string {
  return isEmbeddedPage(pathname) ? ["'self'", ...embedHostSources(configured)].join(' ') : "'none'";
}
