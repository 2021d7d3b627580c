import { describe, expect, it } from 'vitest';
import { buildTitleIndex, foldText, foundTitleIds, matchTitles, normaliseTitle, titleCandidates, titleKey } from '../../worker/src/domain/title-matcher';
import { titleKey as wikiTitleKey } from '../../worker/src/domain/wiki-links';

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

describe('foldText and titleKey', () => {
  it('folds case and accents of Latin letters, composed or decomposed', () => {
    expect(foldText('ÉNERGIE Élève Çà')).toBe('energie eleve ca');
    expect(foldText('e\u0301le\u0300ve')).toBe('eleve');
  });

  it('keeps letters that are not accented Latin ones', () => {
    expect(foldText('Straße Ørsted 東京 हिंदी')).toBe('straße ørsted 東京 हिंदी');
  });

  it('is what title keys, wiki links and the matcher index are made of', () => {
    expect(titleKey('  L’Énergie   solaire ')).toBe("l'energie solaire");
    expect(wikiTitleKey('ÉNERGIE')).toBe(titleKey('energie'));
    expect([...buildTitleIndex([{ id: 1, title: ' L’Énergie  solaire' }]).keys]).toEqual([titleKey(' L’Énergie  solaire')]);
  });

  it('sorts accented and plain titles side by side', () => {
    const sorted = ['Zèbre', 'Énergie', 'Energie', 'Atome'].sort((a, b) => titleKey(a).localeCompare(titleKey(b)));
    expect(sorted[0]).toBe('Atome');
    expect(sorted.slice(1, 3).sort()).toEqual(['Energie', 'Énergie']);
    expect(sorted[3]).toBe('Zèbre');
  });
});

describe('titleCandidates', () => {
  it('lists every run of whole words, folded', () => {
    expect(titleCandidates('a b c', 2)).toEqual(new Set(['a', 'a b', 'b', 'b c', 'c']));
    expect(titleCandidates("L'ÉNERGIE\n  cinétique").has('energie cinetique')).toBe(true);
  });

  it('holds the key of every title the matcher finds, punctuation and apostrophes included', () => {
    const texts = ["En C++, la loi d’Ohm et l'ÉNERGIE  SOLAIRE.", 'Machine\n learning; eau!', 'photosynthèse (eau)'];
    for (const text of texts) {
      const keys = titleCandidates(text);
      for (const m of matchTitles(index, text)) expect(keys.has(titleKey(titles.find((t) => t.id === m.id)!.title))).toBe(true);
    }
    expect(matchTitles(index, texts[0]!).map((m) => m.id)).toEqual([7, 5, 2]);
  });

  it('does not offer parts of words', () => {
    expect(titleCandidates('atomes').has('atome')).toBe(false);
  });
});
