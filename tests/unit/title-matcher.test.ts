import { describe, expect, it } from 'vitest';
import { buildTitleIndex, foundTitleIds, matchTitles, normaliseTitle } from '../../worker/src/domain/title-matcher';

const titles = [
  { id: 1, title: 'Énergie' },
  { id: 2, title: 'Énergie solaire' },
  { id: 3, title: 'Solaire' },
  { id: 4, title: 'Photosynthèse' },
  { id: 5, title: "Loi d'Ohm" },
  { id: 6, title: 'Ohm' },
  { id: 7, title: 'C++' },
  { id: 8, title: 'Machine Learning' },
  { id: 9, title: 'Learning Rate' },
  { id: 10, title: 'Eau' },
];
const index = buildTitleIndex(titles);
const found = (text: string) => matchTitles(index, text).map((m) => ({ id: m.id, text: text.slice(m.from, m.to) }));

describe('matchTitles', () => {
  it('finds titles in any case and any accent', () => {
    expect(found('La PHOTOSYNTHESE et la photosynthèse.')).toEqual([
      { id: 4, text: 'PHOTOSYNTHESE' },
      { id: 4, text: 'photosynthèse' },
    ]);
  });

  it('matches after a French elision, straight or typographic apostrophe', () => {
    expect(found("l'énergie et d’eau, qu'Énergie")).toEqual([
      { id: 1, text: 'énergie' },
      { id: 10, text: 'eau' },
      { id: 1, text: 'Énergie' },
    ]);
  });

  it('matches whole words only', () => {
    expect(found('énergies, bureau, solaires, ohmique')).toEqual([]);
  });

  it('prefers the longest title where titles overlap', () => {
    expect(found("L'énergie solaire chauffe.")).toEqual([{ id: 2, text: 'énergie solaire' }]);
    expect(found("La loi d’Ohm, puis Ohm seul.")).toEqual([
      { id: 5, text: 'loi d’Ohm' },
      { id: 6, text: 'Ohm' },
    ]);
  });

  it('resolves a chain of overlapping titles without losing the longest', () => {
    // 'Machine Learning' and 'Learning Rate' share 'Learning': the longer one wins the word.
    expect(found('machine learning rate')).toEqual([{ id: 8, text: 'machine learning' }]);
  });

  it('keeps the separators a title has: spaces are flexible, punctuation is not', () => {
    expect(found('Machine\n  learning')).toEqual([{ id: 8, text: 'Machine\n  learning' }]);
    expect(found('Machine. Learning')).toEqual([]);
    expect(found('En C++ comme en C.')).toEqual([{ id: 7, text: 'C++' }]);
  });

  it('reads text written in decomposed form (NFD) at the right offsets', () => {
    const text = 'une e\u0301nergie';
    expect(found(text)).toEqual([{ id: 1, text: 'e\u0301nergie' }]);
  });

  it('leaves out the excluded concept, blank titles and duplicate titles', () => {
    const own = buildTitleIndex([{ id: 1, title: 'Énergie' }, { id: 2, title: 'ENERGIE' }, { id: 3, title: '  ' }, { id: 4, title: 'Eau' }], 4);
    expect(matchTitles(own, 'énergie eau')).toEqual([{ id: 1, from: 0, to: 7 }]);
  });

  it('lists each found concept once, in order of first occurrence', () => {
    expect(foundTitleIds(index, 'Ohm, photosynthèse, Ohm, énergie')).toEqual([6, 4, 1]);
  });
});

describe('normaliseTitle', () => {
  it('folds case, accents and apostrophes', () => {
    expect(normaliseTitle("  L’Énergie  ")).toBe("l'energie");
  });
});

describe('buildTitleIndex keys', () => {
  it('holds each title once in its normalised form', () => {
    expect([...buildTitleIndex([{ id: 1, title: 'Loi d’Ohm' }, { id: 2, title: "LOI D'OHM" }, { id: 3, title: 'Énergie  solaire' }]).keys]).toEqual(["loi d'ohm", 'energie solaire']);
  });
});
