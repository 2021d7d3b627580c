/**
 * A whole backup's rows are validated a slice at a time, a macrotask apart: 50,000 rows
 * are about half a second of zod, during which the isolate would answer no one else.
 */
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { validateRows, validateSection } from '../../worker/src/services/data-import';

const concept = (i: number) => ({ uid: `c${i}`, title: `Concept ${i}`, created_at: 1, updated_at: 2 });

describe("a backup's section of many rows", () => {
  it('lets other work run while its rows are validated', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => concept(i));
    let done = false;
    let ranBeforeTheEnd = false;
    setTimeout(() => (ranBeforeTheEnd = !done), 0);
    const valid = await validateSection('concepts', rows);
    done = true;
    expect(ranBeforeTheEnd).toBe(true);
    expect(valid).toEqual(validateRows('concepts', rows));
  });

  it('is refused with the issues one validation of every row gives, with their rows', async () => {
    const rows = Array.from({ length: 3_000 }, (_, i) => (i === 5 || i === 2_500 ? { ...concept(i), uid: 'pas un uid !' } : concept(i)));
    const issues = (promise: Promise<unknown>) => promise.then(() => [], (err: ZodError) => err.issues.map((issue) => issue.path));
    const whole = await issues(Promise.resolve().then(() => validateRows('concepts', rows)));
    expect(whole).toEqual([
      ['concepts', 5, 'uid'],
      ['concepts', 2_500, 'uid'],
    ]);
    expect(await issues(validateSection('concepts', rows))).toEqual(whole);
  });
});
