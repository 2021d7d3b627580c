import { describe, expect, it } from 'vitest';
import { embedHostSources, frameAncestors, isEmbeddedPage } from '../../worker/src/domain/embedded-pages';

describe('the embedded pages and who may frame them', () => {
  it('knows the four embedded editor pages, not pages that only start with their name', () => {
    expect(['/minimal-editor', '/hybrid-editor', '/tiptap-test', '/mobile-tiptap-test', '/minimal-editor/x'].every(isEmbeddedPage)).toBe(true);
    expect(['/', '/dashboard', '/minimal-editors', '/concepts/1/edit'].some(isEmbeddedPage)).toBe(false);
  });

  it('keeps only origins from the configured hosts, never a keyword or another directive', () => {
    expect(embedHostSources('https://host.example, capacitor://localhost  http://127.0.0.1:* https://*.example.org:8443')).toEqual([
      'https://host.example',
      'capacitor://localhost',
      'http://127.0.0.1:*',
      'https://*.example.org:8443',
    ]);
    expect(embedHostSources("* 'unsafe-inline' https://a.example;script-src https://b.example/path data: ")).toEqual([]);
    expect(embedHostSources(undefined)).toEqual([]);
  });

  it('frames nothing but the embedded pages', () => {
    expect(frameAncestors('/dashboard', 'https://host.example')).toBe("'none'");
    expect(frameAncestors('/hybrid-editor', 'https://host.example')).toBe("'self' https://host.example");
    expect(frameAncestors('/tiptap-test', undefined)).toBe("'self'");
  });
});
