import { describe, expect, it } from 'vitest';
import { isNoteDate, localNoteDate, longFrenchDate, shiftNoteDate } from '../../worker/src/domain/daily-dates';
import { deriveBlock, blockWithinLimit } from '../../worker/src/domain/daily-blocks';
import { parseClippings, parseHighlightList, parseHighlights, highlightIdentity } from '../../worker/src/domain/clippings';
import { noteToJson, noteToMarkdown, parseNoteJson, parseNoteMarkdown, NoteFileError } from '../../worker/src/domain/daily-transfer';

const doc = (...content: object[]) => JSON.stringify({ type: 'doc', content });
const para = (text: string, marks?: object[]) => ({ type: 'paragraph', content: [{ type: 'text', text, ...(marks ? { marks } : {}) }] });

describe('daily-note dates', () => {
  it('accepts only real calendar dates written yyyy-MM-dd', () => {
    expect(['2026-02-28', '2024-02-29', '2026-12-31'].every(isNoteDate)).toBe(true);
    expect(['2026-02-30', '2025-02-29', '26-1-1', '2026-1-01', '2026-00-10', '2026-13-01', ' 2026-01-01', ''].some(isNoteDate)).toBe(false);
  });

  it('shifts across months and years and writes the long French form', () => {
    expect(shiftNoteDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftNoteDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(longFrenchDate('2026-11-25')).toBe('mercredi 25 novembre 2026');
  });

  it("takes today from the local calendar, not UTC", () => {
    // 23:30 local time on the 25th stays the 25th whatever UTC says.
    expect(localNoteDate(new Date(2026, 10, 25, 23, 30))).toBe('2026-11-25');
    expect(localNoteDate(new Date(2026, 0, 1, 0, 5))).toBe('2026-01-01');
  });
});

describe('daily-note blocks', () => {
  it('derives plain text and the titles and ids a block mentions, once each whatever the case or accents', () => {
    const text = doc(
      para('Voir [[Énergie]] et [[energie]] puis [[Travail]]'),
      para('Mitochondrie', [{ type: 'conceptLink', attrs: { href: '/concepts/42', title: 'Mitochondrie' } }]),
      para('Ribosome', [{ type: 'pendingConceptLink', attrs: { name: 'Ribosome' } }]),
    );
    const d = deriveBlock(text);
    expect(d.plainText).toBe('Voir [[Énergie]] et [[energie]] puis [[Travail]]\nMitochondrie\nRibosome');
    expect(d.titles).toEqual(['Énergie', 'Travail', 'Mitochondrie', 'Ribosome']);
    expect(d.titleKeys).toEqual(['energie', 'travail', 'mitochondrie', 'ribosome']);
    expect(d.ids).toEqual([42]);
  });

  it('reads [[links]] in HTML blocks and counts the written characters against the limit', () => {
    expect(deriveBlock('<p>Un <b>[[Atome]]</b></p>').titles).toEqual(['Atome']);
    expect(blockWithinLimit(doc(para('a'.repeat(100_000))))).toBe(true);
    expect(blockWithinLimit(doc(para('a'.repeat(100_001))))).toBe(false);
  });
});

describe('highlights', () => {
  const kindle = [
    'Sapiens (Harari, Yuval)',
    '- Your Highlight on page 12 | Location 180-182 | Added on Monday, 3 March 2025 10:00:00',
    '',
    'Culture tends to argue that it forbids only that which is unnatural.',
    '==========',
    'Sapiens (Harari, Yuval)',
    '- Your Bookmark on page 20 | Location 300 | Added on Monday, 3 March 2025 10:05:00',
    '',
    '',
    '==========',
    'Sapiens (Harari, Yuval)',
    '- Your Note on page 21 | Added on Monday',
    '',
    'À relire',
    '==========',
  ].join('\r\n');

  it('reads a clippings file, skipping bookmarks', () => {
    expect(parseClippings(`\uFEFF${kindle}`)).toEqual([
      { source: 'Sapiens (Harari, Yuval)', text: 'Culture tends to argue that it forbids only that which is unnatural.' },
      { source: 'Sapiens (Harari, Yuval)', text: 'À relire' },
    ]);
  });

  it('reads a Markdown bullet list, a heading naming the source', () => {
    expect(parseHighlightList('# Essais\n- Que sais-je ?\n* Rien\n\nTexte libre\n')).toEqual([
      { source: 'Essais', text: 'Que sais-je ?' },
      { source: 'Essais', text: 'Rien' },
    ]);
    expect(parseHighlights('- seul')).toEqual([{ source: '', text: 'seul' }]);
  });

  it('identifies a highlight by its source and text, ignoring spacing and case of the source', () => {
    expect(highlightIdentity({ source: 'Livre', text: 'a  b' })).toBe(highlightIdentity({ source: 'LIVRE ', text: 'a b' }));
    expect(highlightIdentity({ source: 'Livre', text: 'a' })).not.toBe(highlightIdentity({ source: 'Autre', text: 'a' }));
  });
});

describe('note files', () => {
  const note = {
    date: '2026-03-07',
    title: null,
    blocks: [
      { text: doc({ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Titre' }] }, { type: 'taskList', content: [{ type: 'taskItem', attrs: { checked: true }, content: [para('fait')] }] }) },
      { text: doc({ type: 'blockquote', content: [para('citation')] }) },
    ],
  };

  it('round-trips JSON exactly', () => {
    expect(parseNoteJson(noteToJson(note))).toEqual(note);
  });

  it('keeps headings, tasks and quotes and the blocks apart through Markdown', () => {
    const md = noteToMarkdown(note);
    expect(md).toContain('## Titre');
    expect(md).toContain('- [x] fait');
    const back = parseNoteMarkdown(md);
    expect(back.date).toBe('2026-03-07');
    expect(back.blocks.map((b) => JSON.parse(b.text).content[0].type)).toEqual(['heading', 'blockquote']);
    expect(JSON.parse(back.blocks[0]!.text).content[1].type).toBe('taskList');
  });

  it('takes a leading --- block for a thematic break unless it holds keys, and keeps a leading indented code block (CommonMark spec §4.1, §4.4)', () => {
    // §4.1: `---` alone is a thematic break (the next `---` under a line makes it a setext heading); none of it is front matter.
    const rule = parseNoteMarkdown('---\nUne pensée du jour.\n---\nSuite.\n');
    expect([rule.date, rule.title]).toEqual(['', null]);
    expect(JSON.parse(rule.blocks[0]!.text).content.map((n: { type: string }) => n.type)).toEqual(['horizontalRule', 'heading', 'paragraph']);
    expect(JSON.stringify(rule.blocks)).toContain('Une pensée du jour.');
    // §4.4's first example: a chunk indented four spaces is code, also at the very start of the file.
    const code = parseNoteMarkdown('    a simple\n      indented code block\n');
    expect(JSON.parse(code.blocks[0]!.text).content).toEqual([{ type: 'codeBlock', attrs: { language: null }, content: [{ type: 'text', text: 'a simple\n  indented code block' }] }]);
    const front = parseNoteMarkdown('---\ndate: 2026-03-07\ntitle: "Jour"\n---\nTexte\n');
    expect([front.date, front.title, front.blocks.length]).toEqual(['2026-03-07', 'Jour', 1]);
  });

  it('refuses broken JSON and JSON that is not a note', () => {
    expect(() => parseNoteJson('{broken')).toThrow(NoteFileError);
    expect(() => parseNoteJson('{"blocks": [{"nope": 1}]}')).toThrow(NoteFileError);
    expect(() => parseNoteJson('[1,2]')).toThrow(NoteFileError);
  });
});
