/**
 * The SPA's screens, served by the Worker from its static assets (`ASSETS`, wrangler.toml
 * runs the Worker first for every path but the hashed build files) so each screen gets its
 * framing policy: `frame-ancestors 'none'` and `X-Frame-Options: DENY` everywhere, except
 * the embedded editor pages, which the product itself and the configured native-app hosts
 * may frame (domain/embedded-pages.ts). The rest of the policy is `web/public/_headers`'.
 */
import type { Env } from '../env';
import { frameAncestors, isEmbeddedPage } from '../domain/embedded-pages';

export async function serveScreen(request: Request, env: Env): Promise<Response> {
  const asset = env.ASSETS ? await env.ASSETS.fetch(request) : new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  const res = new Response(asset.body, asset);
  const pathname = new URL(request.url).pathname;
  const directive = `frame-ancestors ${frameAncestors(pathname, env.EMBED_HOST_ORIGINS)}`;
  const policy = res.headers.get('content-security-policy');
  const others = (policy ?? '')
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !/^frame-ancestors\b/i.test(d));
  res.headers.set('content-security-policy', [...others, directive].join('; '));
  // X-Frame-Options cannot name a list of hosts; the CSP directive above governs an embedded page.
  if (isEmbeddedPage(pathname)) res.headers.delete('x-frame-options');
  else res.headers.set('x-frame-options', 'DENY');
  return res;
}
