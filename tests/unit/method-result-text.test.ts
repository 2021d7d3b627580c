import { describe, expect, it } from 'vitest';
import { cardsCreatedText, cardsReviewedText, cuesRecalledText, gapsText, missedText, sentencesText, wordsText } from '../../web/src/features/study/methods/result-text';

describe('study method result texts', () => {
  it('agrees the cards created with their number, and says none in words', () => {
    expect(cardsCreatedText(0)).toBe('aucune carte créée');
    expect(cardsCreatedText(1)).toBe('1 carte créée');
    expect(cardsCreatedText(3)).toBe('3 cartes créées');
  });

  it('agrees the missed items, gaps, words and sentences', () => {
    expect([missedText(0), missedText(1), missedText(2)]).toEqual(['rien d’oublié', '1 élément oublié', '2 éléments oubliés']);
    expect([gapsText(0), gapsText(1), gapsText(4)]).toEqual(['aucune lacune à revoir', '1 lacune à revoir', '4 lacunes à revoir']);
    expect([wordsText(1), wordsText(12)]).toEqual(['1 mot', '12 mots']);
    expect([sentencesText(1), sentencesText(2)]).toEqual(['1 phrase', '2 phrases']);
  });

  it('agrees a Cornell tally and a Flashcards step with the whole and with what was retained', () => {
    expect(cuesRecalledText(2, 3)).toBe('2 / 3 questions bien retrouvées');
    expect(cuesRecalledText(1, 1)).toBe('1 / 1 question bien retrouvée');
    expect(cardsReviewedText(3, 3, 3)).toBe('3 / 3 cartes revues, 3 bien retenues');
    expect(cardsReviewedText(1, 1, 0)).toBe('1 / 1 carte revue, 0 bien retenue');
    expect(cardsReviewedText(2, 4, 1)).toBe('2 / 4 cartes revues, 1 bien retenue');
    expect(cardsReviewedText(0, 0, 0)).toBe('Aucune carte pour ce concept');
  });
});
