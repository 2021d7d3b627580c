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
 * Services that still prepare their own statements, to be moved into db/queries. The Anki
 * package builder stays: it writes SQL into the SQLite file of an .apkg, not into D1.
 */
const SERVICES_STILL_HOLDING_SQL = [
  'services/apkg-export.ts',
  'services/daily-notes-transfer.ts',
  'services/data-import.ts',
  'services/live-content.ts',
  'services/review-flashcard.ts',
  'services/save-concept-content.ts',
  'services/study-session-progress.ts',
  'services/undo-review.ts',
].sort();

describe('where the Worker keeps its SQL', () => {
  it('reaches D1 only through db/database.ts', () => {
    expect(holding(/\benv\.DB\b/)).toEqual(['db/database.ts']);
  });

  it('prepares statements in db/queries, and in no service beyond those still to move', () => {
    expect(holding(/\.prepare\(/, 'services/')).toEqual(SERVICES_STILL_HOLDING_SQL);
    expect(holding(/\.prepare\(/, 'routes/')).toEqual([]);
  });
});
