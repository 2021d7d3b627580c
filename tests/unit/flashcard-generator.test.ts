import { describe, expect, it } from 'vitest';
import { generateFlashcardsOffline, parseGeneratedCards } from '@domain/flashcard-generator';

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
    expect(cards).toContainEqual({ recto: 'Qu’est-ce que la photosynthèse ?', verso: 'La photosynthèse est le processus par lequel les plantes convertissent la lumière en énergie chimique.' });
    expect(cards).toContainEqual({ recto: 'Que signifie « Chlorophylle » ?', verso: 'pigment vert qui absorbe la lumière.' });
    expect(cards).toContainEqual({ recto: 'Complétez : « Elle se déroule dans les _____, des organites présents dans les cellules végétales. »', verso: 'chloroplastes' });
    expect(cards).toContainEqual({ recto: 'Phase lumineuse : que faut-il retenir ?', verso: 'Elle capte l’énergie lumineuse et produit de l’ATP et du NADPH dans les thylakoïdes.' });
    expect(cards).toContainEqual({ recto: 'Quels sont les éléments de « Les réactifs nécessaires » ?', verso: 'Dioxyde de carbone ; Eau ; Lumière' });
    expect(cards).toHaveLength(5);
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
    expect(plain[0]).toEqual({ recto: 'Que sont les mitochondries ?', verso: 'Les mitochondries sont les centrales énergétiques de la cellule.' });
    expect(plain[1]!.verso).toBe('ADN ; ARN');
    const selected = generateFlashcardsOffline({ title: 'Photosynthèse', content: photosynthesis, sourceText: 'Un atome est la plus petite partie d’un élément.', count: 5 });
    expect(selected).toEqual([{ recto: 'Qu’est-ce qu’un atome ?', verso: 'Un atome est la plus petite partie d’un élément.' }]);
  });

  it('falls back to one card about the concept when the text has no structure, and to none without text', () => {
    const cards = generateFlashcardsOffline({ title: 'Stoïcisme', content: 'Une école de philosophie hellénistique fondée à Athènes', count: 5 });
    expect(cards).toEqual([{ recto: 'Que savez-vous de « Stoïcisme » ?', verso: 'Une école de philosophie hellénistique fondée à Athènes' }]);
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
