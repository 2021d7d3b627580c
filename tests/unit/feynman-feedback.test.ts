import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { keyItemsOf } from '@domain/flashcard-generator';
import { commonWordSet, feynmanFeedback } from '@domain/feynman-feedback';

const require = createRequire(import.meta.url);
/** The common-French list the page uses: @zxcvbn-ts/language-fr's commonWords (OpenSubtitles frequencies). */
const common = commonWordSet(require('@zxcvbn-ts/language-fr/src/commonWords.json') as string[]);
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.txt`, import.meta.url), 'utf8');
const concept = keyItemsOf(fixture('generator-mitochondrie'));

describe('Feynman feedback', () => {
  it('finds no jargon in a plain explanation, and says which key facts it never mentions', () => {
    const feedback = feynmanFeedback(fixture('feynman-simple'), concept, common);
    expect(feedback.jargon).toEqual([]);
    expect(feedback.longSentences).toEqual([]);
    expect(feedback.tooShort).toBe(false);
    // 'Cette usine, c'est la mitochondrie' explains the term.
    expect(feedback.unexplainedTerms).toEqual([]);
    expect(feedback.missingTerms).toEqual(expect.arrayContaining(['Lynn Margulis', '1967', 'ADN']));
    expect(feedback.missingTerms).not.toContain('mitochondrie');
  });

  it('flags the jargon, the long sentence and the concept’s terms used unexplained in a technical one', () => {
    const feedback = feynmanFeedback(fixture('feynman-jargon'), concept, common);
    expect(feedback.jargon).toEqual(expect.arrayContaining(['phosphorylation', 'oxydative', 'enzymatiques', 'électrochimique', 'synthase', 'eucaryotes', 'membrane']));
    // Everyday words are not jargon, whatever their inflection.
    for (const word of ['pompent', 'produire', 'nécessaire', 'chaîne', 'générer', 'complexes', 'exploite', 'respiratoire']) expect(feedback.jargon).not.toContain(word);
    expect(feedback.longSentences).toHaveLength(1);
    expect(feedback.longSentences[0]!.words).toBeGreaterThan(25);
    expect(feedback.unexplainedTerms).toContain('mitochondrie');
    expect(feedback.tooShort).toBe(false);
  });

  it('counts words and sentences, and calls a few words too short', () => {
    const feedback = feynmanFeedback('La mitochondrie, c’est la pile de la cellule. Elle donne de l’énergie.', concept, common);
    expect(feedback).toMatchObject({ wordCount: 12, sentenceCount: 2, tooShort: true, jargon: [], unexplainedTerms: [] });
  });

  it('counts a term explained by « appelé », a colon or a parenthesis', () => {
    const term = [{ text: 'mitochondrie', kind: 'term' as const, sentence: null }];
    expect(feynmanFeedback('Une usine appelée mitochondrie fait de l’énergie.', term, common).unexplainedTerms).toEqual([]);
    expect(feynmanFeedback('La mitochondrie (une petite usine) fait de l’énergie.', term, common).unexplainedTerms).toEqual([]);
    expect(feynmanFeedback('La mitochondrie fait de l’énergie.', term, common).unexplainedTerms).toEqual(['mitochondrie']);
  });
});
