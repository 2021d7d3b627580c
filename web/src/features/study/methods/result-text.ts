/**
 * The counts a study method's steps and summary show, written as French agrees them
 * ('1 carte créée', '3 cartes créées', 'aucune carte créée') instead of 'carte(s) créée(s)'.
 * Pure, no imports: unit-tested without a DOM.
 */

/** The phrase for `n`: `none` for 0, `one` for 1, `many` (the plural) for more. */
export function countText(n: number, forms: { none: string; one: string; many: string }): string {
  if (n <= 0) return forms.none;
  return `${n} ${n === 1 ? forms.one : forms.many}`;
}

export const cardsCreatedText = (n: number) => countText(n, { none: 'aucune carte créée', one: 'carte créée', many: 'cartes créées' });

/** Key items of the concept the person did not recall in a Blurting step. */
export const missedText = (n: number) => countText(n, { none: 'rien d’oublié', one: 'élément oublié', many: 'éléments oubliés' });

export const gapsText = (n: number) => countText(n, { none: 'aucune lacune à revoir', one: 'lacune à revoir', many: 'lacunes à revoir' });

export const wordsText = (n: number) => countText(n, { none: 'aucun mot', one: 'mot', many: 'mots' });

export const sentencesText = (n: number) => countText(n, { none: 'aucune phrase', one: 'phrase', many: 'phrases' });

/** '2 / 3 questions bien retrouvées' of a Cornell review (the noun agrees with the whole). */
export function cuesRecalledText(good: number, total: number): string {
  return `${good} / ${total} ${total > 1 ? 'questions bien retrouvées' : 'question bien retrouvée'}`;
}

/** '2 / 3 cartes revues, 1 bien retenue' of a Composite session's Flashcards step. */
export function cardsReviewedText(reviewed: number, cards: number, good: number): string {
  if (cards === 0) return 'Aucune carte pour ce concept';
  return `${reviewed} / ${cards} ${cards > 1 ? 'cartes revues' : 'carte revue'}, ${good} bien ${good > 1 ? 'retenues' : 'retenue'}`;
}
