/**
 * Code says what it does, not which issue asked for it: an issue number in a comment or a
 * test name means nothing to the next reader, and rots once the tracker moves on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '../..');
const CODE = /\.(ts|tsx|mjs)$/;

function codeFiles(dir: string): string[] {
  return (readdirSync(path.join(root, dir), { recursive: true }) as string[])
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => CODE.test(f) && !f.includes('node_modules/'))
    .map((f) => `${dir}/${f}`);
}

describe('comments and test names', () => {
  it('name no issue numbers', () => {
    const files = ['worker/src', 'web/src', 'web/sw', 'party', 'scripts', 'tests'].flatMap(codeFiles);
    const naming = files.filter((f) => /\(issue \d+\)|\bissue \d+:/i.test(readFileSync(path.join(root, f), 'utf8')));
    expect(naming).toEqual([]);
  });
});
