import { describe, expect, it } from 'vitest';
import { extractWikiLinks, titleKey, wikiLinkTargets } from '../../worker/src/domain/wiki-links';

describe('extractWikiLinks', () => {
  it('finds the titles inside double brackets, trimmed', () => {
    expect(extractWikiLinks('Voir [[ Atome ]] et [[Molécule d’eau]].')).toEqual(['Atome', 'Molécule d’eau']);
  });

  it('keeps the first spelling of the same title typed in another case', () => {
    expect(extractWikiLinks('[[Atome]] puis [[ATOME]] puis [[atome ]]')).toEqual(['Atome']);
  });

  it('ignores empty, unclosed and multi-line brackets', () => {
    expect(extractWikiLinks('[[ ]] [[ouvert [[a\nb]] [single]')).toEqual([]);
  });

  it('reads the innermost brackets of nested ones', () => {
    expect(extractWikiLinks('[[[Noyau]]]')).toEqual(['Noyau']);
  });

  it('folds titles the way the database does (case and accents)', () => {
    expect(titleKey('  Énergie ')).toBe('energie');
  });
});

describe('wikiLinkTargets', () => {
  it('joins typed [[links]] and editor link marks, folded and deduplicated', () => {
    const doc = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Atome', marks: [{ type: 'conceptLink', attrs: { href: '/concepts/7', title: 'Atome' } }] }] }],
    };
    expect(wikiLinkTargets(doc, 'voir [[ATOME]] et [[Noyau]]')).toEqual({ titleKeys: ['atome', 'noyau'], ids: [7] });
    expect(wikiLinkTargets(null, '')).toEqual({ titleKeys: [], ids: [] });
  });
});
