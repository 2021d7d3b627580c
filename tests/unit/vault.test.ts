import { describe, expect, it } from 'vitest';
import { logseqCards, obsidianCards } from '../../worker/src/domain/vault-cards';
import { cardMarkdown, fileNameOf } from '../../worker/src/domain/vault-export';
import { dailyNoteDate, inlineTags, readFrontMatter, stableHex, vaultEntries } from '../../worker/src/domain/vault-pages';

describe('cards written in notes', () => {
  it('reads the Spaced Repetition plugin cards and leaves code and plain paragraphs alone', () => {
    const note = ['A::B', '', '```', 'x::y', '```', '', 'Seulement du texte.', '', 'Q long', '??', 'R long'].join('\n');
    expect(obsidianCards(note)).toEqual([
      { question: 'A', answer: 'B' },
      { question: 'Q long', answer: 'R long' },
      { question: 'R long', answer: 'Q long' },
    ]);
  });

  it("takes the plugin's schedule comments, old and current, as each card's schedule", () => {
    const cards = obsidianCards(['A::B', '<!--SR:2021-08-11,4,270-->', '', 'C:::D <!--SR:!2021-08-12,5,250!2021-08-20,9,230-->'].join('\n'));
    expect(cards.map((c) => [c.question, c.schedule && new Date(c.schedule.due).toISOString().slice(0, 10), c.schedule?.intervalDays, c.schedule?.ease])).toEqual([
      ['A', '2021-08-11', 4, 2.7],
      ['C', '2021-08-12', 5, 2.5],
      ['D', '2021-08-20', 9, 2.3],
    ]);
  });

  it('reads a Logseq #card block with nested answer lines, and skips a block without an answer', () => {
    const page = ['- Capitale ? #card', '  - Paris', '    - en France', '- Seul #card', '- Autre bloc'].join('\n');
    expect(logseqCards(page)).toEqual([{ question: 'Capitale ?', answer: 'Paris\nen France' }]);
  });
});

describe('vault pages', () => {
  it('takes a leading --- block for front matter only when it holds keys', () => {
    expect(readFrontMatter('---\ntags: [a, "b c"]\n---\nTexte').values.get('tags')).toEqual(['a', 'b c']);
    const rule = readFrontMatter('---\nUne ligne\n---\nTexte');
    expect([rule.values.size, rule.body]).toEqual([0, '---\nUne ligne\n---\nTexte']);
  });

  it('finds #tags outside code, never a number or a heading', () => {
    expect(inlineTags('# Titre\nUn #tag, `#code` et #2024 puis #[[deux mots]]')).toEqual(['tag', 'deux mots']);
  });

  it('names daily notes by their day only when it is a real date', () => {
    expect(dailyNoteDate('journals/2024_02_29.md', 'logseq')).toBe('2024-02-29');
    expect(dailyNoteDate('journals/2023_02_29.md', 'logseq')).toBeNull();
    expect(dailyNoteDate('Daily/2024-03-15.md', 'obsidian')).toBe('2024-03-15');
    expect(dailyNoteDate('pages/2024-03-15 plan.md', 'obsidian')).toBeNull();
  });

  it('sorts a zip into pages and attachments without settings, trash or Logseq internals', () => {
    const sorted = vaultEntries(['g/logseq/config.edn', 'g/logseq/bak/pages/A.md', 'g/pages/A.md', 'g/.trash/B.md', 'g/assets/i.png', 'g/journals/2024_01_01.md']);
    expect(sorted.kind).toBe('logseq');
    expect([...sorted.pages.values()]).toEqual(['pages/A.md', 'journals/2024_01_01.md']);
    expect([...sorted.attachments.values()]).toEqual(['assets/i.png']);
  });

  it('names the same path the same way, and two paths apart', () => {
    expect(stableHex('page:A.md')).toBe(stableHex('page:A.md'));
    expect(stableHex('page:A.md')).not.toBe(stableHex('page:B.md'));
    expect(stableHex('x')).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('vault export', () => {
  it('writes a card on one line when it can, else around a ? line without blank lines', () => {
    expect(cardMarkdown('Q', 'R')).toBe('Q::R');
    expect(cardMarkdown('std::vector ?', 'un tableau')).toBe('std::vector ?\n?\nun tableau');
    expect(cardMarkdown('Q', 'un\n\ndeux')).toBe('Q\n?\nun\ndeux');
    expect(obsidianCards(cardMarkdown('Q', 'un\n\ndeux'))).toEqual([{ question: 'Q', answer: 'un\ndeux' }]);
  });

  it('names files as Obsidian allows', () => {
    expect(fileNameOf('Chimie/Atome: [noyau] #1')).toBe('Chimie Atome noyau 1');
    expect(fileNameOf('///')).toBe('Sans titre');
  });
});
