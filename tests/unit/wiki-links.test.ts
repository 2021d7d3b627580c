import { describe, expect, it } from 'vitest';
import { extractWikiLinks, linkWikiTitles, titleKey, wikiLinkNames, wikiLinkTargets } from '../../worker/src/domain/wiki-links';

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

describe('linkWikiTitles', () => {
  const para = (...content: object[]) => ({ type: 'doc' as const, content: [{ type: 'paragraph', content }] });
  const text = (t: string, marks?: object[]) => (marks ? { type: 'text', text: t, marks } : { type: 'text', text: t });
  const link = (id: number, title: string) => ({ type: 'conceptLink', attrs: { href: `/concepts/${id}`, title } });
  const pending = (name: string) => ({ type: 'pendingConceptLink', attrs: { name } });
  const atome = { id: 7, title: 'Atome' };

  it('makes what typing [[Title]] makes: a link to a known concept (any case or accents), a placeholder otherwise', () => {
    const doc = para(text('Voir [[ ATOME ]] et [[Molécule]].'));
    expect(linkWikiTitles(doc, [atome])).toEqual(para(text('Voir '), text('ATOME', [link(7, 'Atome')]), text(' et '), text('Molécule', [pending('Molécule')]), text('.')));
    expect(wikiLinkNames(doc)).toEqual(['ATOME', 'Molécule']);
  });

  it('keeps the marks around the title and leaves code, links and blank brackets as written', () => {
    const bold = { type: 'bold' };
    expect(linkWikiTitles(para(text('[[Atome]]', [bold])), [atome])).toEqual(para(text('Atome', [bold, link(7, 'Atome')])));
    const untouched = {
      type: 'doc' as const,
      content: [
        { type: 'codeBlock', content: [text('a[[Atome]]')] },
        { type: 'paragraph', content: [text('[[Atome]]', [{ type: 'code' }]), text('[[Atome]]', [{ type: 'link', attrs: { href: 'https://x.org' } }]), text(' [[ ]]')] },
      ],
    };
    expect(linkWikiTitles(untouched, [atome])).toBe(untouched);
    expect(wikiLinkNames(untouched)).toEqual([]);
  });

  it('turns a placeholder into a link once its concept exists, and changes nothing else', () => {
    const doc = para(text('Atome', [pending('atome')]), text(' et '), text('Noyau', [pending('Noyau')]));
    expect(linkWikiTitles(doc, [atome])).toEqual(para(text('Atome', [link(7, 'Atome')]), text(' et '), text('Noyau', [pending('Noyau')])));
    expect(linkWikiTitles(doc, [])).toBe(doc);
  });

  it('counts placeholders among what a concept links to', () => {
    expect(wikiLinkTargets(para(text('Noyau', [pending('Noyau')])), 'Noyau')).toEqual({ titleKeys: ['noyau'], ids: [] });
  });
});
