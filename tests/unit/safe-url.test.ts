import { describe, expect, it } from 'vitest';
import { isSafeImageSrc, isSafeLinkHref, readImageUrl, readLinkInput } from '@domain/safe-url';

describe('safe links and images', () => {
  it.each(['https://example.com/a?b=c', 'http://x.org', 'mailto:a@b.c', '/concepts/3', '#top', 'page?x=1'])('accepts the link %s', (url) => {
    expect(isSafeLinkHref(url)).toBe(true);
  });

  it.each(['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', ' \njavascript:alert(1)', 'data:text/html,<script>x</script>', 'vbscript:msgbox', 'file:///etc/passwd', '', '\\\\evil.com'])(
    'refuses the link %j',
    (url) => {
      expect(isSafeLinkHref(url)).toBe(false);
    },
  );

  it('accepts only http(s) and same-site images', () => {
    expect(isSafeImageSrc('/api/v1/files/1/abc')).toBe(true);
    expect(isSafeImageSrc('https://img.example/cat.png')).toBe(true);
    expect(isSafeImageSrc('data:image/svg+xml,<svg onload=alert(1)>')).toBe(false);
    expect(isSafeImageSrc('javascript:alert(1)')).toBe(false);
    expect(isSafeImageSrc('mailto:a@b.c')).toBe(false);
  });

  it('reads the link prompt: empty removes, bare domains get https, bad input is invalid', () => {
    expect(readLinkInput('')).toEqual({ kind: 'remove' });
    expect(readLinkInput('   ')).toEqual({ kind: 'remove' });
    expect(readLinkInput('example.com')).toEqual({ kind: 'ok', href: 'https://example.com/' });
    expect(readLinkInput('https://a.org/x')).toEqual({ kind: 'ok', href: 'https://a.org/x' });
    expect(readLinkInput('/concepts/4')).toEqual({ kind: 'ok', href: '/concepts/4' });
    expect(readLinkInput('not a url')).toEqual({ kind: 'invalid' });
    expect(readLinkInput('javascript:alert(1)')).toEqual({ kind: 'invalid' });
  });

  it('reads an image address, refusing anything else', () => {
    expect(readImageUrl('https://img.example/cat.png')).toBe('https://img.example/cat.png');
    expect(readImageUrl('/api/v1/files/1/x')).toBe('/api/v1/files/1/x');
    expect(readImageUrl('cat')).toBeNull();
    expect(readImageUrl('data:image/png;base64,AAAA')).toBeNull();
  });
});
