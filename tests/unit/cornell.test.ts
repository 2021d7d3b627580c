import { describe, expect, it } from 'vitest';
import { cornellCards, cueCard, isQuestionCue, mergeCornellSheets, type CornellRow } from '../../worker/src/domain/cornell';

const notes = (...paragraphs: string[]) => ({ type: 'doc' as const, content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })) });
const row = (cue: string, ...paragraphs: string[]): CornellRow => ({ cue, notes: paragraphs.length ? notes(...paragraphs) : null });

describe('Cornell cues that become cards', () => {
  it('takes a cue written as a question, in French or English spacing, and nothing else', () => {
    expect(isQuestionCue('Qu’est-ce que la photosynthèse ?')).toBe(true);
    expect(isQuestionCue('Qu’est-ce que la photosynthèse\u00a0?')).toBe(true);
    expect(isQuestionCue('Why?  ')).toBe(true);
    expect(isQuestionCue('Photosynthèse')).toBe(false);
    expect(isQuestionCue('Rôle du ? dans la formule')).toBe(false);
    expect(isQuestionCue(' ? ')).toBe(false);
  });

  it('makes question = the cue and answer = the notes beside it, as plain text', () => {
    expect(cueCard(row('Où a lieu la photosynthèse ?', 'Dans les chloroplastes.', 'Surtout dans les feuilles.'))).toEqual({
      question: 'Où a lieu la photosynthèse ?',
      answer: 'Dans les chloroplastes.\nSurtout dans les feuilles.',
    });
    expect(cueCard(row('Où a lieu   la photosynthèse\u00a0?', 'Chloroplastes'))!.question).toBe('Où a lieu la photosynthèse ?');
  });

  it('makes no card of a question with no notes beside it, nor of a keyword cue', () => {
    expect(cueCard(row('Pourquoi les feuilles sont-elles vertes ?'))).toBeNull();
    expect(cueCard(row('Pourquoi les feuilles sont-elles vertes ?', '   '))).toBeNull();
    expect(cueCard(row('Chlorophylle', 'Pigment vert.'))).toBeNull();
  });

  it('adds no card the concept already has (case, accents and spacing aside), nor the same question twice', () => {
    const rows = [
      row('Où a lieu la photosynthèse ?', 'Dans les chloroplastes.'),
      row('Quel gaz est libéré ?', 'Le dioxygène.'),
      row('QUEL GAZ EST LIBERE?', 'O2, une seconde fois.'),
      row('Chlorophylle', 'Pigment vert.'),
      row('Que produit la plante ?', 'Du glucose.'),
    ];
    const cards = cornellCards(rows, ['où a lieu la PHOTOSYNTHESE?']);
    expect(cards.map((c) => c.question)).toEqual(['Quel gaz est libéré ?', 'Que produit la plante ?']);
    expect(cornellCards(rows, [...cards.map((c) => c.question), 'Où a lieu la photosynthèse ?'])).toEqual([]);
  });
});

describe('a sheet saved elsewhere meanwhile, put together with ours', () => {
  it('keeps every row and both summaries', () => {
    const saved = { rows: [row('A ?', 'a'), row('B ?', 'b')], summary: 'Résumé du téléphone.' };
    const mine = { rows: [row('A ?', 'a'), row('C ?', 'c'), row('', '')], summary: 'Résumé de l’ordinateur.' };
    const merged = mergeCornellSheets(saved, mine);
    expect(merged.rows.map((r) => r.cue)).toEqual(['A ?', 'B ?', 'C ?']);
    expect(merged.summary).toBe('Résumé du téléphone.\n\nRésumé de l’ordinateur.');
    expect(mergeCornellSheets(saved, { rows: [], summary: 'Résumé du téléphone.' }).summary).toBe('Résumé du téléphone.');
    expect(mergeCornellSheets({ rows: [], summary: '' }, mine).summary).toBe('Résumé de l’ordinateur.');
  });
});
