import { describe, expect, it } from 'vitest';
import { contentToDoc, RICH_DOC_MAX_DEPTH, RICH_DOC_MAX_NODES, RichDocTooLargeError, richContentWithinLimits, withinRichDocLimits } from '../../worker/src/domain/richtext';

function chain(levels: number): unknown {
  let node: unknown = { type: 'paragraph' };
  for (let i = 0; i < levels; i++) node = { type: 'blockquote', content: [node] };
  return { type: 'doc', content: [node] };
}

describe('rich document limits', () => {
  it('accepts a document exactly at the depth limit and refuses one level deeper', () => {
    expect(withinRichDocLimits(chain(RICH_DOC_MAX_DEPTH - 2))).toBe(true);
    expect(withinRichDocLimits(chain(RICH_DOC_MAX_DEPTH - 1))).toBe(false);
  });

  it('measures a chain 10,000 levels deep without exhausting the stack', () => {
    expect(withinRichDocLimits(chain(10_000))).toBe(false);
    expect(() => contentToDoc(chain(10_000))).toThrow(RichDocTooLargeError);
  });

  it('refuses a flat document with more nodes than the limit', () => {
    const wide = { type: 'doc', content: Array.from({ length: RICH_DOC_MAX_NODES }, () => ({ type: 'paragraph' })) };
    expect(withinRichDocLimits(wide)).toBe(false);
    expect(withinRichDocLimits({ ...wide, content: wide.content.slice(1) })).toBe(true);
  });

  it('checks a document sent as a JSON string, and lets plain text through', () => {
    expect(richContentWithinLimits(JSON.stringify(chain(100)))).toBe(false);
    expect(richContentWithinLimits('{ pas du JSON')).toBe(true);
    expect(richContentWithinLimits('Alpha')).toBe(true);
  });
});
