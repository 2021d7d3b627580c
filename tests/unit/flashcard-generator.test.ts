import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerRepeatsQuestion, generateFlashcardsOffline, parseGeneratedCards } from '@domain/flashcard-generator';

const text = (t: string, bold = false) => ({ type: 'text', text: t, ...(bold ? { marks: [{ type: 'bold' }] } : {}) });
const p = (...content: object[]) => ({ type: 'paragraph', content });
const h = (t: string) => ({ type: 'heading', attrs: { level: 2 }, content: [text(t)] });
const list = (...items: string[]) => ({ type: 'bulletList', content: items.map((i) => ({ type: 'listItem', content: [p(text(i))] })) });

/** A concept page as the editor stores it. */
const photosynthesis = {
  type: 'doc',
  content: [
    p(text('La photosynthèse est le processus par lequel les plantes convertissent la lumière en énergie chimique.')),
    p(text('Elle se déroule dans les '), text('chloroplastes', true), text(', des organites présents dans les cellules végétales.')),
    h('Phase lumineuse'),
    p(text('Elle capte l’énergie lumineuse et produit de l’ATP et du NADPH dans les thylakoïdes.')),
    p(text('Les réactifs nécessaires :')),
    list('Dioxyde de carbone', 'Eau', 'Lumière'),
    p(text('Chlorophylle : pigment vert qui absorbe la lumière.')),
  ],
};

describe('offline flashcard generator', () => {
  it('derives definitions, bold terms, headings and lists from real content', () => {
    const cards = generateFlashcardsOffline({ title: 'Photosynthèse', content: photosynthesis, count: 20 });
    // The answer is what the sentence says about the subject, not the question repeated.
    expect(cards).toContainEqual({ recto: 'Qu’est-ce que la photosynthèse ?', verso: 'Le processus par lequel les plantes convertissent la lumière en énergie chimique.' });
    expect(cards).toContainEqual({ recto: 'Que signifie « Chlorophylle » ?', verso: 'pigment vert qui absorbe la lumière.' });
    expect(cards).toContainEqual({ recto: 'Complétez : « Elle se déroule dans les _____, des organites présents dans les cellules végétales. »', verso: 'chloroplastes' });
    expect(cards).toContainEqual({ recto: 'Phase lumineuse : que faut-il retenir ?', verso: 'Elle capte l’énergie lumineuse et produit de l’ATP et du NADPH dans les thylakoïdes.' });
    expect(cards).toContainEqual({ recto: 'Quels sont les éléments de « Les réactifs nécessaires » ?', verso: 'Dioxyde de carbone ; Eau ; Lumière' });
    // And a cloze on the name in the phase's sentence.
    expect(cards).toContainEqual({ recto: 'Complétez : « Elle capte l’énergie lumineuse et produit de l’ATP et du _____ dans les thylakoïdes. »', verso: 'NADPH' });
    expect(cards).toHaveLength(6);
  });

  it('stops at the count asked, mixing kinds first, and never repeats a question', () => {
    const two = generateFlashcardsOffline({ title: 'Photosynthèse', content: photosynthesis, count: 2 });
    expect(two).toHaveLength(2);
    expect(two[0]!.recto).toMatch(/^Qu’est-ce que/);
    expect(two[1]!.recto).toMatch(/^Complétez/);
    const repeated = { type: 'doc', content: [photosynthesis.content[0]!, photosynthesis.content[0]!] };
    expect(generateFlashcardsOffline({ title: 'x', content: repeated, count: 5 })).toHaveLength(1);
  });

  it('reads a JSON string or plain text content, and uses only the selection when given', () => {
    expect(generateFlashcardsOffline({ title: 'Photosynthèse', content: JSON.stringify(photosynthesis), count: 1 })).toHaveLength(1);
    const plain = generateFlashcardsOffline({ title: 'Cellule', content: 'Les mitochondries sont les centrales énergétiques de la cellule.\n- ADN\n- ARN', count: 5 });
    expect(plain[0]).toEqual({ recto: 'Que sont les mitochondries ?', verso: 'Les centrales énergétiques de la cellule.' });
    expect(plain[1]!.verso).toBe('ADN ; ARN');
    const selected = generateFlashcardsOffline({ title: 'Photosynthèse', content: photosynthesis, sourceText: 'Un atome est la plus petite partie d’un élément.', count: 5 });
    expect(selected).toEqual([{ recto: 'Qu’est-ce qu’un atome ?', verso: 'La plus petite partie d’un élément.' }]);
  });

  it('falls back to one card about the concept when the text has no structure, and to none without text', () => {
    const cards = generateFlashcardsOffline({ title: 'Stoïcisme', content: 'Une école de philosophie qui enseigne la vertu', count: 5 });
    expect(cards).toEqual([{ recto: 'Que savez-vous de « Stoïcisme » ?', verso: 'Une école de philosophie qui enseigne la vertu' }]);
    expect(generateFlashcardsOffline({ title: 'Vide', content: null, count: 5 })).toEqual([]);
  });
});

describe('parsing an AI reply', () => {
  it('reads fenced JSON, objects holding a list, and other field names', () => {
    expect(parseGeneratedCards('Voici :\n```json\n{"flashcards":[{"recto":"Q","verso":"R"}]}\n```', 5)).toEqual([{ recto: 'Q', verso: 'R' }]);
    expect(parseGeneratedCards('[{"question":"Q1","answer":"R1"},{"front":"Q2","back":"R2"}]', 5)).toHaveLength(2);
    expect(parseGeneratedCards('[{"recto":"a","verso":"b"},{"recto":"c","verso":"d"}]', 1)).toHaveLength(1);
  });
  it('returns null for prose, broken JSON or cards without text', () => {
    expect(parseGeneratedCards('Je ne peux pas faire cela.', 5)).toBeNull();
    expect(parseGeneratedCards('{"flashcards": [{"recto": "Q"', 5)).toBeNull();
    expect(parseGeneratedCards('{"flashcards": [{"recto": "", "verso": "R"}]}', 5)).toBeNull();
  });
});

describe('the offline generator on real French prose', () => {
  const fixture = (name: string) => readFileSync(new URL(`./fixtures/generator-${name}.txt`, import.meta.url), 'utf8');
  const normal = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

  it.each(['mitochondrie', 'revolution'])('gives at least 8 useful cards for 10 asked on a 3-paragraph text (%s)', (name) => {
    const cards = generateFlashcardsOffline({ title: name, content: fixture(name), count: 10 });
    expect(cards.length).toBeGreaterThanOrEqual(8);
    expect(cards.length).toBeLessThanOrEqual(10);
    for (const card of cards) {
      // Never an answer equal to (or readable in) its question; no card duplicates another.
      expect(normal(card.verso)).not.toBe(normal(card.recto));
      if (card.recto.includes('_____')) expect(normal(card.recto)).not.toContain(normal(card.verso));
      expect(card.verso.length).toBeGreaterThan(0);
      // Grammatical: no capitalised possessive or pronoun in a definition question.
      expect(card.recto).not.toMatch(/Qu’est-ce que (?:Sa|Son|Ses|Il|Elle|Ce|Cette) /);
    }
    expect(new Set(cards.map((c) => c.recto)).size).toBe(cards.length);
    // Key facts become cloze cards: dates, numbers, names.
    expect(cards.filter((c) => c.recto.startsWith('Complétez : « ')).length).toBeGreaterThanOrEqual(5);
  });

  it('blanks dates, numbers and names, and defines from "X est …" sentences', () => {
    const cards = generateFlashcardsOffline({ title: 'Révolution', content: fixture('revolution'), count: 30 });
    const answers = cards.map((c) => c.verso);
    expect(answers).toEqual(expect.arrayContaining(['1789', '5 mai 1789', 'Louis XVI', '14 juillet 1789']));
    expect(cards).toContainEqual({ recto: 'Qu’est-ce que la Révolution française ?', verso: 'Une période de bouleversements politiques et sociaux qui commence en 1789.' });
    const bio = generateFlashcardsOffline({ title: 'Mitochondrie', content: fixture('mitochondrie'), count: 30 }).map((c) => c.verso);
    expect(bio).toEqual(expect.arrayContaining(['Lynn Margulis', '1967', '2000']));
  });

  it("skips 'Sa fonction principale est …' as a definition, and never repeats the concept's existing cards", () => {
    const text = 'Sa fonction principale est de produire de l’énergie pour la cellule entière.';
    expect(generateFlashcardsOffline({ title: 'T', content: text, count: 5 }).some((c) => /Sa fonction/.test(c.recto) && c.recto.startsWith('Qu'))).toBe(false);
    const first = generateFlashcardsOffline({ title: 'M', content: fixture('mitochondrie'), count: 3 });
    const again = generateFlashcardsOffline({ title: 'M', content: fixture('mitochondrie'), count: 3, existingQuestions: first.map((c) => c.recto) });
    expect(again).toHaveLength(3);
    expect(again.map((c) => c.recto).filter((q) => first.some((f) => f.recto === q))).toEqual([]);
  });

  it('answerRepeatsQuestion catches an answer that only restates the question', () => {
    expect(answerRepeatsQuestion({ recto: 'La mitochondrie', verso: 'la mitochondrie.' })).toBe(true);
    expect(answerRepeatsQuestion({ recto: 'Complétez : « _____ est un organite »', verso: 'La mitochondrie' })).toBe(false);
  });
});
