import { describe, expect, it } from 'vitest';
import { buildMatchQuery, escapeHtml, ownedMatch, parseSearchTerms, snippetToHtml, SNIPPET_CLOSE as C, SNIPPET_OPEN as O } from '../../worker/src/domain/search-query';

describe('buildMatchQuery', () => {
  it('requires every word and lets the last one grow as a prefix', () => {
    expect(buildMatchQuery('énergie cinét')).toBe('"énergie" "cinét"*');
  });

  it('keeps accented words whole, composed, for the accent-folding tokenizer', () => {
    expect(buildMatchQuery('Élève')).toBe('"Élève"*');
    // Typed decomposed (e + combining acute): composed before it reaches the index.
    expect(buildMatchQuery('e\u0301le\u0300ve')).toBe('"élève"*');
    expect(buildMatchQuery('l’énergie')).toBe('"l" "énergie"*');
  });

  it('matches quoted words as an exact phrase, without a prefix once the quote is closed', () => {
    expect(buildMatchQuery('"énergie cinétique" masse')).toBe('"énergie cinétique" "masse"*');
    expect(buildMatchQuery('masse "énergie cinétique"')).toBe('"masse" "énergie cinétique"');
  });

  it('treats an unclosed quote as a phrase still being typed', () => {
    expect(buildMatchQuery('"énergie ciné')).toBe('"énergie ciné"*');
  });

  it('reads FTS operators and syntax characters as plain words or nothing', () => {
    expect(buildMatchQuery('chat NOT chien')).toBe('"chat" "NOT" "chien"*');
    expect(buildMatchQuery('a OR b')).toBe('"a" "OR" "b"*');
    expect(buildMatchQuery('NEAR(chat chien)')).toBe('"NEAR" "chat" "chien"*');
    expect(buildMatchQuery('-moins +plus title:x ^début')).toBe('"moins" "plus" "title" "x" "début"*');
    expect(buildMatchQuery('chat*')).toBe('"chat"*');
  });

  it('finds no term in a query of syntax characters only, so nothing is run', () => {
    for (const q of ['"', '""', '*', '(', ')', '-', '" * ( ) - ^ :', '   ', '']) expect(buildMatchQuery(q)).toBeNull();
  });

  it('keeps at most 20 terms', () => {
    const q = Array.from({ length: 30 }, (_, i) => `mot${i}`).join(' ');
    expect(parseSearchTerms(q)).toHaveLength(20);
  });

  it('keeps digits and scripts other than Latin', () => {
    expect(buildMatchQuery('H2O 1905 Эйнштейн 東京')).toBe('"H2O" "1905" "Эйнштейн" "東京"*');
  });
});

describe('snippetToHtml', () => {
  it('wraps matched words in <mark> and escapes everything else', () => {
    expect(snippetToHtml(`a <b>${O}énergie${C}</b> & "q" 'x'`)).toBe('a &lt;b&gt;<mark>énergie</mark>&lt;/b&gt; &amp; &quot;q&quot; &#39;x&#39;');
  });

  it('keeps marks balanced whatever control characters the text held', () => {
    expect(snippetToHtml(`${O}${O}a${C}${C}b${O}c`)).toBe('<mark>a</mark>b<mark>c</mark>');
    expect(snippetToHtml(`${C}x`)).toBe('x');
  });

  it('never lets markup through', () => {
    const html = snippetToHtml(`<img src=x onerror=alert(1)>${O}<script>${C}`);
    expect(html).not.toMatch(/<(?!\/?mark>)/);
    expect(escapeHtml('<>&"\'')).toBe('&lt;&gt;&amp;&quot;&#39;');
  });
});

describe('ownedMatch', () => {
  it('asks the index for the person’s rows and the words in the text columns only', () => {
    expect(ownedMatch(42, '"energie" "solai"*', ['title', 'content_text'])).toBe('user_id : "42" AND {title content_text} : ("energie" "solai"*)');
    expect(ownedMatch(7, 'content_text : "marie curie"')).toBe('user_id : "7" AND (content_text : "marie curie")');
  });

  it('refuses what is not a user id', () => {
    expect(() => ownedMatch(Number.NaN, '"x"')).toThrow();
    expect(() => ownedMatch(1.5, '"x"')).toThrow();
  });
});
