/**
 * The outside-call provider of the import: fetches a web page a person named, with the
 * guards a server must keep when it fetches on someone's behalf. Only http(s); private,
 * loopback and link-local hosts refused unless the deployment allows them (development
 * and tests serve pages from loopback); redirects followed by hand, at most
 * MAX_REDIRECTS, each hop checked again; one deadline for the whole exchange; the body
 * counted while it streams and cut at MAX_BYTES. See domain/private-address.ts for what
 * a Worker can and cannot check about an address.
 */
import { decodeHtml, htmlEncoding } from '../domain/html-encoding';
import { isPrivateHost } from '../domain/private-address';
import type { Env } from '../env';
import { breathe } from '../lib/breathe';
import { ApiError } from '../lib/errors';
import { readStreamWithLimit, StreamTooLargeError } from '../lib/read-limited';

export const FETCH_TIMEOUT_MS = 10_000;
export const MAX_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

export interface FetchPageOptions {
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  /** The network; a test may stand in for it. */
  fetcher?: typeof fetch;
  /**
   * Sees the page's text piece by piece (at most TEXT_PIECE characters, a macrotask apart)
   * as it is read; what it throws stops the read (the extraction's PageMeter refuses there).
   */
  inspect?: (piece: string) => void;
}

/** The most text `inspect` is given at once: a few milliseconds of tokenizing. */
const TEXT_PIECE = 32 * 1024;

export interface FetchedPage {
  /** The address the page was finally read from (after redirects). */
  url: string;
  html: string;
}

const fail = (code: string, detail: string) => new ApiError(422, code, detail);

/** Private fetches are allowed when the deployment says so, and always in development. */
export function allowsPrivateFetch(env: Pick<Env, 'ALLOW_PRIVATE_FETCH' | 'ENVIRONMENT'>): boolean {
  return env.ALLOW_PRIVATE_FETCH === 'true' || env.ENVIRONMENT === 'development';
}

/** The URL if it may be fetched; a clear 422 otherwise. */
export function checkedUrl(raw: string, base: string | undefined, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    throw fail('url_invalid', "L'URL n'est pas valide.");
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail('url_scheme', "Seules les adresses http:// et https:// peuvent être importées.");
  if (!allowPrivate && isPrivateHost(url.hostname)) throw fail('url_private', 'Cette adresse est privée ou locale : elle ne peut pas être importée.');
  return url;
}

const isRedirect = (status: number) => [301, 302, 303, 307, 308].includes(status);

export async function fetchPage(rawUrl: string, options: FetchPageOptions): Promise<FetchedPage> {
  const fetcher = options.fetcher ?? fetch;
  const controller = new AbortController();
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let url = checkedUrl(rawUrl, undefined, options.allowPrivate);
    for (let hop = 0; ; hop += 1) {
      const response = await fetcher(url.href, {
        redirect: 'manual',
        signal: controller.signal,
        headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1', 'user-agent': 'Astrolabe-Import/1.0' },
      });
      if (isRedirect(response.status) && response.headers.get('location')) {
        await response.body?.cancel();
        if (hop >= MAX_REDIRECTS) throw fail('too_many_redirects', `La page redirige plus de ${MAX_REDIRECTS} fois.`);
        url = checkedUrl(response.headers.get('location')!, url.href, options.allowPrivate);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw fail('page_status', `La page a répondu avec le statut ${response.status}.`);
      }
      return { url: url.href, html: await readHtml(response, options.maxBytes ?? MAX_BYTES, options.inspect) };
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (controller.signal.aborted) throw fail('page_timeout', `La page n'a pas répondu en ${Math.round(timeoutMs / 1000)} secondes.`);
    throw fail('page_unreachable', 'La page est injoignable.');
  } finally {
    clearTimeout(timer);
  }
}

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;

/** The body as text, refused when it is not HTML or grows past `maxBytes`; `inspect` sees it as it streams. */
async function readHtml(response: Response, maxBytes: number, inspect: FetchPageOptions['inspect']): Promise<string> {
  const type = response.headers.get('content-type') ?? '';
  if (type && !HTML_TYPES.test(type.trim())) {
    await response.body?.cancel();
    throw fail('page_not_html', "Cette adresse ne renvoie pas une page HTML.");
  }
  const tooLarge = () => fail('page_too_large', `La page dépasse ${Math.round(maxBytes / 1024 / 1024)} Mo.`);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  // The measure reads the text in the encoding the first bytes name (markup is ASCII in
  // every encoding sniffing can fall back to); the page itself is decoded whole below.
  const measured: { decoder?: TextDecoder } = {};
  /** One arrived chunk's text, inspected a piece at a time; the isolate's other requests run between pieces. */
  const take = async (text: string) => {
    for (let at = 0; at < text.length; at += TEXT_PIECE) {
      if (at > 0) await breathe();
      inspect?.(text.slice(at, at + TEXT_PIECE));
    }
  };
  try {
    const bytes = await readStreamWithLimit(
      response.body,
      maxBytes,
      inspect &&
        ((chunk) => {
          measured.decoder ??= new TextDecoder(htmlEncoding(chunk, type));
          return take(measured.decoder.decode(chunk, { stream: true }));
        }),
    );
    if (inspect) await take(measured.decoder?.decode() ?? '');
    return decodeHtml(bytes, type);
  } catch (err) {
    throw err instanceof StreamTooLargeError ? tooLarge() : err;
  }
}
