/**
 * Where SQL and the database may appear in the Worker: statements live in db/queries
 * (services call them; routes never hold SQL), D1 is reached only through
 * db/database.ts, so moving people's data to several databases is a change in one file,
 * and a D1 row gets its type in one place: the statement builder that reads it
 * (`query<Row>`/`rawQuery` of db/rows.ts, on schema columns), never by the code reading it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(__dirname, '../../worker/src');
const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => f.split(path.sep).join('/'));
const holding = (pattern: RegExp, under = '') => files.filter((f) => f.startsWith(under) && pattern.test(readFileSync(path.join(src, f), 'utf8'))).sort();

/**
 * A D1 result typed by the code that reads it: a row type given to `.first<T>()`, `.all<T>()`,
 * `.raw<T>()` or `.batch<T>()`, an untyped `.first()`/`.all()`/`.raw()`, or a cast on a result's
 * `.results` (`results as Row[]`, `results[0] as Row`, `as unknown as`).
 */
const HAND_TYPED_RESULT = /\.(first|all|raw|batch)\s*<|(?<!Promise)\.(first|all|raw)\(|\.results\b(\[[^\]]*\])?!?\)?\s+as\s/;

/**
 * The one service that prepares its own statements: the Anki package builder writes SQL
 * into the SQLite file of an .apkg, not into D1.
 */
const SERVICES_HOLDING_SQL = ['services/apkg-export.ts'];

describe('where the Worker keeps its SQL', () => {
  it('reaches D1 only through db/database.ts', () => {
    expect(holding(/\benv\.DB\b/)).toEqual(['db/database.ts']);
  });

  it('prepares statements in db/queries, and in no service but the Anki package builder', () => {
    expect(holding(/\.prepare\(/, 'services/')).toEqual(SERVICES_HOLDING_SQL);
    expect(holding(/\.prepare\(/, 'routes/')).toEqual([]);
  });

  it('types D1 rows where their statement is built, never where they are read', () => {
    expect(holding(HAND_TYPED_RESULT).filter((f) => f !== 'db/rows.ts')).toEqual([]);
  });

  it('recognises each way of typing a D1 result by hand', () => {
    const handTyped = [
      "const row = await d1.prepare('SELECT 1').first<{ n: number }>();",
      'const { results } = await statement.all<NoteRow>();',
      'const rows = await statement.raw<[number, string]>();',
      'const [a, b] = await d1.batch<Record<string, unknown>>([x, y]);',
      'const note = notes!.results[0] as NoteRow | undefined;',
      'const rows = blocks!.results as unknown as BlockRow[];',
      'rows: (days!.results as DayRow[]).map(toDay),',
      'const found = await statement.first();',
    ];
    expect(handTyped.filter((line) => !HAND_TYPED_RESULT.test(line))).toEqual([]);
    const typedWhereBuilt = ['const rows = await allRows(selectRecentNotes(d1, userId, 5));', 'const [a, b] = await Promise.all([one(), two()]);', 'const read = await runBatch(d1, statements);'];
    expect(typedWhereBuilt.filter((line) => HAND_TYPED_RESULT.test(line))).toEqual([]);
  });
});
