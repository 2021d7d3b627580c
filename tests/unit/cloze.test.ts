import { describe, expect, it } from 'vitest';
import { clozeFromSelection } from '../../worker/src/domain/cloze';

const select = (text: string, part: string) => {
  const from = text.indexOf(part);
  return clozeFromSelection(text, from, from + part.length);
};

describe('a cloze card from a selection', () => {
  it('blanks the selection in its own sentence only', () => {
    const text = 'La photosynthèse a lieu dans les chloroplastes. Elle produit du dioxygène à partir de la lumière! Fin.';
    expect(select(text, 'dioxygène')).toEqual({ question: 'Complétez : « Elle produit du _____ à partir de la lumière! »', answer: 'dioxygène' });
    expect(select(text, 'chloroplastes')).toEqual({ question: 'Complétez : « La photosynthèse a lieu dans les _____. »', answer: 'chloroplastes' });
  });

  it('keeps the spaces a selection took at its edges, and answers the trimmed words', () => {
    const text = 'Le traité de Verdun date de 843 et partage l’empire.';
    const from = text.indexOf(' 843 ');
    expect(clozeFromSelection(text, from, from + 5)).toEqual({ question: 'Complétez : « Le traité de Verdun date de _____ et partage l’empire. »', answer: '843' });
  });

  it('refuses a blank selection and a whole sentence (nothing left to read)', () => {
    expect(clozeFromSelection('Un mot.', 2, 2)).toBeNull();
    expect(select('Première phrase. Seconde phrase.', 'Seconde phrase')).toBeNull();
  });
});
