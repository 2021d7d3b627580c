import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { keyItemsOf } from '@domain/flashcard-generator';
import { foldText, scoreRecall } from '@domain/recall-score';

const revolution = readFileSync(new URL('./fixtures/generator-revolution.txt', import.meta.url), 'utf8');
const item = (text: string, kind: 'date' | 'number' | 'name' | 'term' = 'term') => ({ text, kind, sentence: null });
const found = (itemText: string, written: string, kind?: 'date' | 'number' | 'name' | 'term') => scoreRecall([item(itemText, kind)], written).items[0]!.found;

describe('key items of a concept (the card generator’s reading)', () => {
  it('takes the dates, numbers, names and defined terms of a real page', () => {
    const items = keyItemsOf(revolution);
    const texts = items.map((i) => i.text);
    expect(texts).toEqual(expect.arrayContaining(['Révolution française', '5 mai 1789', '14 juillet 1789', 'Louis XVI', 'Versailles', '17000 victimes', 'Napoléon Bonaparte']));
    expect(items.find((i) => i.text === '14 juillet 1789')).toMatchObject({ kind: 'date', sentence: expect.stringContaining('prise de la Bastille') });
    expect(items.find((i) => i.text === 'Louis XVI')!.kind).toBe('name');
    // Each item once, accents and case aside.
    expect(new Set(texts.map(foldText)).size).toBe(texts.length);
  });
});

describe('recall scoring', () => {
  it('ignores accents and case', () => {
    expect(found('Révolution française', 'la revolution FRANCAISE a tout change')).toBe(true);
    expect(found('États généraux', 'les etats generaux')).toBe(true);
    expect(found('cœur', 'le coeur bat')).toBe(true);
  });

  it('counts inflected forms (plural, feminine, verb endings) but not other words', () => {
    expect(found('mitochondrie', 'les mitochondries produisent de l’énergie')).toBe(true);
    expect(found('chloroplastes', 'dans le chloroplaste')).toBe(true);
    expect(found('aboli', 'la monarchie est abolie')).toBe(true);
    expect(found('produisent', 'elle produit')).toBe(true);
    expect(found('cheval', 'des chevaux')).toBe(true);
    expect(found('mitochondrie', 'le noyau de la cellule')).toBe(false);
    expect(found('Versailles', 'à Paris')).toBe(false);
  });

  it('reads numbers written in several ways', () => {
    expect(found('17000 victimes', 'environ 17 000 victimes')).toBe(true);
    expect(found('1 500 km', 'il mesure 1500 km')).toBe(true);
    expect(found('3,5 %', 'à peu près 3.5 pour cent')).toBe(true);
    expect(found('3 molécules', 'trois molécules')).toBe(true);
    expect(found('17000 victimes', '1700 victimes')).toBe(false);
    expect(found('1 500 km', '15 km')).toBe(false);
  });

  it('reads dates written in several ways, and requires every number of a date', () => {
    expect(found('14 juillet 1789', 'le 14/07/1789 la Bastille tombe', 'date')).toBe(true);
    expect(found('1er janvier 2002', 'au premier janvier 2002', 'date')).toBe(true);
    expect(found('XVIe siècle', 'au 16e siècle', 'date')).toBe(true);
    expect(found('14 juillet 1789', 'en juillet 1789', 'date')).toBe(false);
    expect(found('14 juillet 1789', 'le 14 juillet 1790', 'date')).toBe(false);
    // 'vie' is not a Roman numeral outside a century.
    expect(foldText('la vie')).toBe('la vie');
  });

  it('takes two thirds of a long term’s words, all of a short one’s, never only its small words', () => {
    expect(found('Déclaration des droits de l’homme et du citoyen', 'la déclaration des droits de l’homme')).toBe(true);
    expect(found('Napoléon Bonaparte', 'Bonaparte')).toBe(false);
    expect(found('de la', 'de la')).toBe(false);
  });

  it('scores the share of key items recalled on a real page', () => {
    const items = keyItemsOf(revolution);
    const written = 'La Révolution française commence en 1789 : Louis XVI réunit les états généraux à Versailles le 5 mai 1789, puis la Bastille est prise le 14/07/1789.';
    const result = scoreRecall(items, written);
    const recalled = result.items.filter((i) => i.found).map((i) => i.text);
    expect(recalled).toEqual(expect.arrayContaining(['Révolution française', '5 mai 1789', '14 juillet 1789', 'Louis XVI', 'Versailles']));
    expect(recalled).not.toContain('Napoléon Bonaparte');
    expect(result.score).toBeCloseTo(recalled.length / items.length, 10);
    expect(result.score!).toBeGreaterThan(0.1);
    expect(result.score!).toBeLessThan(0.6);
    expect(scoreRecall([], 'rien').score).toBeNull();
    expect(scoreRecall(items, '').score).toBe(0);
  });
});
