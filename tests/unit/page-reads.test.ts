/**
 * A fetched page is read as workerd hands its body over: in pieces of 64 KB, where the
 * runtime's default reads give 4 KB each (hundreds of reads, each a turn of the isolate,
 * for the 5 MB prose page the bounded-work bench sends), and every byte kept however small
 * the pieces a slow network gives.
 */
import { describe, expect, it } from 'vitest';
import { fetchPage } from '../../worker/src/services/fetch-page';
import { PageMeter } from '../../worker/src/services/import-article';
import { runtimeStream } from '../support/runtime-stream';

const encoder = new TextEncoder();

function served(html: string, fill?: number) {
  const stream = runtimeStream(encoder.encode(html), { fill });
  const fetcher = (async () => new Response(stream.body, { headers: { 'content-type': 'text/html; charset=utf-8' } })) as typeof fetch;
  return { stream, options: { allowPrivate: true, fetcher } };
}

describe('a fetched page', () => {
  it('is measured in pieces of 64 KB and refused at the first past a cap, the rest unread', async () => {
    const prose = `<html><body><article>${Array.from({ length: 36_000 }, (_, i) => `<p>Paragraphe ${i} : une phrase ordinaire, assez longue pour être lue comme de la prose.</p>`).join('')}</article></body></html>`;
    const { stream, options } = served(prose);
    const meter = new PageMeter();
    const refused = await fetchPage('http://pages.test/prose', { ...options, inspect: (piece) => meter.write(piece) }).then(
      () => 'read',
      (err) => err.code,
    );
    expect(refused).toBe('article_too_large');
    expect(stream.sent()).toBeLessThan(encoder.encode(prose).length - (1 << 20));
    // 4 KB reads took 470 to reach the refusal.
    expect(stream.reads()).toBeLessThanOrEqual(Math.ceil(stream.sent() / (64 << 10)) + 1);
  });

  it('keeps every byte, in large pieces or in the small ones a slow network gives', async () => {
    const page = `<html><body>${Array.from({ length: 3_000 }, (_, i) => `<p>Été n° ${i} — « ${'é'.repeat(i % 7)} »</p>`).join('')}</body></html>`;
    for (const fill of [Infinity, 1000, 7]) {
      const { options } = served(page, fill);
      expect((await fetchPage('http://pages.test/page', options)).html).toBe(page);
    }
  });
});
