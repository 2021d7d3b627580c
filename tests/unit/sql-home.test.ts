/**
 * Where SQL and the database may appear in the Worker: statements live in db/queries
 * (services call them; routes never hold SQL), and D1 is reached only through
 * db/database.ts, so moving people's data to several databases is a change in one file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.resolve(__dirname, '../../worker/src');
const files = (readdirSync(src, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => f.split(path.sep).join('/'));
const holding = (pattern: RegExp, under = '') => files.filter((f) => f.startsWith(under) && pattern.test(readFileSync(path.join(src, f), 'utf8'))).sort();

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
});
