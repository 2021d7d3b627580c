import { describe, expect, it } from 'vitest';
import { findTitles, normaliseForMatch, titleCandidates } from '../../worker/src/domain/title-keys';
import { titleKey } from '../../worker/src/domain/wiki-links';

describe('normaliseForMatch', () => {
  it('folds case and accents of Latin letters, composed or decomposed', () => {
    expect(normaliseForMatch('ÉNERGIE Élève Çà')).toBe('energie eleve ca');
    expect(normaliseForMatch('e\u0301le\u0300ve')).toBe('eleve');
  });

  it('keeps letters that are not accented Latin ones', () => {
    expect(normaliseForMatch('Straße Ørsted 東京 हिंदी')).toBe('straße ørsted 東京 हिंदी');
  });

  it('is what title keys are made of, so accented and plain titles sort together', () => {
    expect(titleKey('  Énergie ')).toBe('energie');
    const sorted = ['Zèbre', 'Énergie', 'Energie', 'Atome'].sort((a, b) => titleKey(a).localeCompare(titleKey(b)));
    expect(sorted.slice(1, 3).sort()).toEqual(['Energie', 'Énergie']);
  });
});

describe('findTitles', () => {
  const titles = [
    { id: 1, title: 'Énergie' },
    { id: 2, title: 'Énergie cinétique' },
    { id: 3, title: 'Atome' },
    { id: 4, title: 'Node.js' },
    { id: 5, title: 'Masse' },
  ];

  it('finds titles whatever the case and accents, longest first', () => {
    expect(findTitles("L'ENERGIE CINETIQUE d'un atome", titles).map((t) => t.id)).toEqual([2, 1, 3]);
  });

  it('matches whole words only', () => {
    expect(findTitles('atomes et masses', titles)).toEqual([]);
  });

  it('keeps the punctuation of a title and collapses spaces', () => {
    expect(findTitles('écrit en node.js, énergie\n  cinétique', titles).map((t) => t.id)).toEqual([2, 1, 4]);
    expect(titleCandidates('a b c', 2)).toEqual(new Set(['a', 'a b', 'b', 'b c', 'c']));
  });
});
