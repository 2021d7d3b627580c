/**
 * Cards from a table, read as a person's files are: csv-spectrum's acid tests for quoted
 * fields (tests/fixtures/card-tables/README.md), a Quizlet export with its two separators,
 * a French spreadsheet's semicolon CSV and an Anki text export with its header lines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CardTableError, readCardTable, suggestMapping, tableCards, type TableOptions } from '../../worker/src/domain/card-table';

const folder = path.resolve('tests/fixtures/card-tables');
const fixture = (name: string) => readFileSync(path.join(folder, name), 'utf8');
const AUTO: TableOptions = { delimiter: 'auto', row_separator: 'newline', has_header: null };

describe('reading a table', () => {
  const spectrum = readdirSync(path.join(folder, 'csv-spectrum')).filter((f) => f.endsWith('.csv'));
  it.each(spectrum)('reads csv-spectrum %s as its JSON twin says', (file) => {
    const table = readCardTable(fixture(`csv-spectrum/${file}`), { ...AUTO, has_header: true });
    const expected = JSON.parse(fixture(`csv-spectrum/${file.replace('.csv', '.json')}`)) as Record<string, string>[];
    const objects = table.rows.map((row) => Object.fromEntries(table.header!.map((name, i) => [name, row[i] ?? ''])));
    // Cells are trimmed (a card's side never starts or ends with blanks).
    expect(objects).toEqual(expected.map((o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, v.trim()]))));
  });

  it('reads a Quizlet export (term TAB definition per line), a stray quote included, with no header', () => {
    const table = readCardTable(fixture('quizlet-tab.txt'), AUTO);
    expect([table.delimiter, table.has_header, table.rows.length]).toEqual(['\t', false, 8]);
    expect(table.rows[0]).toEqual(['la lune', 'the moon']);
    expect(table.rows[7]).toEqual(['"la" nébuleuse', 'the nebula']);
  });

  it('reads a Quizlet export whose cards are separated by semicolons, a definition over two lines kept whole', () => {
    const table = readCardTable(fixture('quizlet-semicolon.txt'), { ...AUTO, row_separator: ';' });
    expect(table.rows.map((r) => r[0])).toEqual(['Mercure', 'Vénus', 'Mars', 'Jupiter', 'Mercure']);
    expect(table.rows[1]).toEqual(['Vénus', 'planète la plus chaude,\nà cause de son effet de serre']);
  });

  it('reads a French spreadsheet: BOM, semicolons, quoted semicolons and quotes, CRLF, its header mapped', () => {
    const table = readCardTable(fixture('excel-fr.csv'), AUTO);
    expect([table.delimiter, table.header]).toEqual([';', ['Recto', 'Verso', 'Étiquettes']]);
    expect(table.rows[1]![1]).toBe('La distance parcourue par la lumière en un an ; "unité" de distance, pas de temps');
    expect(suggestMapping(table)).toEqual({ front: 0, back: 1, tags: 2, concept: null });
    const { cards, incomplete } = tableCards(table, suggestMapping(table));
    expect(cards.map((c) => c.tags)).toEqual([['lune', 'distances'], ['distances'], ['planètes']]);
    expect(incomplete).toBe(1);
  });

  it("honours an Anki text export's #separator and #tags column lines", () => {
    const table = readCardTable(fixture('anki-notes.txt'), AUTO);
    expect([table.delimiter, table.rows.length, table.has_header]).toEqual(['\t', 3, false]);
    expect(suggestMapping(table)).toEqual({ front: 0, back: 1, tags: 2, concept: null });
    expect(tableCards(table, suggestMapping(table)).cards[2]).toEqual({ question: "Capitale de l'<b>Australie</b>", answer: 'Canberra', tags: ['géographie', 'océanie'], concept: null });
  });

  it('refuses with French sentences: no row, one column, a column used twice, a side too long', () => {
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return error instanceof CardTableError ? [error.code, error.message] : error;
      }
      return null;
    };
    expect(refusal(() => readCardTable(' \n\n', AUTO))).toEqual(['table_empty', expect.stringContaining('aucune ligne')]);
    const single = readCardTable('un\ndeux\ntrois', AUTO);
    expect(refusal(() => tableCards(single, { front: 0, back: 0, tags: null, concept: null }))).toEqual(['table_mapping', expect.stringContaining('Une seule colonne')]);
    const pairs = readCardTable('un;1\ndeux;2', AUTO);
    expect(refusal(() => tableCards(pairs, { front: 0, back: 0, tags: null, concept: null }))).toEqual(['table_mapping', expect.stringContaining('deux rôles')]);
    expect(refusal(() => tableCards(pairs, { front: 0, back: 2, tags: null, concept: null }))).toEqual(['table_mapping', expect.stringContaining('colonne(s)')]);
    const long = readCardTable(`a,b\nq,${'x'.repeat(10_001)}`, AUTO);
    expect(refusal(() => tableCards(long, { front: 0, back: 1, tags: null, concept: null }))).toEqual(['card_too_long', expect.stringContaining('Ligne 2')]);
  });
});
