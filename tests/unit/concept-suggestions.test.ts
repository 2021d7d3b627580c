import { describe, expect, it } from 'vitest';
import { SUGGESTION_LIMIT, suggestConcepts } from '../../worker/src/domain/concept-suggestions';
import { importedDoc, textToDoc } from '../../worker/src/domain/import-content';
import { markdownToDoc } from '../../worker/src/domain/markdown';
import { docToPlainText } from '../../worker/src/domain/richtext';
import { normaliseTitle } from '../../worker/src/domain/title-matcher';

const suggest = (markdown: string, existing: string[] = []) => {
  const doc = markdownToDoc(markdown);
  const keys = new Set(existing.map(normaliseTitle));
  return suggestConcepts(doc, docToPlainText(doc), (key) => keys.has(key));
};

describe('suggestConcepts', () => {
  const article = `# La photosynthèse

## Cycle de Calvin

Le **cycle de Calvin** fixe le carbone. La Révolution Verte et la Révolution Verte encore.
Le **Rubisco** agit. Puis le **rubisco** encore.`;

  it('ranks by where a term is seen (heading 3, bold 2, recurring name 1) and how often', () => {
    // Cycle de Calvin: heading + bold = 5; Rubisco: bold twice = 4; photosynthèse: heading = 3; Révolution Verte: twice = 2.
    expect(suggest(article)).toEqual(['Cycle de Calvin', 'Rubisco', 'photosynthèse', 'Révolution Verte']);
  });

  it('never suggests a concept that already exists, in any case or accent', () => {
    expect(suggest(article, ['PHOTOSYNTHESE', 'rubisco'])).toEqual(['Cycle de Calvin', 'Révolution Verte']);
  });

  it('ignores names seen once, sentences and bare punctuation', () => {
    expect(suggest('Hier Jean Dupont est venu.\n\n**!!!**\n\n## Ceci est un titre bien trop long pour être un concept')).toEqual([]);
  });

  it(`suggests at most ${SUGGESTION_LIMIT}`, () => {
    const many = Array.from({ length: 30 }, (_, i) => `## Notion ${String.fromCharCode(65 + (i % 26))}${i}`).join('\n\n');
    expect(suggest(many)).toHaveLength(SUGGESTION_LIMIT);
  });
});

describe('textToDoc and importedDoc', () => {
  it('makes one paragraph per blank-line-separated block, single newlines as line breaks', () => {
    expect(textToDoc('un\ndeux\n\n\n  trois  \r\n\r\n')).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'un' }, { type: 'hardBreak' }, { type: 'text', text: 'deux' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'trois' }] },
      ],
    });
  });

  it('reads each format as it says', () => {
    expect(importedDoc('# Titre', 'markdown').content[0]!.type).toBe('heading');
    expect(importedDoc('# Titre', 'text').content[0]).toEqual({ type: 'paragraph', content: [{ type: 'text', text: '# Titre' }] });
    const doc = { type: 'doc' as const, content: [{ type: 'paragraph' }] };
    expect(importedDoc(doc, 'doc')).toEqual(doc);
    expect(importedDoc(JSON.stringify(doc), 'doc')).toEqual(doc);
  });
});

describe('suggestConcepts cleaning', () => {
  it('drops leading articles and the quotes around a term', () => {
    expect(suggest('## Les « boîtes noires »\n\n## L’algorithme')).toEqual(['boîtes noires', 'algorithme']);
  });
});
