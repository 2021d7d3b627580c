/**
 * The page every screen starts from: its inline script (the remembered theme before the
 * first paint) runs only if the Content-Security-Policy of web/public/_headers names its
 * hash; a changed script with a stale hash would be silently blocked and the light theme
 * would flash dark on every load.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const html = readFileSync('web/index.html', 'utf8');
const headers = readFileSync('web/public/_headers', 'utf8');

const scriptSrc = () => {
  const policy = /Content-Security-Policy:\s*(.+)/.exec(headers)?.[1] ?? '';
  return (
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === 'script-src')
      ?.slice(1) ?? []
  );
};

describe('index.html and the content security policy', () => {
  it('allows each inline script by its hash, and nothing else inline', () => {
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
    expect(inline.length).toBeGreaterThan(0);
    const sources = scriptSrc();
    for (const text of inline) expect(sources).toContain(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    expect(sources).not.toContain("'unsafe-inline'");
    expect(sources.filter((s) => s.startsWith("'sha256-"))).toHaveLength(inline.length);
  });
});
